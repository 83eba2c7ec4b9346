/**
 * Flow steps kept until they succeed (docs/decisions/2026-11-27-no-step-lost.md):
 * a compensating step of a two-database write (worker/domain/flows.ts), kept
 * on the shard it concerns when the request sends it, and any step the flow
 * queue gave up on (its last attempt failed, or it waited for a move longer
 * than its retries). The cron sends a row's step to the queue again once its
 * retry window is over (worker/flows/kept.ts); the consumer removes the row
 * when the step succeeds. A shard table: `account_id` names the account the
 * step is about (a partner's move carries it, the cron leaves it alone while
 * the partner moves); no foreign key, as the step may remove that account.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

/** The columns of a table of kept steps (the shards' `flow_steps`, the directory's `directory_steps`). */
const keptStepColumns = () => ({
  id: id(),
  /** The step's kind, for an operator's look. */
  kind: text("kind").notNull(),
  /** The flow queue message (worker/domain/flows.ts FlowMessage), as sent. */
  message: text("message", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  /** The account the step is about (null: a step that names none, such as a seat's release). */
  accountId: text("account_id"),
  /** When the cron may send it again: the end of the retry window of the message last sent, ISO 8601 UTC. */
  dueAt: text("due_at").notNull(),
  /** How many times the cron has sent it again. */
  requeues: integer("requeues").notNull().default(0),
  createdAt: createdAt(),
});

export const flowSteps = sqliteTable("flow_steps", keptStepColumns(), (t) => [index("flow_steps_due_at_idx").on(t.dueAt)]);

export type FlowStepRow = typeof flowSteps.$inferSelect;

/**
 * The same, in the directory: the step of a request whose first batch is the
 * directory's (an invite's acceptance, invites sent, the identity membership
 * following a member's status, a same-shard link's directory half), kept in
 * that batch so a request stopped before its shard's write is repaired too
 * (docs/decisions/2026-11-27-steps-kept-in-the-first-batch.md). The cron's
 * directory run sends them again (worker/flows/kept.ts); no partner's move
 * carries them.
 */
export const directorySteps = sqliteTable("directory_steps", keptStepColumns(), (t) => [index("directory_steps_due_at_idx").on(t.dueAt)]);
