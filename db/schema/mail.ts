/**
 * The mail outbox: a message is written here in the same transaction as the
 * change it reports, then sent through the queue consumer.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MailStatus } from '../../contract/enums';
import { accounts } from './accounts';
import { createdAt, id } from './columns';
import type { MailAttachment } from './json';

export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    /** The account on whose behalf it is sent (its partner's branding); null for system mail. */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: MailStatus }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
  },
  (t) => [
    index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt),
    index('mail_outbox_account_id_created_at_idx').on(t.accountId, t.createdAt),
    index('mail_outbox_to_created_at_idx').on(t.to, t.createdAt),
  ],
);

export type MailOutboxMessage = typeof mailOutbox.$inferSelect;
export type NewMailOutboxMessage = typeof mailOutbox.$inferInsert;
