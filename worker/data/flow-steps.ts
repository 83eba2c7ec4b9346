/**
 * Flow steps kept until they succeed (`flow_steps`, db/schema/flow-steps.ts;
 * docs/decisions/2026-11-27-no-step-lost.md), on the shard a step concerns
 * (worker/domain/flows.ts homeShard). The cron reads the rows now due, a
 * bounded batch by the `due_at` index, leaving alone the accounts of the
 * partners that move; the consumer removes a row once its step succeeded.
 * A step kept in the directory's first batch of its request (`keptIn`
 * "directory") is in the directory's `directory_steps`, read the same way.
 */
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { directorySteps, flowSteps } from "../../db/schema";
import { accountOf, type FlowMessage } from "../domain/flows";
import type { Db } from "../env";
import { inList } from "./bound";
import { outsidePartners } from "./quiet-partners";

/** Where kept steps are: a shard's `flow_steps`, or the directory's `directory_steps`. */
export type StepsTable = typeof flowSteps | typeof directorySteps;

/** The table holding the step `m` (worker/domain/flows.ts Kept). */
export const stepsTableOf = (m: Pick<FlowMessage, "keptIn">): StepsTable => (m.keptIn === "directory" ? directorySteps : flowSteps);

/** The rows a cron run sends again at most, per shard: the others wait for the next run. */
export const KEPT_PER_RUN = 50;

/**
 * Keeps the step (its `keptId` the row's id), due at `dueAt`, as a batch
 * statement. A row already kept keeps its due time, unless `givenUp` (no
 * message holds the step any more): then it is due at `dueAt` too.
 */
export function keepStatement(db: Db, m: FlowMessage & { keptId: string }, dueAt: Date, givenUp = false) {
  const row = { id: m.keptId, kind: m.kind, message: m as unknown as Record<string, unknown>, accountId: accountOf(m), dueAt: dueAt.toISOString() };
  const table = stepsTableOf(m) as typeof flowSteps;
  const insert = db.insert(table).values(row);
  return givenUp ? insert.onConflictDoUpdate({ target: table.id, set: { dueAt: row.dueAt } }) : insert.onConflictDoNothing();
}

/** Keeps the step (keepStatement, alone). */
export async function keepStep(db: Db, m: FlowMessage & { keptId: string }, dueAt: Date, givenUp = false): Promise<void> {
  await keepStatement(db, m, dueAt, givenUp);
}

/** The step succeeded: its row goes (from the table it is kept in). */
export async function dropKeptStep(db: Db, m: Pick<FlowMessage, "keptIn"> & { keptId: string }): Promise<void> {
  const table = stepsTableOf(m) as typeof flowSteps;
  await db.delete(table).where(eq(table.id, m.keptId));
}

/**
 * How long a kept step is sent again: as long as the queue keeps a message
 * (14 days), within what the steps read to decide (onboarding's marker lives
 * 15 days). A step still failing after that stays kept for an operator.
 */
export const KEPT_FOR_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The due time of a step left for an operator: sent again for KEPT_FOR_MS
 * without succeeding, it is logged once with its kind and ids and set past
 * every run's range (scripts/kept-steps.ts lists such rows and makes them
 * due again: `npm run shards -- kept`, `kept-retry`).
 */
export const LEFT_FOR_OPERATOR = "9999-12-31T00:00:00.000Z";

/** The rows due at `now` kept for KEPT_FOR_MS or longer, no longer sent (at most KEPT_PER_RUN): to leave for an operator. */
export function expiredSteps(db: Db, now: Date, quiet: readonly string[], steps: StepsTable = flowSteps) {
  const since = new Date(now.getTime() - KEPT_FOR_MS).toISOString();
  const table = steps as typeof flowSteps;
  return db
    .select({ id: table.id, kind: table.kind, accountId: table.accountId, requeues: table.requeues, createdAt: table.createdAt })
    .from(table)
    .where(and(lte(table.dueAt, now.toISOString()), lte(table.createdAt, since), outsidePartners(table.accountId, quiet)))
    .orderBy(asc(table.dueAt))
    .limit(KEPT_PER_RUN);
}

/** Those rows left for an operator: due at LEFT_FOR_OPERATOR, never reached by a run again. */
export async function leaveForOperator(db: Db, ids: readonly string[], steps: StepsTable = flowSteps): Promise<void> {
  if (!ids.length) return;
  const table = steps as typeof flowSteps;
  await db.update(table).set({ dueAt: LEFT_FOR_OPERATOR }).where(inList(table.id, ids));
}

/** The rows due at `now` (oldest due first, at most KEPT_PER_RUN), kept for less than KEPT_FOR_MS, but those of the partners left alone while they move (`quiet`). */
export function dueSteps(db: Db, now: Date, quiet: readonly string[], steps: StepsTable = flowSteps) {
  const since = new Date(now.getTime() - KEPT_FOR_MS).toISOString();
  const table = steps as typeof flowSteps;
  return db
    .select({ id: table.id, message: table.message })
    .from(table)
    .where(and(lte(table.dueAt, now.toISOString()), gt(table.createdAt, since), outsidePartners(table.accountId, quiet)))
    .orderBy(asc(table.dueAt))
    .limit(KEPT_PER_RUN);
}

/** The rows just sent again: due once the new message's retry window is over. */
export async function markRequeued(db: Db, ids: readonly string[], nextDue: Date, steps: StepsTable = flowSteps): Promise<void> {
  if (!ids.length) return;
  const table = steps as typeof flowSteps;
  await db
    .update(table)
    .set({ dueAt: nextDue.toISOString(), requeues: sql`${table.requeues} + 1` })
    .where(inList(table.id, ids));
}
