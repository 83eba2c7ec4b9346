/**
 * The acting account's own settings, as its owners and admins save them: its
 * details (a partner's new currency taking its customers with it:
 * ./customer-currency.ts) and a partner's time zone, each written to its
 * shard and to what the directory keeps of it.
 */
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { UpdateAccountProfileData } from "../../contract/accounts";
import { accounts } from "../../db/schema";
import { savedCurrency } from "../domain/accounts";
import { betweenDatabases } from "../domain/cut-off";
import type { CopyAccountMessage } from "../domain/flows";
import type { Db } from "../env";
import type { AdminScope } from "../http/endpoint";
import type { Account } from "../identity/context";
import { auditStatement } from "./audit";
import { changePartnerCurrency } from "./customer-currency";
import { theRow } from "./query";
import { writeThenRead } from "./reusable";
import { directoryCopyStatement, nextDirectoryVersion, writeDirectoryCopies } from "./directory-copy";
import { keptInFirstBatch } from "./undo-steps";
import { directoryPatch, directoryPart } from "./routing-rows";

/** The databases of an account's own change: its shard (by name, for the kept step) and the directory. */
type Databases = { shard: Db; directory: Db; shardName: string };

/**
 * The directory follows the shard's row `row` (./directory-copy.ts): what it
 * keeps of it, at the shard's version; when it refuses, the kept
 * `copyAccount` step (`later`) repairs it. On the directory's own database
 * the two are one row.
 */
async function followRow(dbs: Databases, row: Account, later: (m: CopyAccountMessage) => Promise<void>, kept?: CopyAccountMessage): Promise<Account> {
  const part = directoryPart(row);
  betweenDatabases("accountCopy");
  if (part && dbs.shard !== dbs.directory)
    await writeDirectoryCopies(
      dbs.directory,
      [directoryCopyStatement(dbs.directory, row.id, part, row.directoryVersion)],
      kept ?? copyStep(dbs, [row.id]),
      later,
    );
  return row;
}

/** The step that copies the directory's part of `accountIds` from the shard. */
export const copyStep = (dbs: Pick<Databases, "shardName">, accountIds: string[]): CopyAccountMessage => ({
  kind: "copyAccount",
  shard: dbs.shardName,
  accountIds,
});

/**
 * The copy step kept in the shard's batch of a change of the directory's
 * part (./undo-steps.ts keptInFirstBatch): a request stopped before the
 * directory's write is repaired by the cron; once the directory has it, the
 * step's copy is refused by the version and changes nothing. None where the
 * shard is the directory's own database (one row).
 */
const keptCopy = (dbs: Databases, id: string) => (dbs.shard === dbs.directory ? null : keptInFirstBatch(dbs.shard, copyStep(dbs, [id])));

/**
 * An account's change, written to its shard (the version of the directory's
 * part one more when the patch changes it), then what the directory keeps
 * of it (./routing-rows.ts: a partner's whole row, what mail and other
 * partners read of it; a customer's routing row, its name) at that version.
 * Answers the shard's row.
 */
async function saveAccount(
  dbs: Databases,
  account: Pick<Account, "id" | "type">,
  patch: Partial<Account>,
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<Account> {
  const kept = directoryPatch(account.type, patch);
  const copy = kept ? keptCopy(dbs, account.id) : null;
  const mine = eq(accounts.id, account.id);
  const [updated] = await writeThenRead(
    dbs.shard,
    [
      ...(copy ? [copy.keep] : []),
      dbs.shard
        .update(accounts)
        .set({ ...patch, ...(kept ? nextDirectoryVersion : {}) })
        .where(mine),
    ],
    [dbs.shard.select().from(accounts).where(mine)],
  );
  const row = theRow(updated, "updated account");
  return kept ? followRow(dbs, row, later, copy?.step) : row;
}

/** Saves the acting account's details (and a new logo's key); a partner's new currency takes its customers with it (./customer-currency.ts). */
export async function updateProfile(
  dbs: Databases,
  scope: AdminScope,
  data: z.output<typeof UpdateAccountProfileData>,
  logoKey: string | undefined,
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<Account> {
  const patch = { ...data, currency: savedCurrency(scope.account, data.currency), ...(logoKey ? { logoKey } : {}) };
  if (scope.account.type === "partner" && patch.currency !== scope.account.currency) return changePartnerCurrency(dbs, scope, patch, later);
  return saveAccount(dbs, scope.account, patch, later);
}

/**
 * Sets the acting account's time zone; answers the row. A zone that differs
 * from the stored one is recorded in the partner's own trail
 * (`accountTimeZoneChanged`, by the user, from → to as the batch reads it),
 * in the batch of the shard's change; the same zone again writes no entry.
 */
export async function setAccountTimeZone(
  dbs: Databases,
  scope: AdminScope,
  timeZone: string,
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<Account> {
  const { shard } = dbs;
  const id = scope.account.id;
  const stored = sql`(SELECT ${accounts.timeZone} FROM ${accounts} WHERE ${accounts.id} = ${id})`;
  const entry = auditStatement({
    accountId: id,
    partnerAccountId: id,
    code: "accountTimeZoneChanged",
    subjectType: "account",
    subjectId: id,
    userId: scope.user.id,
    field: "timeZone",
    change: sql`json_object('kind', 'name', 'from', ${stored}, 'to', ${timeZone})`,
    onlyIf: sql`${stored} IS NOT ${timeZone}`,
  });
  const mine = eq(accounts.id, id);
  const followed = Boolean(directoryPatch(scope.account.type, { timeZone }));
  const copy = followed ? keptCopy(dbs, id) : null;
  const version = followed ? nextDirectoryVersion : {};
  const [updated] = await writeThenRead(
    shard,
    [
      entry,
      ...(copy ? [copy.keep] : []),
      shard
        .update(accounts)
        .set({ timeZone, ...version })
        .where(mine),
    ],
    [shard.select().from(accounts).where(mine)],
  );
  return followRow(dbs, theRow(updated, "updated account"), later, copy?.step);
}
