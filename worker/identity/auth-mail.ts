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

type MailEnv = Pick<Env, "DB" | "MAIL_QUEUE" | "MAIN_HOST">;

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
 * The platform name the mail speaks in: the partner's when the request came
 * from its connected domain, or from the main domain on the way back to it
 * (`redirectUrl` in the next step); the product's otherwise.
 */
async function platformName(env: MailEnv, origin: string, next: string): Promise<{ name: string; accountId: string | null }> {
  const db = database(env.DB);
  const back = new URLSearchParams(next.split("?")[1] ?? "").get("redirectUrl");
  const host = back && URL.canParse(back) ? hostOf(back) : hostOf(origin);
  const tenant = await resolveTenant(db, host, env.MAIN_HOST).catch(() => null);
  return { name: tenant?.styling.platformName || "TechFIT", accountId: tenant?.partner?.id ?? null };
}

function paragraphsHtml(lines: string[], link?: { href: string; label: string }): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const body = lines.map((l) => `<p>${esc(l)}</p>`).join("");
  const button = link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p><p>${esc(link.href)}</p>` : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}${button}</body></html>`;
}

async function send(env: MailEnv, mail: { to: string; subject: string; text: string; html: string; accountId: string | null }) {
  const db = database(env.DB);
  const id = crypto.randomUUID();
  await enqueueMail(db, { id, ...mail });
  await dispatchMail(env, [id]);
}

/** The "confirm your address" mail; the link lands on /verify-email with the token. */
export async function sendVerificationMail(env: MailEnv, origin: string, user: { email: string; name: string }, token: string, betterAuthUrl: string) {
  const next = safeNext(callbackOf(betterAuthUrl));
  const link = `${origin}/verify-email?token=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`;
  const platform = await platformName(env, origin, next);
  const hello = user.name ? `Hi ${user.name},` : "Hi,";
  const lines = [
    hello,
    `Please confirm that this is your email address to finish creating your ${platform.name} account.`,
    "The link works for 24 hours. If you didn't sign up, you can ignore this email.",
  ];
  await send(env, {
    to: user.email,
    accountId: platform.accountId,
    subject: `Confirm your email address for ${platform.name}`,
    text: `${lines[0]}\n\n${lines[1]}\n\nConfirm your email address:\n${link}\n\n${lines[2]}`,
    html: paragraphsHtml(lines.slice(0, 2), { href: link, label: "Confirm your email address" }) + paragraphsHtml([lines[2]]),
  });
}

/** The password reset mail; the link lands on /reset-password with the token. */
export async function sendResetMail(env: MailEnv, origin: string, user: { email: string; name: string }, token: string, betterAuthUrl: string) {
  const next = safeNext(callbackOf(betterAuthUrl));
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  const platform = await platformName(env, origin, next);
  const hello = user.name ? `Hi ${user.name},` : "Hi,";
  const lines = [
    hello,
    `Someone asked to reset the password of your ${platform.name} account. Choose a new password here:`,
    "The link works for one hour and only once. If you didn't ask for this, you can ignore this email: your password stays as it is.",
  ];
  await send(env, {
    to: user.email,
    accountId: platform.accountId,
    subject: `Reset your ${platform.name} password`,
    text: `${lines[0]}\n\n${lines[1]}\n${link}\n\n${lines[2]}`,
    html: paragraphsHtml(lines.slice(0, 2), { href: link, label: "Choose a new password" }) + paragraphsHtml([lines[2]]),
  });
}

/**
 * Someone signed up with an address that already has an account. The sign-up
 * answers exactly as for a new address (no enumeration); the owner of the
 * address learns here how to get in.
 */
export async function sendAlreadyRegisteredMail(env: MailEnv, origin: string, user: { email: string; name: string }) {
  const platform = await platformName(env, origin, "/");
  const hello = user.name ? `Hi ${user.name},` : "Hi,";
  const lines = [
    hello,
    `Someone tried to create a ${platform.name} account with this email address, but it already has one.`,
    "If that was you, sign in, or choose a new password if you've forgotten it:",
  ];
  const link = `${origin}/forgot-password`;
  await send(env, {
    to: user.email,
    accountId: platform.accountId,
    subject: `You already have a ${platform.name} account`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${lines[2]}\n${link}\n\nIf it wasn't you, you can ignore this email.`,
    html: paragraphsHtml(lines, { href: link, label: "Reset your password" }),
  });
}
