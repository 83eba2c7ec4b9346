/**
 * `plan_entries.next_refresh_date` is nullable until a release has run the
 * cron on every shard (the expand step of
 * docs/decisions/2026-11-27-plans-next-refresh.md; the contract step:
 * docs/decisions/2026-11-27-next-refresh-contract-step.md). Until then every
 * row the current code writes has it set, on every shard, and every read
 * takes a row written without it (by a release before the column) as the
 * cron's to date: once, without a second grant.
 */
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { NO_MORE_REFRESHES } from "../../worker/data/plan-renewals";
import { addMonths, dayAfter } from "../../worker/domain/plan-periods";
import { ACCOUNT_DETAILS, apiAs } from "./auth";
import { customerOnDomain } from "./partner-domain";
import { holdClockInEachTest } from "./clock";
import { allDatabases, shardDbOf, shardOfAccount } from "./databases";
import { json } from "./helpers";
import { newMonthlyPlan } from "./plan-setup";
import { first } from "../present";

holdClockInEachTest();
const today = () => new Date().toISOString().slice(0, 10);

const PARTNERS = [
  { name: "Northwind", id: DEMO.northwind.id, api: () => apiAs("partnerAdmin", { accountId: DEMO.northwind.id }), host: `${DEMO.northwind.domain}:5173` },
  { name: "Contoso", id: DEMO.contoso.id, api: () => apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id }), host: `${DEMO.contoso.domain}:5173` },
] as const;

/** The plan entries written without a next refresh, on the directory's database and every shard. */
async function undatedRows(): Promise<{ db: string; id: string; end: string | null }[]> {
  const found = [];
  for (const { name, d1 } of allDatabases()) {
    const { results } = await d1
      .prepare("SELECT id, end_date AS end FROM plan_entries WHERE next_refresh_date IS NULL")
      .all<{ id: string; end: string | null }>();
    found.push(...results.map((r) => ({ db: name, ...r })));
  }
  return found;
}

/** The Worker's cron trigger, as Cloudflare calls it, at `day` 09:00 UTC. */
async function cronOn(day: string) {
  const queue = { sendBatch: async () => undefined } as unknown as Queue;
  await worker.scheduled(createScheduledController({ cron: "*/10 * * * *", scheduledTime: new Date(`${day}T09:00:00Z`) }), { ...env, MAIL_QUEUE: queue });
}

/** A new customer of the partner, made on its domain (on its shard), with no plan; its id and its admin's API there. */
const newCustomerOf = (host: string) => customerOnDomain(host, { ...ACCOUNT_DETAILS, name: `Refresh Co ${crypto.randomUUID().slice(0, 4)}` });

const entriesOf = async (accountId: string) =>
  (await shardDbOf(accountId)).select().from(schema.planEntries).where(eq(schema.planEntries.accountId, accountId));
const creditEntriesOf = async (accountId: string) =>
  (await shardDbOf(accountId)).select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, accountId));

describe("every plan entry the current code writes has its next refresh", () => {
  it("the demo's, on both partners' shards", async () => {
    for (const partner of PARTNERS) {
      const { results } = await (
        await shardOfAccount(partner.id)
      )
        .prepare("SELECT count(*) AS n FROM plan_entries pe JOIN accounts a ON a.id = pe.account_id WHERE a.parent_account_id = ?1")
        .bind(partner.id)
        .all<{ n: number }>();
      expect(results[0]!.n, partner.name).toBeGreaterThan(0);
    }
    expect(await undatedRows()).toEqual([]);
  });

  it("a plan started today, one starting later, a change and a cancellation, under a partner on each shard; the cron keeps them dated", async () => {
    const day = today();
    for (const partner of PARTNERS) {
      const api = partner.api();
      const plan = await newMonthlyPlan(api, "Refresh Monthly", 3);
      const [now, later] = [await newCustomerOf(partner.host), await newCustomerOf(partner.host)];
      const started = await api.post("/v1/admin/entitlements/plan-entries", { accountId: now.id, planId: plan.id, startDate: day });
      expect(started.status).toBe(201);
      const startsLater = addMonths(day, 2);
      const waiting = await api.post("/v1/admin/entitlements/plan-entries", { accountId: later.id, planId: plan.id, startDate: startsLater });
      expect(waiting.status).toBe(201);

      // Started today: granted at once, next looked at the day after that period.
      const [period] = await creditEntriesOf(now.id);
      expect(first(await entriesOf(now.id)).nextRefreshDate).toBe(dayAfter(period!.endDate!));
      // Starting later: looked at on its first day.
      expect(first(await entriesOf(later.id)).nextRefreshDate).toBe(startsLater);

      const entry = await json<{ id: string }>(started);
      const changeFrom = addMonths(day, 1);
      expect(
        (
          await api.post(`/v1/admin/entitlements/plans/${entry.id}/change`, {
            planId: (await newMonthlyPlan(api, "Refresh Monthly", 3)).id,
            startDate: changeFrom,
          })
        ).status,
      ).toBe(201);
      const after = await entriesOf(now.id);
      expect(after.find((e) => e.id !== entry.id)?.nextRefreshDate).toBe(changeFrom);
      expect(after.find((e) => e.id === entry.id)?.nextRefreshDate).toBe(dayAfter(period!.endDate!));

      const waitingEntry = await json<{ id: string; earliestEndDate: string }>(waiting);
      expect((await api.post(`/v1/admin/entitlements/plans/${waitingEntry.id}/cancel`, { endDate: waitingEntry.earliestEndDate })).status).toBe(200);
      expect(first(await entriesOf(later.id)).nextRefreshDate).toBe(startsLater);
    }
    expect(await undatedRows()).toEqual([]);
    for (const on of [today(), addMonths(today(), 1), addMonths(today(), 3)]) await cronOn(on);
    expect(await undatedRows()).toEqual([]);
  }, 30_000);
});

/** The contract step's backfill (docs/decisions/2026-11-27-next-refresh-contract-step.md), as its migration will run it on every database. */
const CONTRACT_BACKFILL = `UPDATE plan_entries SET next_refresh_date = CASE WHEN end_date < date('now') THEN '${NO_MORE_REFRESHES}' ELSE start_date END
  WHERE next_refresh_date IS NULL`;

describe("a plan entry written without a next refresh (by a release before the column)", () => {
  it("reads as any other, and is dated by the cron once, without a second grant; the contract step's backfill dates what the cron leaves", async () => {
    const partner = PARTNERS[1];
    const api = partner.api();
    const plan = await newMonthlyPlan(api, "Refresh Monthly", 3);
    const customer = await newCustomerOf(partner.host);
    const started = await api.post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: today() });
    expect(started.status).toBe(201);
    const entry = await json<{ id: string }>(started);
    const shard = drizzle(await shardOfAccount(customer.id), { schema });
    await shard.update(schema.planEntries).set({ nextRefreshDate: null }).where(eq(schema.planEntries.id, entry.id));
    // Another undated one that ended before any cron dated it: no run reads it again.
    const endedId = crypto.randomUUID();
    await shard.insert(schema.planEntries).values({
      id: endedId,
      accountId: customer.id,
      planId: plan.id,
      planName: "Refresh Monthly",
      variantName: "ended",
      commitmentTerm: "monthly",
      startDate: "2024-01-01",
      endDate: "2024-03-31",
    });

    const read = await customer.api.get("/v1/entitlements");
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ balance: 3, currentPlan: { id: entry.id } });

    await cronOn(today());
    await cronOn(today());
    const [period, ...more] = await creditEntriesOf(customer.id);
    expect(more).toEqual([]);
    const rows = await shard
      .select()
      .from(schema.planEntries)
      .where(inArray(schema.planEntries.id, [entry.id, endedId]));
    expect(rows.find((r) => r.id === entry.id)?.nextRefreshDate).toBe(dayAfter(period!.endDate!));
    expect(rows.find((r) => r.id === endedId)?.nextRefreshDate).toBeNull();

    for (const { d1 } of allDatabases()) await d1.prepare(CONTRACT_BACKFILL).run();
    for (const { d1 } of allDatabases()) await d1.prepare(CONTRACT_BACKFILL).run();
    expect(await undatedRows()).toEqual([]);
    const [ended] = await shard.select().from(schema.planEntries).where(eq(schema.planEntries.id, endedId));
    expect(ended?.nextRefreshDate).toBe(NO_MORE_REFRESHES);
  });
});
