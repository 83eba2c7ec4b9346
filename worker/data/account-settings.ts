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
import type { CopyCurrencyMessage } from "../domain/flows";
import type { Db } from "../env";
import type { AdminScope } from "../http/endpoint";
import type { Account } from "../identity/context";
import { auditStatement } from "./audit";
import { changePartnerCurrency } from "./customer-currency";
import { theRow } from "./query";
import { writeThenRead } from "./reusable";
import { directoryPatch } from "./routing-rows";

/**
 * An account's change, written to its shard and, side by side, to its row in
 * the directory what the directory keeps of it (./routing-rows.ts: a
 * partner's whole row, what mail and other partners read of it; a customer's
 * routing row, its name): the same patch, by id. Answers the shard's row.
 */
async function saveAccount(
  { shard, directory }: { shard: Db; directory: Db },
  account: Pick<Account, "id" | "type">,
  patch: Partial<Account>,
): Promise<Account> {
  const kept = directoryPatch(account.type, patch);
  const [updated] = await Promise.all([
    shard.update(accounts).set(patch).where(eq(accounts.id, account.id)).returning(),
    kept && shard !== directory ? directory.update(accounts).set(kept).where(eq(accounts.id, account.id)) : null,
  ]);
  return theRow(updated, "updated account");
}

/** Saves the acting account's details (and a new logo's key); a partner's new currency takes its customers with it (./customer-currency.ts). */
export async function updateProfile(
  dbs: { shard: Db; directory: Db; shardName: string },
  scope: AdminScope,
  data: z.output<typeof UpdateAccountProfileData>,
  logoKey: string | undefined,
  later: (m: CopyCurrencyMessage) => Promise<void>,
): Promise<Account> {
  const patch = { ...data, currency: savedCurrency(scope.account, data.currency), ...(logoKey ? { logoKey } : {}) };
  if (scope.account.type === "partner" && patch.currency !== scope.account.currency) return changePartnerCurrency(dbs, scope, patch, later);
  return saveAccount(dbs, scope.account, patch);
}

/**
 * Sets the acting account's time zone; answers the row. A zone that differs
 * from the stored one is recorded in the partner's own trail
 * (`accountTimeZoneChanged`, by the user, from → to as the batch reads it),
 * in the batch of the shard's change; the same zone again writes no entry.
 */
export async function setAccountTimeZone({ shard, directory }: { shard: Db; directory: Db }, scope: AdminScope, timeZone: string): Promise<Account> {
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
  const [[updated]] = await Promise.all([
    writeThenRead(shard, [entry, shard.update(accounts).set({ timeZone }).where(mine)], [shard.select().from(accounts).where(mine)]),
    shard === directory ? null : directory.update(accounts).set({ timeZone }).where(mine),
  ]);
  return theRow(updated, "updated account");
}
