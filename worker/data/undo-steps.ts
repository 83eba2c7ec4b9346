/**
 * Taking back the first half of a two-database write whose second half was
 * refused (docs/decisions/2026-11-27-two-database-undo-through-the-queue.md):
 * onboarding's rows on the new account's shard, a same-shard link written on
 * one database only, the directory's identity membership that followed a
 * member's status. The request runs these statements at once; when they fail
 * too, the flow consumer runs the idempotent step (worker/flows/undo.ts),
 * which first asks the other database whether the write went through after
 * all: then the two agree and nothing is taken back. Run twice, a step
 * changes nothing the second time.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { accountUsers, accounts, authMembers, authOrganizations, authVerifications, stylings, teams } from "../../db/schema";
import { RETRY_WINDOW_MS, type FlowMessage, type UndoLinkMessage, type UndoMemberStatusMessage, type UndoOnboardingMessage } from "../domain/flows";
import type { Db } from "../env";
import { keepStatement } from "./flow-steps";
import { batch, type Stmt } from "./query";

/** Where a request's undo that fails goes: the flow queue (`later`), for the shard the request wrote (`shard`). */
export type Compensation = { shard: string; later: (m: FlowMessage) => Promise<void> };

/** A new account's rows on its shard, removed (nothing in the directory points at them). */
const dropOnboardingStatements = (shard: Db, accountId: string): Stmt[] => [
  shard.delete(teams).where(eq(teams.accountId, accountId)),
  shard.delete(accountUsers).where(eq(accountUsers.accountId, accountId)),
  shard.delete(accounts).where(eq(accounts.id, accountId)),
  shard.delete(stylings).where(eq(stylings.accountId, accountId)),
];

/**
 * A two-database request's compensating step, to keep in the batch of its
 * first database (`keep`, on `db`: a shard's `flow_steps`, or with `keptIn`
 * "directory" the directory's `directory_steps`), due once a message's retry
 * window is over: the cron runs it (worker/flows/kept.ts) even when the
 * request stops between its two batches, and the step judges from the rows
 * whether the second went through (then it takes nothing back, and goes;
 * docs/decisions/2026-11-27-steps-kept-in-the-first-batch.md).
 */
export function keptInFirstBatch<M extends FlowMessage>(db: Db, m: M, keptIn?: "directory" | "partner") {
  const step = { ...m, keptId: crypto.randomUUID(), ...(keptIn ? { keptIn } : {}) };
  return { step, keep: keepStatement(db, step, new Date(Date.now() + RETRY_WINDOW_MS)) };
}

/** Onboarding's step, kept with the new account's rows in their batch on its shard (keptInFirstBatch): once the directory has the account, it takes nothing back. */
export const keptOnboarding = (shard: Db, m: Omit<UndoOnboardingMessage, "kind">) => keptInFirstBatch(shard, { kind: "undoOnboarding", ...m } as const);

/**
 * How long onboarding's marker stays in the directory: longer than a flow
 * message can wait (a queue keeps one at most 14 days), so a step never finds
 * it pruned (worker/data/directory-prune.ts takes it after).
 */
export const ONBOARDING_MARK_MS = 15 * 24 * 60 * 60 * 1000;

const onboardingMark = (accountId: string) => `onboarded:${accountId}`;

/**
 * The marker of onboarding's directory step, written in its batch (all or
 * none): with Clerk the directory holds no organisation of the account, and
 * on the directory's own database the routing row is the shard's row, written
 * before the step; only the marker tells whether the step went through. An
 * expiring verification record, pruned with the others.
 */
export function onboardingMarkStatement(directory: Db, accountId: string, now = new Date()): Stmt {
  return directory.insert(authVerifications).values({
    id: crypto.randomUUID(),
    identifier: onboardingMark(accountId),
    value: accountId,
    expiresAt: new Date(now.getTime() + ONBOARDING_MARK_MS),
    createdAt: now,
    updatedAt: now,
  });
}

/** Whether onboarding's directory step (one batch) went through: its organisation, its marker, or (a message of an earlier release) the routing row. */
function onboardingWritten(directory: Db, m: UndoOnboardingMessage) {
  if (m.authOrganizationId)
    return directory.select({ id: authOrganizations.id }).from(authOrganizations).where(eq(authOrganizations.id, m.authOrganizationId)).limit(1);
  if (m.marked)
    return directory
      .select({ id: authVerifications.id })
      .from(authVerifications)
      .where(eq(authVerifications.identifier, onboardingMark(m.accountId)))
      .limit(1);
  return directory.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, m.accountId)).limit(1);
}

/**
 * Onboarding's compensation, in the request and as the flow step: the new
 * account's shard rows removed, unless the directory's step (one batch: all
 * or none) went through after all (a batch can fail after its commit). The
 * embedded provider's organisation tells; with Clerk the step's marker does
 * (onboardingMarkStatement), on the directory's own database too, where the
 * account's routing row is the shard's own row and tells nothing.
 */
export async function takeBackOnboarding(dbs: { directory: Db; shard: Db }, m: UndoOnboardingMessage): Promise<void> {
  if ((await onboardingWritten(dbs.directory, m)).length) return;
  await batch(dbs.shard, dropOnboardingStatements(dbs.shard, m.accountId));
}

/**
 * The customer's row on `db` back to the partner before the link, only while
 * it names the link's partner (compare-and-set), with the currency it had and,
 * on its shard, its price group (the directory's routing row keeps none).
 */
export const unlinkStatement = (db: Db, m: Pick<UndoLinkMessage, "customerId" | "from" | "to" | "before">, side: "shard" | "directory"): Stmt =>
  db
    .update(accounts)
    .set({
      parentAccountId: m.from,
      ...(m.before ? { currency: m.before.currency, ...(side === "shard" ? { priceGroupId: m.before.priceGroupId } : {}) } : {}),
    })
    .where(and(eq(accounts.id, m.customerId), eq(accounts.parentAccountId, m.to)));

/**
 * The flow step: when the shard's row and the directory's routing row name
 * different partners, the one naming the link's partner goes back; when they
 * agree (both the old partner, or both the new one: a later link went
 * through), nothing. Both rows are read side by side.
 */
export async function takeBackLink(dbs: { directory: Db; shard: Db }, m: UndoLinkMessage): Promise<void> {
  const parentOf = (db: Db) =>
    db
      .select({ parent: accounts.parentAccountId })
      .from(accounts)
      .where(eq(accounts.id, m.customerId))
      .limit(1)
      .then(([row]) => row?.parent ?? null);
  const [onShard, onDirectory] = await Promise.all([parentOf(dbs.shard), parentOf(dbs.directory)]);
  if (onShard === onDirectory) return;
  const side = onShard === m.to ? "shard" : "directory";
  await batch(dbs[side], [unlinkStatement(dbs[side], m, side)]);
}

/**
 * The flow step when a move has set the link's two partners on different
 * shards since: the new partner's move carried the customer's rows, or the
 * old partner's left them behind, on the new partner's shard (`shard`, its
 * row there naming that partner). They cannot be put back under the old
 * partner, so the directory's routing row follows them instead (the link
 * completed, with the currency the row has; compare-and-set on the old
 * partner), and the customer is routed where its rows are. Answers whether
 * it found them there; otherwise the step takes the link back as
 * takeBackLink does.
 */
export async function rollLinkForward(dbs: { directory: Db; shard: Db }, m: UndoLinkMessage): Promise<boolean> {
  const [row] = await dbs.shard
    .select({ parent: accounts.parentAccountId, currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.id, m.customerId))
    .limit(1);
  if (!row || row.parent !== m.to) return false;
  await dbs.directory
    .update(accounts)
    .set({ parentAccountId: m.to, currency: row.currency })
    .where(and(eq(accounts.id, m.customerId), m.from === null ? isNull(accounts.parentAccountId) : eq(accounts.parentAccountId, m.from)));
  return true;
}

/** The directory's identity membership as it was before a status step: removed rows put back (insert or ignore), added rows removed by id. */
export function identityUndoStatements(directory: Db, m: Pick<UndoMemberStatusMessage, "restore" | "added">): Stmt[] {
  const undo: Stmt[] = [];
  if (m.restore.length)
    undo.push(
      directory
        .insert(authMembers)
        .values(m.restore.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })))
        .onConflictDoNothing(),
    );
  if (m.added.length) undo.push(directory.delete(authMembers).where(inArray(authMembers.id, m.added)));
  return undo;
}

/**
 * The flow step: the directory's identity membership follows the member's
 * status on the shard again. Rows removed when marking inactive come back
 * only while the shard says active; rows added when marking active go only
 * while it says inactive (a later edit that went through is left alone).
 */
export async function takeBackMemberStatus(dbs: { directory: Db; shard: Db }, m: UndoMemberStatusMessage): Promise<void> {
  const [member] = await dbs.shard.select({ status: accountUsers.status }).from(accountUsers).where(eq(accountUsers.id, m.memberId)).limit(1);
  const undo = identityUndoStatements(dbs.directory, {
    restore: member?.status === "active" ? m.restore : [],
    added: member?.status === "inactive" ? m.added : [],
  });
  if (undo.length) await batch(dbs.directory, undo);
}
