/**
 * The embedded provider's own mail (address verification, password reset,
 * "you already have an account"), written to the product's mail outbox so it
 * is delivered like every other mail and shows in the dev mailbox.
 *
 * Links point at the client's screens (/verify-email, /reset-password,
 * /forgot-password) on the sending partner's registered domain or the main
 * origin (see `sender`), never at better-auth's redirecting endpoints: the
 * screens explain an expired or used link themselves.
 */
import { database } from "../db";
import { defaultShard, shardBinding } from "../d1/shards";
import { dispatchMail, enqueueMail, storeMail } from "../mail/outbox";
import { hostOf, resolveTenant } from "../tenant/resolve";
import type { Language } from "../../contract/enums";
import { brandReads, brandsFrom, productBrand, recipientLanguage, recipientPartners, usersByEmail, type PartnerMail } from "../data/mail-context";
import { alreadyRegisteredMail, resetPasswordMail, verifyAddressMail } from "../mail/account-mail";

type MailEnv = Pick<Env, "DB" | "UPLOADS" | "MAIL_QUEUE" | "MAIN_HOST" | "MAIN_ORIGIN" | "APP_ENV" | "DEFAULT_SHARD">;

/** Where to go after the link: a same-origin path only (anything else is the post-auth screen). */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/post-auth";
  return value;
}

/** The callbackURL better-auth put in its own link (the client passes "/post-auth?…"). */
function callbackOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get("callbackURL");
  } catch {
    return null;
  }
}

/**
 * Who the mail speaks for, where its links go, and the recipient's language.
 *
 * The partner is known from the server's side only, never from a URL the
 * client sends (a callbackURL or its redirectUrl names any partner the
 * sender likes): first the host the request came to, when it is a partner's
 * connected domain and the recipient is that partner's or nobody's yet
 * (another partner's domain never speaks to a partner's people: anyone can
 * type their address there); else the partner the recipient belongs to
 * (their active memberships and the invites addressed to them, each
 * account's partner), when that is exactly one; else the product. Links go to that partner's
 * registered domain (worker/data/mail-context.ts), else to MAIN_ORIGIN; never
 * to the scheme and host a request names. The language is the recipient's
 * stored preference, else that partner's default, else en-US.
 */
async function sender(env: MailEnv, origin: string, email: string): Promise<{ partner: PartnerMail; accountId: string | null; language: Language }> {
  const db = database(env.DB);
  const tenant = await resolveTenant(db, hostOf(origin), env.MAIN_HOST).catch(() => null);
  const address = email.toLowerCase();
  const hostPartner = tenant?.mode === "satellite" ? (tenant.partner?.id ?? null) : null;
  // The recipient's language, their partners and the host's, and those partners' branding in one D1 round trip.
  const [users, accounts, stylings, domains, hostAccount, hostStyling, hostDomains] = await db.batch([
    usersByEmail(db, [address]),
    ...brandReads(db, recipientPartners(db, address)),
    ...brandReads(db, hostPartner ? [hostPartner] : []),
  ]);
  const theirs = brandsFrom(env, [accounts, stylings, domains]);
  const partner =
    hostPartner && (theirs.size === 0 || theirs.has(hostPartner))
      ? brandsFrom(env, [hostAccount, hostStyling, hostDomains]).get(hostPartner)
      : theirs.size === 1
        ? [...theirs.values()][0]
        : undefined;
  return { partner: partner ?? productBrand(env), accountId: partner?.partnerId ?? null, language: recipientLanguage(users[0], partner) };
}

/** Written to the default shard's outbox: the outbox lives on shards, and this mail comes before any account (and shard) of its recipient. */
async function send(env: MailEnv, mail: { to: string; subject: string; text: string; html: string; accountId: string | null; fromName: string }) {
  const shard = defaultShard(env);
  const db = database(shardBinding(env, shard));
  const [stored] = await storeMail(env.UPLOADS, [mail]);
  await enqueueMail(db, stored!);
  await dispatchMail(env, [stored!.id], shard);
}

/** The "confirm your address" mail; the link lands on /verify-email with the token. */
export async function sendVerificationMail(env: MailEnv, origin: string, user: { email: string; name: string }, token: string, betterAuthUrl: string) {
  const next = safeNext(callbackOf(betterAuthUrl));
  const from = await sender(env, origin, user.email);
  const link = `${from.partner.brand.origin}/verify-email?token=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`;
  const mail = verifyAddressMail({ language: from.language, brand: from.partner.brand, recipientName: user.name || null, link });
  await send(env, { to: user.email, accountId: from.accountId, fromName: from.partner.brand.platformName, ...mail });
}

/** The password reset mail; the link lands on /reset-password with the token. */
export async function sendResetMail(env: MailEnv, origin: string, user: { email: string; name: string }, token: string) {
  const from = await sender(env, origin, user.email);
  const link = `${from.partner.brand.origin}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = resetPasswordMail({ language: from.language, brand: from.partner.brand, recipientName: user.name || null, link });
  await send(env, { to: user.email, accountId: from.accountId, fromName: from.partner.brand.platformName, ...mail });
}

/**
 * Someone signed up with an address that already has an account. The sign-up
 * answers exactly as for a new address (no enumeration); the owner of the
 * address learns here how to get in.
 */
export async function sendAlreadyRegisteredMail(env: MailEnv, origin: string, user: { email: string; name: string }) {
  const from = await sender(env, origin, user.email);
  const mail = alreadyRegisteredMail({
    language: from.language,
    brand: from.partner.brand,
    recipientName: user.name || null,
    link: `${from.partner.brand.origin}/forgot-password`,
  });
  await send(env, { to: user.email, accountId: from.accountId, fromName: from.partner.brand.platformName, ...mail });
}
