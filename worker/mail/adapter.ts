/**
 * Mail adapters: where an outbox row is delivered. In production an HTTP mail
 * provider configured by env (MAIL_API_URL, MAIL_API_KEY as a secret,
 * MAIL_FROM); locally (APP_ENV "development", no MAIL_API_URL) the dev
 * mailbox, which delivers nothing: the consumer marks the row sent and
 * GET /dev/mail lists it.
 */
import type { MailOutboxMessage } from "../../db/schema";
import type { MailBody } from "./bodies";

/** What an adapter delivers: the outbox row with its body (from R2, worker/mail/bodies.ts). */
export type OutgoingMail = Pick<MailOutboxMessage, "id" | "to" | "replyTo" | "fromName" | "subject"> & MailBody;

export type MailEnv = { APP_ENV?: string; MAIL_API_URL?: string; MAIL_API_KEY?: string; MAIL_FROM?: string };

export interface MailAdapter {
  readonly name: string;
  /** Resolves once the provider accepted the message; throws otherwise (the queue retries). */
  send(message: OutgoingMail): Promise<void>;
}

export const devMailbox: MailAdapter = {
  name: "dev-mailbox",
  async send() {},
};

/**
 * A JSON-over-HTTP provider: POST MAIL_API_URL with a bearer MAIL_API_KEY and
 * `{ from, to, reply_to, subject, text, html, attachments }` (the shape most
 * transactional mail APIs accept). Any non-2xx answer is a failure.
 */
/**
 * The From header: the partner's platform name as the display name, on the
 * deployment's own address (MAIL_FROM, "Name <address>" or a bare address).
 */
export function fromHeader(mailFrom: string | undefined, displayName: string | null | undefined): string {
  const configured = mailFrom || "no-reply@techfit.app";
  const address = /<([^<>]+)>\s*$/.exec(configured)?.[1] ?? configured.trim();
  const name = (displayName ?? "")
    .replace(/["\\\r\n<>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return name ? `"${name}" <${address}>` : configured;
}

export function httpMailer(env: Required<Pick<MailEnv, "MAIL_API_URL">> & MailEnv, fetcher: typeof fetch = fetch): MailAdapter {
  return {
    name: "http",
    async send(m) {
      const res = await fetcher(env.MAIL_API_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}) },
        body: JSON.stringify({
          from: fromHeader(env.MAIL_FROM, m.fromName),
          to: [m.to],
          reply_to: m.replyTo ?? undefined,
          subject: m.subject,
          text: m.text,
          html: m.html ?? undefined,
          attachments: m.attachments.length ? m.attachments : undefined,
        }),
      });
      if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
    },
  };
}

/** The adapter for this environment; outside development a missing MAIL_API_URL is an error (the queue keeps retrying). */
export function mailAdapter(env: MailEnv): MailAdapter {
  if (env.MAIL_API_URL) return httpMailer({ ...env, MAIL_API_URL: env.MAIL_API_URL });
  if (env.APP_ENV === "development") return devMailbox;
  return {
    name: "unconfigured",
    async send() {
      throw new Error("MAIL_API_URL is not configured");
    },
  };
}
