/**
 * A linked customer's currency follows its partner's
 * (docs/decisions/2026-11-27-currency-follows-the-partner.md): a partner's
 * change takes its customers with it in the same request, except those with
 * an open booking or a price of their own in the old currency, and is refused
 * while a price group has prices only in the old one; the cron brings
 * customers made before the rule (or held back until then) to their
 * partner's currency, on each shard, once.
 */
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { customerAccounts, partnerAccounts } from "../../db/seed/data";
import { runScheduled } from "../../worker/cron";
import { alignCustomerCurrencies } from "../../worker/data/customer-currency";
import { directoryPart } from "../../worker/data/routing-rows";
import { database } from "../../worker/db";
import type { FlowMessage } from "../../worker/domain/flows";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { ACCOUNT_DETAILS, apiAs, multipart, newCustomer, type Caller } from "./auth";
import { capturedQueue, directory, failingD1, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { dueAndRun, stoppedAt } from "./cut-off-setup";
import { json } from "./helpers";
import { keptFor } from "./kept-setup";

const { northwind, contoso } = DEMO;
const { harbour, wideWorld, fabrikam, alpine, tailspin } = DEMO.customers;
const CONTOSO_CUSTOMERS = [harbour.id, wideWorld.id];
const NORTHWIND_CUSTOMERS = [fabrikam.id, alpine.id, tailspin.id];

type Currency = "USD" | "GBP" | "CAD";
const seeded = (id: string) => [...partnerAccounts, ...customerAccounts].find((a) => a.id === id)!.currency as Currency;

/** Each account's currency on its shard and in the directory. */
async function currencies(shard: typeof first, ids: string[]) {
  const read = (db: typeof first) =>
    db.select({ id: schema.accounts.id, currency: schema.accounts.currency }).from(schema.accounts).where(inArray(schema.accounts.id, ids));
  const [onShard, inDirectory] = await Promise.all([read(shard), read(directory)]);
  return Object.fromEntries(
    ids.map((id) => [id, { shard: onShard.find((r) => r.id === id)?.currency, directory: inDirectory.find((r) => r.id === id)?.currency }]),
  );
}

const both = (currency: Currency) => ({ shard: currency, directory: currency });

/** The partner's Account Details saved with `currency` (the rest as the demo has them). */
const saveCurrency = (who: Caller, partnerId: string, currency: string, opts: { bindings?: Record<string, unknown> } = {}) => {
  const partner = partnerAccounts.find((p) => p.id === partnerId)!;
  const data = { ...ACCOUNT_DETAILS, name: partner.name, website: partner.website, primaryEmail: partner.primaryEmail, location: partner.location, currency };
  return apiAs(who, { accountId: partnerId, ...opts }).send("PUT", `/v1/admin/accounts/${partnerId}/profile`, multipart(data));
};

const preview = (who: Caller, partnerId: string, currency: string) =>
  apiAs(who, { accountId: partnerId }).get(`/v1/admin/accounts/${partnerId}/currency-change?currency=${currency}`);

/** A money price of Contoso's price group in `currency` for one of its workouts (the same workout each time). */
async function priceContosoGroup(currency: Currency) {
  const [line] = await second
    .select()
    .from(schema.pricingLines)
    .where(and(eq(schema.pricingLines.accountId, contoso.id), eq(schema.pricingLines.pricingType, "value")))
    .orderBy(schema.pricingLines.id)
    .limit(1);
  const { id: _id, ...copy } = line!;
  await second.insert(schema.pricingLines).values({ ...copy, priceType: "customerPriceGroup", priceGroupId: contoso.priceGroupId, currency });
}

/**
 * `d1` as a request opens it, whose first batch after a statement matching
 * `pattern` was prepared runs `before` first: a change another request makes
 * between this one's reads and its batch, every time at the same point.
 */
function beforeBatch(d1: D1Database, pattern: RegExp, before: () => Promise<unknown>): D1Database & { ran: () => boolean } {
  const state = { armed: false, ran: false };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key) {
        const d = obj as unknown as D1Database;
        if (key === "ran") return () => state.ran;
        if (key === "prepare")
          return (query: string) => {
            if (!state.ran && pattern.test(query)) state.armed = true;
            return d.prepare(query);
          };
        if (key === "batch")
          return async (stmts: D1PreparedStatement[]) => {
            if (state.armed && !state.ran) {
              state.ran = true;
              await before();
            }
            return d.batch(stmts);
          };
        if (key === "withSession") return (...args: unknown[]) => wrap(d.withSession(...(args as [string])));
        const value = Reflect.get(obj, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
      },
    });
  return wrap(d1) as D1Database & { ran: () => boolean };
}

/** An open booking of the customer priced in `currency`, on `db` (its shard). */
async function openBooking(db: typeof first, customerId: string, partnerId: string, currency: Currency) {
  const [workout] = await db.select({ id: schema.workouts.id }).from(schema.workouts).where(eq(schema.workouts.accountId, partnerId)).limit(1);
  await db
    .insert(schema.jobs)
    .values({ accountId: customerId, partnerAccountId: partnerId, workoutId: workout!.id, status: "confirmed", priceAmount: 50001, currency });
}

/** The audit entries of `code` in `accountId`'s trail, as written on `db`. */
const entries = (db: typeof first, accountId: string, code: schema.AuditEntry["code"]) =>
  db
    .select()
    .from(schema.auditEntries)
    .where(and(eq(schema.auditEntries.accountId, accountId), eq(schema.auditEntries.code, code)));

/** The first shard (the directory's own database) as seeded: Northwind's and its customers' currencies. */
async function resetFirstShard() {
  for (const id of [northwind.id, ...NORTHWIND_CUSTOMERS])
    await first
      .update(schema.accounts)
      .set({ currency: seeded(id) })
      .where(eq(schema.accounts.id, id));
  await first.delete(schema.jobs).where(eq(schema.jobs.priceAmount, 50001));
}

afterEach(async () => {
  await resetSecondShard();
  await resetFirstShard();
  // The directory's copies of Contoso and its customers (the second shard's reset seeds the shard only where the directory has rows).
  for (const id of [contoso.id, ...CONTOSO_CUSTOMERS])
    await directory
      .update(schema.accounts)
      .set({ currency: seeded(id) })
      .where(eq(schema.accounts.id, id));
  clearIsolateCaches();
});

describe("a partner changes its currency", () => {
  it("on its own shard (Contoso, weur-1): its customers follow in the same request, the directory with them, each change in the trail", async () => {
    const res = await saveCurrency("otherPartnerAdmin", contoso.id, "USD");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ id: contoso.id, currency: "USD" });
    expect(await currencies(second, [contoso.id, ...CONTOSO_CUSTOMERS])).toEqual({
      [contoso.id]: both("USD"),
      [harbour.id]: both("USD"),
      [wideWorld.id]: both("USD"),
    });
    // The partner's own trail, by its admin; each customer's, stamped with the partner.
    const [own] = await entries(second, contoso.id, "accountCurrencyChanged");
    expect(own?.data).toMatchObject({ field: "currency", change: { kind: "name", from: "GBP", to: "USD" } });
    for (const id of CONTOSO_CUSTOMERS) {
      const [entry] = await entries(second, id, "customerCurrencyChanged");
      expect(entry).toMatchObject({ partnerAccountId: contoso.id, data: { field: "currency", change: { kind: "name", from: "GBP", to: "USD" } } });
      expect(entry?.userId).toBeTruthy();
    }
    // Saving again with the same currency changes nothing more.
    expect((await saveCurrency("otherPartnerAdmin", contoso.id, "USD")).status).toBe(200);
    expect(await entries(second, contoso.id, "accountCurrencyChanged")).toHaveLength(1);
    expect(await entries(second, harbour.id, "customerCurrencyChanged")).toHaveLength(1);
  });

  it("keeps a customer with an open booking priced in the old currency, as the preview says beforehand", async () => {
    await openBooking(second, wideWorld.id, contoso.id, "GBP");
    const before = await preview("otherPartnerAdmin", contoso.id, "USD");
    expect(before.status).toBe(200);
    expect(await json(before)).toEqual({ from: "GBP", to: "USD", follow: 1, keep: { total: 1, bookings: 1, prices: 0 }, priceGroups: [] });
    expect((await saveCurrency("otherPartnerAdmin", contoso.id, "USD")).status).toBe(200);
    expect(await currencies(second, CONTOSO_CUSTOMERS)).toEqual({ [harbour.id]: both("USD"), [wideWorld.id]: both("GBP") });
    // Afterwards the partner's screen reads who still pays in another currency.
    expect(await json(await preview("otherPartnerAdmin", contoso.id, "USD"))).toMatchObject({ follow: 0, keep: { total: 1, bookings: 1 } });
  });

  it("on the directory's own database (Northwind, first): customers with open bookings or their own prices keep theirs", async () => {
    // The demo's customers have open bookings priced in USD; a new customer linked by the TAN has none and follows.
    const fresh = await newCustomer("Cedar Cabins");
    expect((await apiAs(fresh.token, { accountId: fresh.id }).post(`/v1/admin/accounts/${fresh.id}/assign-parent`, { tan: northwind.tan })).status).toBe(200);
    const res = await preview("partnerAdmin", northwind.id, "CAD");
    expect(await json(res)).toEqual({ from: "USD", to: "CAD", follow: 1, keep: { total: 3, bookings: 3, prices: 0 }, priceGroups: [] });
    expect((await saveCurrency("partnerAdmin", northwind.id, "CAD")).status).toBe(200);
    expect(await currencies(first, [northwind.id, fresh.id, ...NORTHWIND_CUSTOMERS])).toEqual({
      [northwind.id]: both("CAD"),
      [fresh.id]: both("CAD"),
      [fabrikam.id]: both("USD"),
      [alpine.id]: both("USD"),
      [tailspin.id]: both("USD"),
    });
  });

  it("is refused while a price group has prices only in the old currency, naming it, with nothing changed", async () => {
    await priceContosoGroup("GBP");
    const before = await preview("otherPartnerAdmin", contoso.id, "USD");
    expect((await json(before)).priceGroups).toEqual([{ id: contoso.priceGroupId, name: "Public Sector" }]);
    const res = await saveCurrency("otherPartnerAdmin", contoso.id, "USD");
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe("These price groups have prices only in GBP: Public Sector. Price them in USD first.");
    expect(await currencies(second, [contoso.id, ...CONTOSO_CUSTOMERS])).toEqual({
      [contoso.id]: both("GBP"),
      [harbour.id]: both("GBP"),
      [wideWorld.id]: both("GBP"),
    });
    expect(await entries(second, contoso.id, "accountCurrencyChanged")).toEqual([]);
    // Priced in dollars too, the group no longer holds the change back.
    await priceContosoGroup("USD");
    expect((await json(await preview("otherPartnerAdmin", contoso.id, "USD"))).priceGroups).toEqual([]);
    expect((await saveCurrency("otherPartnerAdmin", contoso.id, "USD")).status).toBe(200);
  });

  it("is refused whole, with the same words, when such a price group is priced between the request's reads and its batch", async () => {
    // The group's only-in-pounds price lands right before the batch that writes the change (after anything the request read).
    const shard = beforeBatch(env.SHARD_WEUR_1, /^update "accounts"/i, () => priceContosoGroup("GBP"));
    const res = await saveCurrency("otherPartnerAdmin", contoso.id, "USD", { bindings: { SHARD_WEUR_1: shard } });
    expect(shard.ran()).toBe(true);
    expect(res.status).toBe(409);
    const why = "These price groups have prices only in GBP: Public Sector. Price them in USD first.";
    expect((await json(res)).error).toMatchObject({ message: why, fields: { currency: why } });
    expect(await currencies(second, [contoso.id, ...CONTOSO_CUSTOMERS])).toEqual({
      [contoso.id]: both("GBP"),
      [harbour.id]: both("GBP"),
      [wideWorld.id]: both("GBP"),
    });
    expect(await entries(second, contoso.id, "accountCurrencyChanged")).toEqual([]);
    expect(await entries(second, harbour.id, "customerCurrencyChanged")).toEqual([]);
  });

  it("refuses an unknown currency, no token, a member who is not an admin, a customer and another partner, changing nothing", async () => {
    expect((await saveCurrency("otherPartnerAdmin", contoso.id, "EUR")).status).toBe(400);
    expect((await saveCurrency(null, contoso.id, "USD")).status).toBe(401);
    expect((await saveCurrency("partnerMember", northwind.id, "CAD")).status).toBe(403);
    // A customer's admin, and Contoso's admin, on Northwind's settings.
    expect((await saveCurrency("customerAdmin", northwind.id, "CAD")).status).toBeGreaterThanOrEqual(403);
    expect((await saveCurrency("otherPartnerAdmin", northwind.id, "CAD")).status).toBeGreaterThanOrEqual(403);
    expect(await currencies(first, [northwind.id, ...NORTHWIND_CUSTOMERS])).toEqual({
      [northwind.id]: both("USD"),
      [fabrikam.id]: both("USD"),
      [alpine.id]: both("USD"),
      [tailspin.id]: both("USD"),
    });
    expect(await currencies(second, [contoso.id])).toEqual({ [contoso.id]: both("GBP") });
    // The preview has the same doors.
    expect((await preview("otherPartnerAdmin", contoso.id, "EUR")).status).toBe(400);
    expect((await preview(null, contoso.id, "USD")).status).toBe(401);
    expect((await preview("partnerMember", northwind.id, "CAD")).status).toBe(403);
    expect((await preview("customerAdmin", fabrikam.id, "CAD")).status).toBe(403);
    expect((await preview("otherPartnerAdmin", northwind.id, "CAD")).status).toBeGreaterThanOrEqual(403);
  });

  it("when the directory refuses its copies, the change stands on the shard and the flow queue's step brings the directory to it, idempotently", async () => {
    const queue = capturedQueue();
    const failing = failingD1(env.DB, /^update "accounts"/i, Infinity);
    const res = await saveCurrency("otherPartnerAdmin", contoso.id, "USD", { bindings: { DB: failing, ...queue.bindings } });
    expect(res.status).toBe(200);
    expect(failing.failures).toBeGreaterThan(0);
    expect(await currencies(second, [contoso.id, harbour.id])).toEqual({
      [contoso.id]: { shard: "USD", directory: "GBP" },
      [harbour.id]: { shard: "USD", directory: "GBP" },
    });
    // The step kept in the shard's batch, naming the partner whose followers it finds when it runs.
    expect(queue.sent).toEqual([{ kind: "copyAccount", shard: "weur-1", accountIds: [contoso.id], followersOf: [contoso.id], keptId: expect.any(String) }]);
    expect((await keptFor(env.SHARD_WEUR_1, contoso.id, "copyAccount")).map((k) => k.id)).toEqual([queue.sent[0]!.keptId]);
    for (let run = 0; run < 2; run++) {
      const result = await runFlows(queue.sent);
      expect(result.explicitAcks).toHaveLength(1);
      expect(await currencies(second, [contoso.id, ...CONTOSO_CUSTOMERS])).toEqual({
        [contoso.id]: both("USD"),
        [harbour.id]: both("USD"),
        [wideWorld.id]: both("USD"),
      });
    }
    const [partner] = await directory.select().from(schema.accounts).where(eq(schema.accounts.id, contoso.id));
    expect(partner).toMatchObject({ name: "Contoso Skills", shard: "weur-1", tan: contoso.tan });
  });
});

describe("the cron's alignment of customers made before the rule", () => {
  it("moves each linked customer to its partner's currency on both shards, keeps the ones held back, and does it once", async () => {
    // Made before the rule: Tailspin (Northwind, USD) in GBP; Wide World (Contoso, GBP) in USD; Harbour in CAD with an open CAD booking.
    await first.update(schema.accounts).set({ currency: "GBP" }).where(eq(schema.accounts.id, tailspin.id));
    for (const [id, currency] of [
      [wideWorld.id, "USD"],
      [harbour.id, "CAD"],
    ] as const) {
      await second.update(schema.accounts).set({ currency }).where(eq(schema.accounts.id, id));
      await directory.update(schema.accounts).set({ currency }).where(eq(schema.accounts.id, id));
    }
    await openBooking(second, harbour.id, contoso.id, "CAD");
    // A customer price of its own in its currency holds Alpine (set to CAD) back too.
    await first.update(schema.accounts).set({ currency: "CAD" }).where(eq(schema.accounts.id, alpine.id));
    const [line] = await first.select().from(schema.pricingLines).where(eq(schema.pricingLines.accountId, northwind.id)).limit(1);
    const { id: _id, ...copy } = line!;
    await first
      .insert(schema.pricingLines)
      .values({ ...copy, priceType: "customer", customerAccountId: alpine.id, priceGroupId: null, pricingType: "value", currency: "CAD" });

    for (let run = 0; run < 2; run++) {
      await runScheduled(env, Date.now());
      expect(await currencies(first, [tailspin.id, alpine.id, fabrikam.id])).toEqual({
        [tailspin.id]: both("USD"),
        [alpine.id]: both("CAD"),
        [fabrikam.id]: both("USD"),
      });
      expect(await currencies(second, CONTOSO_CUSTOMERS)).toEqual({ [wideWorld.id]: both("GBP"), [harbour.id]: both("CAD") });
    }
    // One entry each, by the system, in the customer's trail stamped with its partner.
    const [tailspinEntry, ...moreTailspin] = await entries(first, tailspin.id, "customerCurrencyChanged");
    expect(moreTailspin).toEqual([]);
    expect(tailspinEntry).toMatchObject({ userId: null, partnerAccountId: northwind.id, data: { actor: "system", change: { from: "GBP", to: "USD" } } });
    const wide = await entries(second, wideWorld.id, "customerCurrencyChanged");
    expect(wide).toHaveLength(1);
    expect(wide[0]).toMatchObject({ partnerAccountId: contoso.id, data: { change: { from: "USD", to: "GBP" } } });
    expect(await entries(second, harbour.id, "customerCurrencyChanged")).toEqual([]);
    await first.delete(schema.pricingLines).where(eq(schema.pricingLines.customerAccountId, alpine.id));
  });
});

/** What the directory keeps of each account (with its version), on the second shard and in the directory. */
async function directoryParts(ids: string[]) {
  const read = (db: typeof first) => db.select().from(schema.accounts).where(inArray(schema.accounts.id, ids));
  const [onShard, inDirectory] = await Promise.all([read(second), read(directory)]);
  const part = (rows: schema.Account[], id: string) => {
    const row = rows.find((r) => r.id === id)!;
    return { ...directoryPart(row), version: row.directoryVersion };
  };
  return Object.fromEntries(ids.map((id) => [id, { shard: part(onShard, id), directory: part(inDirectory, id) }]));
}

/** Whether the directory holds what the shard holds of each account. */
async function expectDirectoryEqualsShard(ids: string[]) {
  for (const [id, parts] of Object.entries(await directoryParts(ids))) expect(parts.directory, id).toEqual(parts.shard);
}

/** The cron's alignment of customers' currencies on weur-1, its failed steps to `later`. */
const alignOnWeur1 = (later: (m: FlowMessage) => Promise<void>) =>
  alignCustomerCurrencies({ shard: database(env.SHARD_WEUR_1), directory: database(env.DB) }, { shard: "weur-1", defaultShard: "first", quiet: [] }, later);

/** The new `copyAccount` steps weur-1 keeps for `accountId` (not in `was`). */
const newKept = async (accountId: string, was: string[] = []) =>
  (await keptFor(env.SHARD_WEUR_1, accountId, "copyAccount")).map((k) => k.id).filter((id) => !was.includes(id));

describe("a currency change cut off between the shard and the directory", () => {
  it("a partner's change: the step kept in the shard's batch brings the directory to the partner and its followers", async () => {
    const queue = capturedQueue();
    const res = await stoppedAt("accountCopy", () => saveCurrency("otherPartnerAdmin", contoso.id, "USD", { bindings: queue.bindings }));
    expect(res.status).toBe(500);
    expect(queue.sent).toEqual([]);
    expect(await currencies(second, [contoso.id, ...CONTOSO_CUSTOMERS])).toEqual({
      [contoso.id]: { shard: "USD", directory: "GBP" },
      [harbour.id]: { shard: "USD", directory: "GBP" },
      [wideWorld.id]: { shard: "USD", directory: "GBP" },
    });
    const kept = await newKept(contoso.id);
    expect(kept).toHaveLength(1);

    const [step] = await dueAndRun(contoso.id, kept, env.SHARD_WEUR_1);
    expect(step).toMatchObject({ kind: "copyAccount", accountIds: [contoso.id], followersOf: [contoso.id] });
    await expectDirectoryEqualsShard([contoso.id, ...CONTOSO_CUSTOMERS]);
    expect(await currencies(second, [contoso.id, ...CONTOSO_CUSTOMERS])).toEqual({
      [contoso.id]: both("USD"),
      [harbour.id]: both("USD"),
      [wideWorld.id]: both("USD"),
    });
    // It succeeded: its row is gone, and run again it changes nothing.
    expect(await newKept(contoso.id)).toEqual([]);
    const after = await directoryParts([contoso.id, ...CONTOSO_CUSTOMERS]);
    await runFlows([step!]);
    expect(await directoryParts([contoso.id, ...CONTOSO_CUSTOMERS])).toEqual(after);
  });

  it("a completed change keeps its step too, which later finds the directory equal and changes nothing", async () => {
    const res = await saveCurrency("otherPartnerAdmin", contoso.id, "USD");
    expect(res.status).toBe(200);
    await expectDirectoryEqualsShard([contoso.id, ...CONTOSO_CUSTOMERS]);
    const before = await directoryParts([contoso.id, ...CONTOSO_CUSTOMERS]);
    const kept = await newKept(contoso.id);
    expect(kept).toHaveLength(1);
    await dueAndRun(contoso.id, kept, env.SHARD_WEUR_1);
    expect(await directoryParts([contoso.id, ...CONTOSO_CUSTOMERS])).toEqual(before);
    expect(await newKept(contoso.id)).toEqual([]);
  });

  it("the cron's alignment: the step kept in its batch names the partners whose customers followed", async () => {
    // Wide World made before the rule, in dollars under Contoso (pounds).
    for (const db of [second, directory]) await db.update(schema.accounts).set({ currency: "USD" }).where(eq(schema.accounts.id, wideWorld.id));
    const sent: unknown[] = [];
    const followed = await stoppedAt("accountCopy", () => alignOnWeur1(async (m) => void sent.push(m))).catch((err: unknown) => err);
    expect(followed).toBeInstanceOf(Error);
    expect(sent).toEqual([]);
    expect(await currencies(second, [wideWorld.id])).toEqual({ [wideWorld.id]: { shard: "GBP", directory: "USD" } });
    const kept = await newKept(contoso.id);
    expect(kept).toHaveLength(1);

    const [step] = await dueAndRun(contoso.id, kept, env.SHARD_WEUR_1);
    expect(step).toMatchObject({ kind: "copyAccount", shard: "weur-1", accountIds: [], followersOf: [contoso.id] });
    expect(await currencies(second, [wideWorld.id])).toEqual({ [wideWorld.id]: both("GBP") });
    await expectDirectoryEqualsShard([wideWorld.id]);
    // Nothing left to follow: a run keeps no step.
    expect(await alignOnWeur1(async () => {})).toEqual([]);
    expect(await newKept(contoso.id)).toEqual([]);
  });
});
