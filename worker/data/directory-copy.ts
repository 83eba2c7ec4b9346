/**
 * The directory's copy of an account follows its row on the shard
 * (docs/decisions/2026-11-27-directory-copy-of-an-account.md): what the
 * directory keeps of it (./routing-rows.ts directoryPatch: a partner's
 * profile whole, a customer's name, currency and language), with the
 * version of that part (`accounts.directory_version`). A request writes the
 * shard, then the directory at the shard's version; when the directory
 * refuses, a kept flow step (`copyAccount`) copies the shard's row later.
 * Every directory write of it is guarded by the version, so an older copy
 * never overwrites a newer one.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { accounts } from "../../db/schema";
import type { CopyAccountMessage } from "../domain/flows";
import type { Db } from "../env";
import type { Account } from "../identity/context";
import { inList } from "./bound";
import { directoryPart } from "./routing-rows";
import { d1Of, runBatch, type Statement, type Statements } from "./statements";

/**
 * The shard's change of the directory's part of an account: its version, one
 * more, and at least the database's clock in milliseconds, so a row whose
 * version went back (a stale copy written again on a former shard, a restore)
 * is ahead of the directory's again at its next change.
 */
export const nextDirectoryVersion = {
  directoryVersion: sql`max(${accounts.directoryVersion} + 1, cast((julianday('now') - 2440587.5) * 86400000 as integer))`,
};

/** The directory's copy of `id` takes `part` at the shard's `version`, unless it holds that version or a newer one already. */
export const directoryCopyStatement = (directory: Db, id: string, part: Partial<Account>, version: number): Statement =>
  directory
    .update(accounts)
    .set({ ...part, directoryVersion: version })
    .where(and(eq(accounts.id, id), lt(accounts.directoryVersion, version)));

/**
 * The directory's writes of a request, after the shard's: when the directory
 * refuses, the step is kept and sent (`later`) and the shard's change stands
 * (it is the source); a failure to keep it too is logged.
 */
export async function writeDirectoryCopies(
  directory: Db,
  stmts: Statements,
  step: CopyAccountMessage,
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<void> {
  if (!stmts.length) return;
  await runBatch(d1Of(directory), stmts).catch(async (err: unknown) => {
    console.error(
      JSON.stringify({ level: "error", message: "directory copy failed, kept for the flow queue", kind: step.kind, error: String(err).slice(0, 300) }),
    );
    await later(step).catch((keepErr: unknown) =>
      console.error(JSON.stringify({ level: "error", message: "flow step neither kept nor sent", kind: step.kind, error: String(keepErr).slice(0, 300) })),
    );
  });
}

/** The customers of `partners` on `db` (a partner's followers, read on the shard and in the directory by the same condition). */
const customersOf = (partners: readonly string[]) => and(eq(accounts.type, "customer"), inList(accounts.parentAccountId, partners));

/**
 * The flow step: the directory's copies of `accountIds` take what their rows
 * on the shard hold now, at the shard's version (directoryCopyStatement);
 * so do the customers of `followersOf` whose row on the shard is ahead of the
 * directory's (its version greater, or no row there under that partner: the
 * guard judges), both read side by side. Idempotent; the shard is the source
 * and stays whole, so there is nothing to compensate. On the directory's own
 * database the two are one row.
 */
export async function copyDirectoryParts(dbs: { shard: Db; directory: Db }, accountIds: readonly string[], followersOf: readonly string[] = []): Promise<void> {
  if (!accountIds.length && !followersOf.length) return;
  const [named, followers, copies] = await Promise.all([
    accountIds.length ? dbs.shard.select().from(accounts).where(inList(accounts.id, accountIds)) : [],
    followersOf.length ? dbs.shard.select().from(accounts).where(customersOf(followersOf)) : [],
    followersOf.length
      ? dbs.directory.select({ id: accounts.id, directoryVersion: accounts.directoryVersion }).from(accounts).where(customersOf(followersOf))
      : [],
  ]);
  const inDirectory = new Map(copies.map((r) => [r.id, r.directoryVersion]));
  const ahead = followers.filter((r) => !accountIds.includes(r.id) && r.directoryVersion > (inDirectory.get(r.id) ?? -1));
  const stmts = [...named, ...ahead].flatMap((r) => {
    const part = directoryPart(r);
    return part ? [directoryCopyStatement(dbs.directory, r.id, part, r.directoryVersion)] : [];
  });
  if (stmts.length) await runBatch(d1Of(dbs.directory), stmts);
}
