import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs, multipart } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, contosoDeliversThere, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { json } from "./helpers";
import { nth } from "../present";

/**
 * A write that reaches another partner's rows waits while that partner moves
 * to another shard, as a write of the partner's own does (503, Retry-After;
 * docs/decisions/2026-11-27-writes-to-a-moving-partner-wait.md): Contoso
 * (weur-1) acting on a job it delivers for Northwind (first shard) while
 * Northwind's rows are copied; Fabrikam (Northwind's customer) taking seats of
 * Contoso's published times while Contoso's are. Reads go on. Nothing is
 * written on either shard, and the same write succeeds once the move is over.
 */
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const contoso = (bindings?: Partial<Env>) => apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings });
const customer = (bindings?: Partial<Env>) => apiAs("customerAdmin", { accountId: FABRIKAM, bindings });
const at = (d: number, h = 9) => new Date(Date.UTC(2032, 1, 1 + d, h)).toISOString();
type Job = { id: string; version: number; status: string; lines: { id: string; requestedTimes: string[] }[] };

/** Records a move of `partnerId` from `from` to `to`, copying since a minute ago (null: none), and forgets the cached routing. */
async function moving(partnerId: string, move: { from: string; to: string } | null) {
  const value = move ? JSON.stringify({ ...move, phase: "copying", at: new Date(Date.now() - 60_000).toISOString() }) : null;
  await env.DB.prepare("UPDATE accounts SET shard_move = ?2 WHERE id = ?1").bind(partnerId, value).run();
  clearIsolateCaches();
}

const jobOn = async (shard: typeof first, id: string) => (await shard.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0];

/** Fabrikam asks for times of the workout Contoso delivers; its delivery copy is written on weur-1. */
async function requested(day: number): Promise<Job> {
  const q = capturedQueue();
  const s = await sessions();
  const res = await customer(q.bindings).post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "request",
    sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(day + i)] })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await runFlows(q.sent);
  return json<Job>(res);
}

const expectWaits = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(503);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
};

beforeAll(() => giveFabrikamCredits(60));
beforeEach(() => contosoDeliversThere(WORKOUT));
afterEach(async () => {
  await moving(NORTHWIND, null);
  await moving(CONTOSO, null);
  await resetSecondShard();
});

describe("a write on another partner's rows while that partner moves shard", () => {
  it("the delivering partner's confirmation of a job of a moving partner waits (503), reads go on, and it is made once the move is over", async () => {
    const job = await requested(10);
    const body = { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) };
    await moving(NORTHWIND, { from: "first", to: "weur-1" });

    await expectWaits(await contoso().post(`/v1/jobs/${job.id}/confirm`, body));
    expect(await jobOn(first, job.id)).toMatchObject({ status: job.status, version: job.version });
    expect(await jobOn(second, job.id)).toMatchObject({ status: job.status, version: job.version });
    // A write that is no move (an action item, a file) waits too; reading the job and its trail does not.
    await expectWaits(await contoso().post(`/v1/jobs/${job.id}/artifacts`, multipart({ name: "Agenda", value: "https://example.com/agenda" })));
    expect((await contoso().get(`/v1/jobs/${job.id}`)).status).toBe(200);
    expect((await contoso().get(`/v1/jobs/${job.id}/audit`)).status).toBe(200);

    await moving(NORTHWIND, null);
    const done = await contoso().post(`/v1/jobs/${job.id}/confirm`, body);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await jobOn(first, job.id)).toMatchObject({ status: "confirmed" });
  });

  it("a customer's booking of a moving partner's published times waits (503): no seat is held on its shard, no job written on the customer's", async () => {
    const s = await sessions();
    const slots: string[] = [];
    for (const i of [0, 1]) {
      const res = await contoso().post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, i).id, startsAt: at(30 + i), capacity: 4 });
      expect(res.status).toBe(201);
      slots.push((await json<{ id: string }>(res)).id);
    }
    const body = { workoutId: WORKOUT, mode: "slots", sessions: slots.map((slotId, i) => ({ sessionId: nth(s, i).id, slotId })) };
    const jobs = async () => (await first.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM))).length;
    const before = await jobs();
    await moving(CONTOSO, { from: "weur-1", to: "first" });

    await expectWaits(await customer().post("/v1/bookings", body));
    expect(await second.select().from(schema.slotHolds).where(eq(schema.slotHolds.slotId, slots[0]!))).toEqual([]);
    expect((await second.select().from(schema.slots).where(eq(schema.slots.id, slots[0]!)))[0]).toMatchObject({ seatsTaken: 0 });
    expect(await jobs()).toBe(before);
    // The times are still offered meanwhile.
    expect((await customer().get(`/v1/bookings/options/${WORKOUT}`)).status).toBe(200);

    await moving(CONTOSO, null);
    const q = capturedQueue();
    const booked = await customer(q.bindings).post("/v1/bookings", body);
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect((await second.select().from(schema.slots).where(eq(schema.slots.id, slots[0]!)))[0]).toMatchObject({ seatsTaken: 1 });
  });
});
