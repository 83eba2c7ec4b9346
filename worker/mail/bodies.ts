/**
 * Mail bodies in R2. The outbox row (D1) keeps what delivery and retries need
 * (recipient, subject, status, attempts); a job's notice keeps what its body
 * is rendered from (`render`) and is rendered when it is sent or shown, never
 * for a change that then fails; any other rendered body, its text, HTML
 * and calendar files, is one JSON object in the UPLOADS bucket under
 * `mail/<day written>/<outbox id>.json`, outside `public/` (never served by
 * /files). It is written before the row's batch commits (worker/mail/outbox.ts
 * storeMail), read by the queue consumer at delivery and by the dev mailbox,
 * and removed by the cron a retention period after the day it was written
 * (`expireMailBodies`): whole days at a time, listed by their prefix, so no
 * D1 read is needed and a body whose batch never committed goes the same way.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { MailAttachment, MailOutboxMessage, MailRender } from "../../db/schema";
import { jobMail, type JobMailData } from "./job-mail";

export type MailBody = { text: string; html: string | null; attachments: MailAttachment[] };

export const MAIL_BODY_PREFIX = "mail/";

/** How long a body is kept after the day it was written: past every queue retry, long enough to look into a complaint. */
export const MAIL_BODY_RETENTION_DAYS = 30;

const day = (at: Date) => at.toISOString().slice(0, 10);

export const mailBodyKey = (id: string, at: Date) => `${MAIL_BODY_PREFIX}${day(at)}/${id}.json`;

/** Writes one body; answers its key. */
export async function putMailBody(bucket: R2Bucket, id: string, body: MailBody, at = new Date()): Promise<string> {
  const key = mailBodyKey(id, at);
  await bucket.put(key, JSON.stringify(body), { httpMetadata: { contentType: "application/json" } });
  return key;
}

/**
 * The body of an outbox row: from R2 when the row names one; from the row's
 * own columns when it was written before bodies left D1. Null when the object
 * is gone (expired, or never written).
 */
export async function mailBodyOf(
  bucket: R2Bucket,
  row: Pick<MailOutboxMessage, "bodyKey" | "text" | "html" | "attachments"> & { render?: Uint8Array | null },
): Promise<MailBody | null> {
  if (row.render) return renderedNow(unpackRender(row.render));
  if (!row.bodyKey) return row.text === null ? null : { text: row.text, html: row.html, attachments: row.attachments ?? [] };
  const object = await bucket.get(row.bodyKey);
  if (!object) return null;
  const body = await object.json<Partial<MailBody>>();
  return { text: body.text ?? "", html: body.html ?? null, attachments: body.attachments ?? [] };
}

/** What a mail rendered at send time is rendered from, as its row keeps it: JSON, raw deflate (half the bytes of a job's notice). */
export const packRender = (render: MailRender): Buffer => deflateRawSync(JSON.stringify(render));

const unpackRender = (packed: Uint8Array): MailRender => JSON.parse(inflateRawSync(packed).toString("utf8")) as MailRender;

/** The body of a mail rendered at send time (a job's notice: worker/data/job-mail.ts), from what its row keeps. */
function renderedNow(render: MailRender): MailBody {
  const { text, html, attachments } = jobMail(render.job as unknown as JobMailData);
  return { text, html, attachments };
}

/**
 * Deletes the bodies of every day older than the retention period (the cron).
 * Answers how many objects it deleted.
 */
export async function expireMailBodies(bucket: R2Bucket, now = new Date(), retentionDays = MAIL_BODY_RETENTION_DAYS): Promise<number> {
  const cutoff = day(new Date(now.getTime() - retentionDays * 24 * 3600 * 1000));
  let deleted = 0;
  let cursor: string | undefined;
  const days: string[] = [];
  do {
    const page = await bucket.list({ prefix: MAIL_BODY_PREFIX, delimiter: "/", cursor });
    days.push(...page.delimitedPrefixes);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  for (const prefix of days) {
    if (prefix.slice(MAIL_BODY_PREFIX.length, -1) >= cutoff) continue;
    // Listed again after each delete until empty (a cursor over deleted keys is not relied on).
    for (;;) {
      const keys = (await bucket.list({ prefix })).objects.map((o) => o.key);
      if (!keys.length) break;
      await bucket.delete(keys);
      deleted += keys.length;
    }
  }
  return deleted;
}
