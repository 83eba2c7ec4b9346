/**
 * A linked customer's currency follows its partner's
 * (docs/decisions/2026-11-27-currency-follows-the-partner.md): when the
 * partner changes its own (in the request, one batch on the partner's shard,
 * where its customers are) and, for customers made before the rule or held
 * back until then, by the cron on each shard. A customer keeps the currency
 * it has while something is priced in it: an open booking priced in money in
 * it, or a money price of its own (a customer line) still in date. The
 * directory's copies (the partner's row, the customers' routing rows) follow
 * the shard after its batch, at the shard's versions of them. The
 * `copyAccount` step that brings them to the shard's values when that write
 * fails or never comes (./directory-copy.ts) is kept in the shard's batch,
 * naming the partners whose customers it copies where they are ahead of the
 * directory (docs/decisions/2026-11-27-currency-copy-kept-in-the-first-batch.md).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { currencyRefusal, type CurrencyChangeDto } from "../../contract/currency";
import type { Currency } from "../../contract/enums";
import { accounts } from "../../db/schema";
import { CLOSED_BOOKINGS } from "../domain/accounts";
import { betweenDatabases } from "../domain/cut-off";
import { RETRY_WINDOW_MS, type CopyAccountMessage, type Kept } from "../domain/flows";
import type { Db } from "../env";
import type { AdminScope } from "../http/endpoint";
import { conflict } from "../http/errors";
import type { Account } from "../identity/context";
import { auditStatement } from "./audit";
import { BY_SYSTEM } from "./plan-renewals";
import { directoryCopyStatement, nextDirectoryVersion, writeDirectoryCopies } from "./directory-copy";
import { theRow, today } from "./query";
import { writeThenRead } from "./reusable";
import { directoryPart } from "./routing-rows";
import { errorText, raw, type Statements } from "./statements";
import { keptInFirstBatch } from "./undo-steps";

/** The customer row being judged (the outer `accounts` of each statement below; the subqueries name their own tables by alias). */
const customer = (column: string) => sql.raw(`"accounts"."${column}"`);

/** It has an open booking (neither completed nor cancelled) priced in money in its currency. */
const heldByBookings = sql`EXISTS (SELECT 1 FROM jobs j WHERE j.account_id = ${customer("id")} AND j.currency = ${customer("currency")}
  AND j.price_amount IS NOT NULL AND j.status NOT IN (${sql.join(
    CLOSED_BOOKINGS.map((status) => sql`${status}`),
    sql`, `,
  )}))`;

/** It has a money price of its own (a customer line) in its currency, in date today or later. */
const heldByPrices = (day: string) => sql`EXISTS (SELECT 1 FROM pricing_lines l WHERE l.customer_account_id = ${customer("id")}
  AND l.price_type = 'customer' AND l.pricing_type = 'value' AND l.currency = ${customer("currency")} AND (l.end_date IS NULL OR l.end_date >= ${day}))`;

/** Its partner's currency. */
const partnersCurrency = sql`(SELECT p.currency FROM accounts p WHERE p.id = ${customer("parent_account_id")})`;

/**
 * The linked customers of the partners `partners` selects (a subquery or a
 * value) whose currency is not their partner's and that nothing holds back.
 */
const follows = (partners: SQL, day: string) =>
  sql`${customer("type")} = 'customer' AND ${customer("parent_account_id")} IN (${partners})
    AND ${customer("currency")} <> ${partnersCurrency} AND NOT ${heldByBookings} AND NOT ${heldByPrices(day)}`;

/** A customer that followed: its id, its partner, its new currency and the version of the directory's part of it. */
export type Followed = { id: string; parentAccountId: string | null; currency: Currency; directoryVersion: number };

/**
 * The batch's statements that move those customers to their partner's
 * currency, after the partner's own row is written in the same batch: first
 * one entry per customer in its trail (`customerCurrencyChanged`, from → to,
 * by `userId` or by the system), then the rows, answering who followed.
 */
function followStatements(db: Db, partners: SQL, userId: string | null, partnerOfEntry: SQL) {
  const day = today();
  const data = sql`json_object('field', 'currency', 'change', json_object('kind', 'name', 'from', ${customer("currency")}, 'to', ${partnersCurrency})${
    userId ? sql`` : sql`, 'actor', ${BY_SYSTEM.actor}`
  })`;
  const entries = raw(sql`INSERT INTO audit_entries (id, account_id, partner_account_id, code, subject_type, subject_id, user_id, data)
    SELECT lower(hex(randomblob(16))), ${customer("id")}, ${partnerOfEntry}, 'customerCurrencyChanged', 'account', ${customer("id")}, ${userId}, ${data}
    FROM accounts WHERE ${follows(partners, day)}`);
  const rows = db
    .update(accounts)
    .set({ currency: sql`${partnersCurrency}`, ...nextDirectoryVersion })
    .where(follows(partners, day))
    .returning({ id: accounts.id, parentAccountId: accounts.parentAccountId, currency: accounts.currency, directoryVersion: accounts.directoryVersion });
  return { entries, rows, day };
}

/**
 * The cron's step kept in its batch on the shard, before the customers'
 * rows move (./undo-steps.ts keptInFirstBatch, in SQL): only when some
 * customer follows, naming the partners of those that do (sorted, as
 * keptFollowers names them after the batch), so a run stopped before the
 * directory's write is repaired by a later run's requeue of it.
 */
function keptFollowersStatement(shard: string, partners: SQL, day: string, keptId: string) {
  const dueAt = new Date(Date.now() + RETRY_WINDOW_MS).toISOString();
  const following = sql`SELECT DISTINCT ${customer("parent_account_id")} AS p FROM accounts WHERE ${follows(partners, day)} ORDER BY p`;
  const message = sql`json_object('kind', 'copyAccount', 'shard', ${shard}, 'accountIds', json('[]'), 'followersOf', json(f.ps), 'keptId', ${keptId})`;
  return raw(sql`INSERT INTO flow_steps (id, kind, message, account_id, due_at)
    SELECT ${keptId}, 'copyAccount', ${message}, f.first, ${dueAt}
    FROM (SELECT json_group_array(p) AS ps, min(p) AS first, count(*) AS n FROM (${following})) f WHERE f.n > 0`);
}

/** The partners of the customers that followed, as keptFollowersStatement names them. */
const keptFollowers = (followed: Followed[]) => [...new Set(followed.flatMap((f) => (f.parentAccountId ? [f.parentAccountId] : [])))].sort();

/**
 * The pricing lines (alias `l`, with their group `g`) of the partner's price
 * groups with an in-date money price in `from` for a workout (or variant)
 * that has none of the group's in `to`: FROM and WHERE, for a select.
 */
function pricedOnlyIn(partnerId: string, from: Currency, to: Currency, day: string): SQL {
  const current = (line: string) => sql.raw(`${line}.pricing_type = 'value' AND (${line}.end_date IS NULL OR ${line}.end_date >= `);
  return sql`price_groups g JOIN pricing_lines l ON l.price_group_id = g.id
    WHERE g.account_id = ${partnerId} AND l.price_type = 'customerPriceGroup' AND l.currency = ${from} AND ${current("l")}${day})
    AND NOT EXISTS (SELECT 1 FROM pricing_lines n WHERE n.price_group_id = l.price_group_id AND n.workout_id = l.workout_id
      AND n.variant_id IS l.variant_id AND n.currency = ${to} AND ${current("n")}${day}))`;
}

/** The price groups of the partner with money prices in `from` for a workout (or variant) that has none of the group's in `to`, by name. */
export async function groupsPricedOnlyIn(db: Db, partnerId: string, from: Currency, to: Currency): Promise<{ id: string; name: string }[]> {
  return db.all<{ id: string; name: string }>(sql`SELECT DISTINCT g.id, g.name FROM ${pricedOnlyIn(partnerId, from, to, today())} ORDER BY g.name`);
}

/** The error of the currency change's guard (pricedOnlyInGuard): its NULL code refused by the column's NOT NULL. */
const PRICED_ONLY_IN_OLD = /NOT NULL constraint failed: audit_entries\.code/i;

/**
 * A statement of the currency change's batch that fails it (an entry with
 * no code, which its NOT NULL refuses) while a price group of the partner is
 * priced only in the old currency as the batch reads it: nothing of the
 * change is written, however late the group was priced.
 */
const pricedOnlyInGuard = (partnerId: string, from: Currency, to: Currency) =>
  raw(sql`INSERT INTO audit_entries (id, account_id, code, subject_type, subject_id)
    SELECT lower(hex(randomblob(16))), ${partnerId}, NULL, 'account', ${partnerId}
    WHERE EXISTS (SELECT 1 FROM ${pricedOnlyIn(partnerId, from, to, today())})`);

/** The 409 of a change held back by price groups priced only in the current currency, naming them. */
function refusedForGroups(from: Currency, to: Currency, groups: { name: string }[]) {
  const why = currencyRefusal(
    from,
    to,
    groups.map((g) => g.name),
  );
  return conflict(why, { currency: why });
}

/** What changing the partner's currency to `to` would do to its customers and price groups (CurrencyChangeDto). */
export async function currencyChange(db: Db, partner: Pick<Account, "id" | "currency">, to: Currency): Promise<CurrencyChangeDto> {
  const day = today();
  const [[counts], priceGroups] = await Promise.all([
    db.all<{ follow: number | null; keep: number | null; bookings: number | null; prices: number | null }>(sql`SELECT
        sum(CASE WHEN NOT ${heldByBookings} AND NOT ${heldByPrices(day)} THEN 1 ELSE 0 END) AS follow,
        sum(CASE WHEN ${heldByBookings} OR ${heldByPrices(day)} THEN 1 ELSE 0 END) AS keep,
        sum(CASE WHEN ${heldByBookings} THEN 1 ELSE 0 END) AS bookings,
        sum(CASE WHEN ${heldByPrices(day)} THEN 1 ELSE 0 END) AS prices
      FROM accounts WHERE ${customer("type")} = 'customer' AND ${customer("parent_account_id")} = ${partner.id} AND ${customer("currency")} <> ${to}`),
    partner.currency === to ? Promise.resolve([]) : groupsPricedOnlyIn(db, partner.id, partner.currency, to),
  ]);
  return {
    from: partner.currency,
    to,
    follow: counts?.follow ?? 0,
    keep: { total: counts?.keep ?? 0, bookings: counts?.bookings ?? 0, prices: counts?.prices ?? 0 },
    priceGroups,
  };
}

/**
 * The directory's copies follow the shard's batch, at the shard's versions
 * (./directory-copy.ts): the partner's row (what the directory keeps of it)
 * and the routing rows of the customers that followed (their currency), in
 * one statement for all of them. When the directory refuses, the step kept
 * in the shard's batch (`step`) is sent (`later`) and copies the shard's
 * values later; the shard's change stands. A request stopped before this
 * write leaves the kept step to the cron.
 */
async function followInDirectory(
  directory: Db,
  partner: Account | null,
  followed: Followed[],
  step: CopyAccountMessage,
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<void> {
  betweenDatabases("accountCopy");
  const stmts: Statements = [];
  const part = partner && directoryPart(partner);
  if (partner && part) stmts.push(directoryCopyStatement(directory, partner.id, part, partner.directoryVersion));
  if (followed.length)
    stmts.push(
      raw(sql`update "accounts" set "currency" = json_extract(f.value, '$.currency'), "directory_version" = json_extract(f.value, '$.directoryVersion')
        from json_each(${JSON.stringify(followed)}) f
        where "accounts"."id" = json_extract(f.value, '$.id') and "accounts"."type" = 'customer'
          and "accounts"."directory_version" < json_extract(f.value, '$.directoryVersion')`),
    );
  await writeDirectoryCopies(directory, stmts, step, later);
}

/**
 * The partner changes its currency (with the rest of its details): one batch
 * on its shard, refused whole (409, naming them) while a price group has
 * prices only in the current one as the batch reads it (pricedOnlyInGuard),
 * writes its row, the entry in its own trail
 * (`accountCurrencyChanged`) and its customers' move (followStatements), then
 * the directory follows. Answers the partner's row.
 */
export async function changePartnerCurrency(
  dbs: { shard: Db; directory: Db; shardName: string },
  scope: AdminScope,
  patch: Partial<Account> & { currency: Currency },
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<Account> {
  const { shard, directory } = dbs;
  const partner = scope.account;
  const mine = eq(accounts.id, partner.id);
  const stored = sql`(SELECT ${accounts.currency} FROM ${accounts} WHERE ${mine})`;
  const entry = auditStatement({
    accountId: partner.id,
    partnerAccountId: partner.id,
    code: "accountCurrencyChanged",
    subjectType: "account",
    subjectId: partner.id,
    userId: scope.user.id,
    field: "currency",
    change: sql`json_object('kind', 'name', 'from', ${stored}, 'to', ${patch.currency})`,
    onlyIf: sql`${stored} IS NOT ${patch.currency}`,
  });
  const move = followStatements(shard, sql`${partner.id}`, scope.user.id, sql`${partner.id}`);
  // The directory's copy step, kept in this batch (none where the shard is the directory's own database).
  const copy =
    shard === directory
      ? null
      : keptInFirstBatch(shard, { kind: "copyAccount", shard: dbs.shardName, accountIds: [partner.id], followersOf: [partner.id] } as const);
  const [followed, rows] = await writeThenRead(
    shard,
    [
      pricedOnlyInGuard(partner.id, partner.currency, patch.currency),
      entry,
      ...(copy ? [copy.keep] : []),
      shard
        .update(accounts)
        .set({ ...patch, ...nextDirectoryVersion })
        .where(mine),
      move.entries,
    ],
    [move.rows, shard.select().from(accounts).where(mine)],
  ).catch(async (err: unknown) => {
    if (!PRICED_ONLY_IN_OLD.test(errorText(err))) throw err;
    // Refused by the guard: the groups named as they are now.
    throw refusedForGroups(partner.currency, patch.currency, await groupsPricedOnlyIn(shard, partner.id, partner.currency, patch.currency));
  });
  const row = theRow(rows, "updated account");
  if (copy) await followInDirectory(directory, row, followed, copy.step, later);
  return row;
}

/**
 * The cron's step on one shard: every linked customer of a partner placed
 * there (not one moving: `quiet`) whose currency is not its partner's and
 * that nothing holds back takes it, each with an entry in its trail by the
 * system; then the directory's routing rows follow. Idempotent: a customer
 * that follows is no longer found; run on the directory's own database (the
 * default shard), it touches only the customers of partners placed there.
 */
export async function alignCustomerCurrencies(
  dbs: { shard: Db; directory: Db },
  place: { shard: string; defaultShard: string; quiet: readonly string[] },
  later: (m: CopyAccountMessage) => Promise<void>,
): Promise<Followed[]> {
  const quiet = JSON.stringify(place.quiet);
  const partners = sql`SELECT p2.id FROM accounts p2 WHERE p2.type = 'partner' AND coalesce(p2.shard, ${place.defaultShard}) = ${place.shard}
    AND p2.id NOT IN (SELECT value FROM json_each(${quiet}))`;
  const move = followStatements(dbs.shard, partners, null, sql`${customer("parent_account_id")}`);
  const kept = place.shard === place.defaultShard ? null : crypto.randomUUID();
  const [followed] = await writeThenRead(
    dbs.shard,
    [...(kept ? [keptFollowersStatement(place.shard, partners, move.day, kept)] : []), move.entries],
    [move.rows],
  );
  if (kept && followed.length) {
    const step: CopyAccountMessage & Kept = { kind: "copyAccount", shard: place.shard, accountIds: [], followersOf: keptFollowers(followed), keptId: kept };
    await followInDirectory(dbs.directory, null, followed, step, later);
  }
  return followed;
}
