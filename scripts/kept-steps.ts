/**
 * Kept flow steps as an operator sees them (docs/decisions/2026-11-27-kept-steps-left-for-an-operator.md):
 * the rows of every database's `flow_steps` and `directory_steps`
 * (worker/data/flow-steps.ts). A step the cron sent again for 14 days without
 * success is logged once ("kept step left for an operator", with its kind and
 * ids) and left, due at LEFT_FOR_OPERATOR. `npm run shards -- kept` lists the
 * left ones (`--all`: every kept row), `npm run shards -- kept-retry ID…`
 * makes them due now for 14 more days: the cron's next run sends them again,
 * and the consumer removes each row once its step succeeds.
 *
 * The statements are plain SQL for `wrangler d1 execute --command` (no bound
 * parameters there): ids are checked to be ids before they are written in.
 */
import { LEFT_FOR_OPERATOR } from "../worker/data/flow-steps";

/** One kept row as the listing answers it. */
export type KeptRow = { kept_in: string; id: string; kind: string; account_id: string | null; due_at: string; requeues: number; created_at: string };

const TABLES = ["flow_steps", "directory_steps"] as const;

/** A kept row's id (a UUID): anything else is refused, never written into a statement. */
export const isStepId = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The kept rows of one database, oldest first: those left for an operator, or every one (`all`). */
export function listKeptSql(all: boolean): string {
  const where = all ? "" : ` WHERE due_at = '${LEFT_FOR_OPERATOR}'`;
  return `${TABLES.map((t) => `SELECT '${t}' AS kept_in, id, kind, account_id, due_at, requeues, created_at FROM ${t}${where}`).join(" UNION ALL ")} ORDER BY created_at`;
}

/** Makes the rows `ids` due now and kept from now (14 more days of the cron sending them), in whichever table holds them. */
export function retryKeptSql(ids: readonly string[]): string {
  const bad = ids.filter((id) => !isStepId(id));
  if (!ids.length || bad.length) throw new Error(`kept-retry takes the ids of kept rows (UUIDs)${bad.length ? `, not: ${bad.join(", ")}` : ""}`);
  const list = ids.map((id) => `'${id}'`).join(", ");
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  return TABLES.map((t) => `UPDATE ${t} SET due_at = ${now}, created_at = ${now} WHERE id IN (${list});`).join(" ");
}

/** One listed row, for the operator's terminal. */
export const keptLine = (database: string, r: KeptRow): string =>
  `${database.padEnd(24)} ${r.kept_in.padEnd(16)} ${r.id} ${r.kind.padEnd(18)} account ${r.account_id ?? "-"}  sent again ${r.requeues}×  kept since ${r.created_at}${
    r.due_at === LEFT_FOR_OPERATOR ? "  (left for an operator)" : `  due ${r.due_at}`
  }`;
