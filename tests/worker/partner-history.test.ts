import { env } from "cloudflare:workers";
import { and, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { assignParent } from "./flows-setup";
import { json } from "./helpers";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const contoso = apiAs("otherPartnerAdmin");
const fabrikam = apiAs("customerAdmin", { accountId: FABRIKAM });

/** Fabrikam's history under Northwind, as stored before the re-link. */
const northwindHistory = async () => ({
  audit: await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.accountId, FABRIKAM)),
  plans: await db.select().from(schema.planEntries).where(eq(schema.planEntries.accountId, FABRIKAM)),
  credits: await db.select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, FABRIKAM)),
  lines: await db.select().from(schema.creditLines).where(eq(schema.creditLines.accountId, FABRIKAM)),
  scores: await db.select().from(schema.scores).where(eq(schema.scores.accountId, FABRIKAM)),
});
let before: Awaited<ReturnType<typeof northwindHistory>>;

beforeAll(async () => {
  before = await northwindHistory();
  // Contoso is on another shard: the link goes through the Queue (202), its step run here.
  const res = await assignParent("customerAdmin", FABRIKAM, DEMO.contoso.tan);
  expect(res.status).toBe(202);
});

describe("a customer that re-links to another partner", () => {
  it("had a history under its first partner, every row stamped with it (the migration's backfill and the insert trigger)", () => {
    for (const rows of Object.values(before)) {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.partnerAccountId === NORTHWIND)).toBe(true);
    }
  });

  it("shows the new partner none of the first partner's audit trail, plan, ledger, scores or assessments", async () => {
    expect((await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/audit`))).items).toEqual([]);
    const details = await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}`));
    expect(details).toMatchObject({ plan: null, creditBalance: 0, recommendations: { basis: "featured" } });
    expect(await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/scores`))).toEqual([]);
    expect(await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/assessments`))).toEqual([]);
    const credits = await (await contoso.get("/v1/admin/exports/credit-entries")).text();
    const scores = await (await contoso.get("/v1/admin/exports/scores")).text();
    for (const line of before.lines) expect(credits).not.toContain(line.id);
    for (const score of before.scores) expect(scores).not.toContain(score.id);
  });

  it("lets the new partner change none of the first partner's plan entries or credit entries (404, nothing written)", async () => {
    const plan = before.plans[0]!;
    const credit = before.credits[0]!;
    const cancel = await contoso.post(`/v1/admin/entitlements/plans/${plan.id}/cancel`, { endDate: "2099-12-31" });
    expect(cancel.status).toBe(404);
    const [contosoPlan] = await (await shardDbOf(CONTOSO)).select().from(schema.plans).where(eq(schema.plans.accountId, CONTOSO));
    if (contosoPlan)
      expect((await contoso.post(`/v1/admin/entitlements/plans/${plan.id}/change`, { planId: contosoPlan.id, startDate: "2099-01-01" })).status).toBe(404);
    const adjust = await contoso.post("/v1/admin/entitlements/credit", {
      accountId: FABRIKAM,
      itemType: "planAdjustment",
      quantity: -1,
      creditEntryId: credit.id,
    });
    expect(adjust.status).toBe(404);
    expect(await northwindHistory()).toEqual(before);
  });

  it("stamps what happens under the new partner with it: the new partner sees that, the customer sees its whole history", async () => {
    const bonus = await contoso.post("/v1/admin/entitlements/credit", { accountId: FABRIKAM, itemType: "bonus", quantity: 3 });
    expect(bonus.status).toBe(201);
    const { creditEntryId } = await json(bonus);
    expect(before.credits.map((c) => c.id)).not.toContain(creditEntryId);
    const score = await contoso.post("/v1/admin/scores/fitness", { accountId: FABRIKAM, category: "strategy", scorePercent: 70 });
    expect(score.status).toBe(201);
    const details = await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}`));
    expect(details.creditBalance).toBe(3);
    expect((await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/scores`))).map((s: { id: string }) => s.id)).toEqual([(await json(score)).id]);
    const trail = (await json(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/audit`))).items;
    expect(trail.length).toBeGreaterThan(0);
    const stamped = await db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.accountId, FABRIKAM), isNull(schema.auditEntries.partnerAccountId)));
    expect(stamped).toEqual([]);

    // The customer keeps its whole history: both partners' scores and ledger.
    const own = await json(await fabrikam.get("/v1/scores/fitness"));
    expect(own.length).toBe(before.scores.length + 1);
    const entitlements = await json(await fabrikam.get("/v1/entitlements"));
    expect(entitlements.creditEntries.length).toBe(before.credits.length + 1);
    expect(entitlements.planEntries.length).toBe(before.plans.length);
  });
});
