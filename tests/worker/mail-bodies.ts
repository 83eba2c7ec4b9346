import { env } from "cloudflare:test";
import type { MailOutboxMessage } from "../../db/schema";
import { mailBodyOf, type MailBody } from "../../worker/mail/bodies";

type WithBody = Pick<MailOutboxMessage, "bodyKey" | "text" | "html" | "attachments">;

/** Outbox rows with their bodies read from R2 (worker/mail/bodies.ts), as the consumer sees them; a missing body fails the test. */
export async function withBodies<T extends WithBody>(rows: T[] | Promise<T[]>): Promise<(Omit<T, keyof WithBody> & MailBody & { bodyKey: string | null })[]> {
  return Promise.all(
    (await rows).map(async (row) => {
      const body = await mailBodyOf(env.UPLOADS, row);
      if (!body) throw new Error(`no body for outbox row ${row.bodyKey}`);
      return { ...row, ...body };
    }),
  );
}
