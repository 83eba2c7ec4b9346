/**
 * The embedded provider's own mail (address verification, password reset,
 * "you already have an account"), written to the product's mail outbox so it
 * is delivered like every other mail and shows in the dev mailbox.
 *
 * Links point at the client's screens on the origin the request came to
 * (/verify-email, /reset-password), never at better-auth's redirecting
 * endpoints: the screens explain an expired or used link themselves.
 */
import { database } from "../db";
import { dispatchMail, enqueueMail } from "../mail/outbox";
import { hostOf, resolveTenant } from "../tenant/resolve";
import type { Language } from "../../contract/enums";
import { brandReads, brandsFrom, productBrand, recipientLanguage, usersByEmail, type PartnerMail } from "../data/mail-context";
import { alreadyRegisteredMail, resetPasswordMail, verifyAddressMail } from "../mail/account-mail";

type MailEnv = Pick<Env, "DB" | "MAIL_QUEUE" | "MAIN_HOST" | "MAIN_ORIGIN" | "APP_ENV">;

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
 * Who the mail speaks for: the partner when the request came from its
 * connected domain, or from the main domain on the way back to it
 * (`redirectUrl` in the next step); the product otherwise. And the
 * recipient's language: their stored preference when they already use the
 * product, else that partner's default, else en-US.
 */
async function sender(
  env: MailEnv,
  origin: string,
  next: string,
  email: string,
): Promise<{ partner: PartnerMail; accountId: string | null; language: Language }> {
  const db = database(env.DB);
  const back = new URLSearchParams(next.split("?")[1] ?? "").get("redirectUrl");
  const host = back && URL.canParse(back) ? hostOf(back) : hostOf(origin);
  const tenant = await resolveTenant(db, host, env.MAIN_HOST).catch(() => null);
  const partnerId = tenant?.partner?.id ?? null;
  // The recipient's language and the partner's branding in one D1 round trip.
  const [users, ...rows] = await db.batch([usersByEmail(db, [email.toLowerCase()]), ...brandReads(db, partnerId ? [partnerId] : [])]);
  const partner = partnerId ? brandsFrom(env, rows).get(partnerId) : undefined;
  const chosen = partner ?? productBrand(env);
  return { partner: chosen, accountId: partner ? partnerId : null, language: recipientLanguage(users[0], partner) };
}

async function send(env: MailEnv, mail: { to: string; subject: string; text: string; html: string; accountId: string | null; fromName: string }) {
  const db = database(env.DB);
  const id = crypto.randomUUID();
  await enqueueMail(db, { id, ...mail });
  await dispatchMail(env, [id]);
}

/** The "confirm your address" mail; the link lands on /verify-email with the token. */
export async function sendVerificationMail(env: MailEnv, origin: string, user: { email: string; name: string }, token: string, betterAuthUrl: string) {
  const next = safeNext(callbackOf(betterAuthUrl));
  const link = `${origin}/verify-email?token=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`;
  const from = await sender(env, origin, next, user.email);
  const mail = verifyAddressMail({ language: from.language, brand: from.partner.brand, recipientName: user.name || null, link });
  await send(env, { to: user.email, accountId: from.accountId, fromName: from.partner.brand.platformName, ...mail });
}

/** The password reset mail; the link lands on /reset-password with the token. */
export async function sendResetMail(env: MailEnv, origin: string, user: { email: string; name: string }, token: string, betterAuthUrl: string) {
  const next = safeNext(callbackOf(betterAuthUrl));
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  const from = await sender(env, origin, next, user.email);
  const mail = resetPasswordMail({ language: from.language, brand: from.partner.brand, recipientName: user.name || null, link });
  await send(env, { to: user.email, accountId: from.accountId, fromName: from.partner.brand.platformName, ...mail });
}

/**
 * Someone signed up with an address that already has an account. The sign-up
 * answers exactly as for a new address (no enumeration); the owner of the
 * address learns here how to get in.
 */
export async function sendAlreadyRegisteredMail(env: MailEnv, origin: string, user: { email: string; name: string }) {
  const from = await sender(env, origin, "/", user.email);
  const mail = alreadyRegisteredMail({
    language: from.language,
    brand: from.partner.brand,
    recipientName: user.name || null,
    link: `${origin}/forgot-password`,
  });
  await send(env, { to: user.email, accountId: from.accountId, fromName: from.partner.brand.platformName, ...mail });
}
