import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { LAST_ATTEMPT } from "../../worker/domain/flows";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs } from "./auth";
import { capturedQueue, directory, failingD1, first, moveContosoToFirstShard, runFlows, second, undoFabrikamRelink } from "./flows-setup";
import { json } from "./helpers";

/**
 * A customer re-linked to a partner on another shard (Fabrikam, Northwind's
 * customer on the first shard, to Contoso on weur-1): what it takes from its
 * new partner, and the parts of its history read where they happened.
 */
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const relinkPath = `/v1/admin/accounts/${FABRIKAM}/assign-parent`;
const cara = () => apiAs("customerAdmin", { accountId: FABRIKAM });

/** Fabrikam's admin links it to Contoso; the Queue's step runs; answers the messages sent. */
async function moveToContoso(bindings: Partial<Env> = {}) {
  const queue = capturedQueue();
  const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
  expect(res.status).toBe(202);
  const result = await runFlows(queue.sent, { bindings });
  clearIsolateCaches();
  return { sent: queue.sent, result };
}

/** Fabrikam's terms on a database: its partner, currency and price group. */
const termsOn = async (db: typeof first) =>
  (
    await db
      .select({ parent: schema.accounts.parentAccountId, currency: schema.accounts.currency, priceGroupId: schema.accounts.priceGroupId })
      .from(schema.accounts)
      .where(eq(schema.accounts.id, FABRIKAM))
  )[0];

afterEach(undoFabrikamRelink);

describe("a customer linked to a partner with another currency", () => {
  it("takes the new partner's currency and no price group across shards, so the new partner's workouts have a price", async () => {
    expect(await termsOn(first)).toMatchObject({ currency: "USD", priceGroupId: expect.any(String) });
    await moveToContoso();
    expect(await termsOn(second)).toEqual({ parent: CONTOSO, currency: "GBP", priceGroupId: null });
    expect(await termsOn(directory)).toMatchObject({ parent: CONTOSO, currency: "GBP" });
    // Contoso prices its own workout in pounds only: the moved customer sees that price and books at it.
    const options = await cara().get(`/v1/bookings/options/${DEMO.workouts.excelForAnalysts}`);
    expect(options.status).toBe(200);
    expect((await json(options)).price).toMatchObject({ kind: "money", currency: "GBP" });
    const sessions = await second
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, DEMO.workouts.excelForAnalysts))
      .orderBy(schema.workoutSessions.sequence);
    const at = (d: number) => new Date(Date.UTC(2030, 5, 1 + d, 9)).toISOString();
    const booked = await cara().post("/v1/bookings", {
      workoutId: DEMO.workouts.excelForAnalysts,
      mode: "request",
      sessions: sessions.map((x, i) => ({ sessionId: x.id, times: [at(i)] })),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect(await json(booked)).toMatchObject({ currency: "GBP" });
    expect((await apiAs(null).get(`/v1/bookings/options/${DEMO.workouts.excelForAnalysts}`)).status).toBe(401);
  });

  it("keeps its currency when the move is compensated on its last attempt", async () => {
    const queue = capturedQueue();
    await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
    const SHARD_FIRST = failingD1(env.SHARD_FIRST, /^update "accounts" set "parent_account_id"/);
    await runFlows(queue.sent, { attempts: LAST_ATTEMPT, bindings: { SHARD_FIRST } });
    expect(await termsOn(directory)).toMatchObject({ parent: NORTHWIND, currency: "USD" });
    expect(await termsOn(first)).toMatchObject({ parent: NORTHWIND, currency: "USD" });
  });

  it("takes the new partner's currency and drops the old partner's price group on the same shard, and keeps both when linked again to the same partner", async () => {
    const before = await termsOn(first);
    const again = await cara().post(relinkPath, { tan: DEMO.northwind.tan });
    expect(again.status).toBe(200);
    expect(await termsOn(first)).toEqual(before);
    await moveContosoToFirstShard();
    const res = await cara().post(relinkPath, { tan: DEMO.contoso.tan });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ parentAccountId: CONTOSO, currency: "GBP" });
    expect(await termsOn(first)).toEqual({ parent: CONTOSO, currency: "GBP", priceGroupId: null });
    expect(await termsOn(directory)).toMatchObject({ parent: CONTOSO, currency: "GBP" });
  });

  it("puts its terms back when the directory refuses a link on the same shard", async () => {
    await moveContosoToFirstShard();
    const before = await termsOn(first);
    const DB = failingD1(env.DB, /^update "accounts" set "parent_account_id"/);
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: { DB } }).post(relinkPath, { tan: DEMO.contoso.tan });
    expect(res.status).toBe(500);
    expect(await termsOn(first)).toEqual(before);
    expect(await termsOn(directory)).toMatchObject({ parent: NORTHWIND, currency: "USD" });
  });
});
