/**
 * The mail outbox: a message is written here in the same transaction as the
 * change it reports, then sent through the queue consumer. The row keeps only
 * what delivery and retries need; the rendered body (text, HTML, calendar
 * files) is an object in R2 under `bodyKey` (worker/mail/bodies.ts).
 */
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MailStatus } from "../../contract/enums";
import { accounts } from "./accounts";
import { createdAt, id } from "./columns";
import type { MailAttachment } from "./json";

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    /** The account on whose behalf it is sent (its partner's branding); null for system mail. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "set null" }),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    /** The sender's display name (the partner's platform name); the address is the deployment's MAIL_FROM. */
    fromName: text("from_name"),
    subject: text("subject").notNull(),
    /** The R2 key of the rendered body; null only on rows written before bodies left D1. */
    bodyKey: text("body_key"),
    /**
     * Before bodies left D1 the body was kept in these three columns. Expand
     * then contract: they stay (nullable, unwritten) for one release, so a
     * Worker of the previous release still runs against this schema and rows
     * it wrote are still delivered; the next release drops them.
     */
    text: text("text"),
    html: text("html"),
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>().default([]),
    /**
     * A mail rendered when it is sent, not when it is written (a job's mail):
     * what its body is rendered from, JSON compressed (raw deflate: a job's
     * notice shrinks to about half; worker/mail/bodies.ts), in place of a
     * stored body; null for a mail whose body is in R2.
     */
    render: blob("render", { mode: "buffer" }),
    status: text("status", { enum: MailStatus }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("mail_outbox_status_created_at_idx").on(t.status, t.createdAt),
    index("mail_outbox_account_id_created_at_idx").on(t.accountId, t.createdAt),
    index("mail_outbox_to_created_at_idx").on(t.to, t.createdAt),
  ],
);

export type MailOutboxMessage = typeof mailOutbox.$inferSelect;
export type NewMailOutboxMessage = typeof mailOutbox.$inferInsert;

/**
 * Reminders already sent: one row per (kind, key), written in the same batch
 * as the reminder's outbox row, and the outbox row is inserted only when this
 * row was written with its id. A repeated cron run or a retry finds the key
 * taken and sends nothing: the data, not the timing, makes a reminder go once.
 *
 * Keys: `session24h` the job line and its scheduled time (a rescheduled
 * session is reminded again for its new time); `actionItemDue` the action
 * item and its due time; `requestOverdue` the job and its version (a request
 * made again after a denial is a new request).
 */
export const mailReminders = sqliteTable(
  "mail_reminders",
  {
    id: id(),
    kind: text("kind", { enum: ["session24h", "actionItemDue", "requestOverdue"] }).notNull(),
    key: text("key").notNull(),
    /** The outbox row that carries the reminder. */
    mailId: text("mail_id").notNull(),
    /** The customer account the reminder is about. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_reminders_kind_key_uq").on(t.kind, t.key)],
);

export type MailReminder = typeof mailReminders.$inferSelect;
