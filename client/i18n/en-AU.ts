import { enGB } from "./en-GB";
import { enAUFirst } from "./en-AU.first";
import type { Catalogue } from "./en-US";

/**
 * The en-AU catalogue: Australian spelling follows British (organisation,
 * colour, customise, favourite, cancelled, licence the noun), so it is en-GB
 * with the few keys where Australian English differs: program in every
 * sense, as Australian style guides write it.
 */
export const enAU: Catalogue = {
  ...enGB,
  ...enAUFirst,
  "home.linkUnderWay": "Moving your organisation to your provider. This takes a moment; Home updates when it's done.",
  "toast.linkPartnerSlow.description": "Your organisation is still moving to your provider. Home will show it linked in a few minutes.",
  "auth.signUp.partner": "Join the Partner Program",
  "topBar.partnerAccounts": "Your partner accounts",
  "topBar.noProvider": "Not with a provider yet",
  "message.inviteDailyLimit": "You've reached today's invite limit for this organisation. Try again tomorrow.",
  "auth.invite.signUpSubtitle": "Create your {platform} account with the address the invite was sent to, and you'll join the organisation that invited you.",
  "nav.programLibrary": "Program Library",
  "enum.SlotItemType.program": "Program",
  "branding.markHint":
    "Used where a wide logo would not fit (the browser tab, the phone's top bar, the organisation avatar). About square, such as {width} × {height} px. PNG or WebP, under 50MB.",
  "availability.deliveredFor": "{title} (for {partner})",
  "profile.currencyFromPartner": "Your provider's currency: its prices are in it, so it is set by your provider.",
  "profile.currencyChange.title": "Change your currency to {to}?",
  "profile.currencyChange.follow_one": "{count} customer moves from {from} to {to} with you.",
  "profile.currencyChange.follow_other": "{count} customers move from {from} to {to} with you.",
  "profile.currencyChange.keep_one": "{count} customer keeps its currency for now: {reasons}. It moves to {to} once those end.",
  "profile.currencyChange.keep_other": "{count} customers keep their currency for now: {reasons}. They move to {to} once those end.",
  "profile.currencyChange.keepBookings": "{count} with open bookings priced in it",
  "profile.currencyChange.keepPrices": "{count} with prices of their own in it",
  "profile.currencyChange.plans": "Your plans keep the price and currency they have.",
  "profile.currencyChange.confirm": "Change currency",
  "profile.currencyChange.refused": "These price groups have prices only in {from}: {groups}. Price them in {to} first.",
  "profile.currencyChange.refusedTitle": "We couldn't change your currency",
  "profile.currencyKept_one": "{count} customer still pays in another currency: {reasons}. It moves to {to} once those end.",
  "profile.currencyKept_other": "{count} customers still pay in another currency: {reasons}. They move to {to} once those end.",
  "enum.AuditCode.accountCurrencyChanged": "Partner's currency changed",
  "enum.AuditCode.customerCurrencyChanged": "Currency changed to the provider's",
  "enum.AuditCode.bookedSessionsOverlap": "Booked sessions overlap (both kept)",
  "enum.AuditCode.planSettled": "Plan stopped: the customer moved to another provider",
  "enum.AuditField.currency": "currency",
  "toast.paused.title": "Changes are paused for a few minutes",
  "toast.paused.description":
    "This organisation's data is being moved to another data centre, so nothing can be saved for a few minutes. Please try again shortly.",
};
