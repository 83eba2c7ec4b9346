import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { MESSAGES } from "../../contract/messages";
import type { FlowMessage } from "../../worker/domain/flows";
import { apiAs } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, failingD1, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { json } from "./helpers";
import { cronKept, exhaust, keptFor } from "./kept-setup";
import { nth } from "../present";
import worker from "../../worker/index";
import { holdClock, later } from "./clock";
import { asks, at, claimsOf, confirm, confirmBody, contoso, contosoDeliversThere, fabrikam, harbour, sent, stored, type Job } from "./claims-setup";

/**
 * Two bookings of one time for one delivering partner never both commit,
 * whichever shards their jobs are on: Contoso (weur-1) delivers Northwind's
 * Copilot Foundations, asked for by Fabrikam (Northwind's customer, its job
 * on the first shard) and by Harbour (Contoso's own customer, its job on
 * weur-1). Every time booked holds a claim on weur-1 (`time_claims`).
 */

/**
 * A D1 binding whose first batch that writes waits for `gate` (after calling
 * `reached`): the request has read what it checks, and writes only once
 * another request has gone through. Sessions included.
 */
function gatedD1(d1: D1Database, gate: Promise<void>, reached: () => void): D1Database {
  let writing = false;
  let passed = false;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key) {
        if (key === "prepare")
          return (query: string) => {
            if (/^\s*(insert|update|delete)\b/i.test(query)) writing = true;
            return (obj as unknown as D1Database).prepare(query);
          };
        if (key === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (writing && !passed) {
              passed = true;
              reached();
              await gate;
            }
            writing = false;
            return (obj as unknown as D1Database).batch(statements);
          };
        if (key === "withSession") return (...args: unknown[]) => wrap((obj as unknown as D1Database).withSession(...(args as [string])));
        const value = Reflect.get(obj, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
      },
    });
  return wrap(d1);
}

/** A gate held shut until `open()`; `reached` resolves when a gated request waits at it. */
function gate() {
  let open!: () => void;
  let arrive!: () => void;
  const shut = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (arrive = r));
  return { shut, reached, arrive, open };
}

beforeAll(() => giveFabrikamCredits(300));
beforeEach(contosoDeliversThere);
afterEach(resetSecondShard);

describe("two confirmations of one time for one delivering partner, from two shards", () => {
  it("book it once when they run at the same moment, round after round: the other is 409 with the clear message and changes nothing", async () => {
    for (let round = 0; round < 3; round++) {
      const times = [at(10 + 3 * round), at(11 + 3 * round)];
      const away = await asks(fabrikam, times);
      const home = await asks(harbour, times);
      const [a, h] = await Promise.all([confirm(away, times), confirm(home, times)]);
      expect([a.status, h.status].sort()).toEqual([200, 409]);
      const [won, lost, lostDb] = a.status === 200 ? [away, home, second] : [home, away, first];
      const refused = await json(a.status === 409 ? a : h);
      expect(refused.error.message).toBe(MESSAGES.timeTaken);
      expect(await stored(lostDb, lost.id)).toMatchObject({ status: "awaitingConfirmation", version: lost.version });
      expect(await claimsOf(lost.id)).toEqual([]);
      expect((await claimsOf(won.id)).map((c) => c.startsAt).sort()).toEqual(times);
    }
  }, 60_000);

  it("refuse the one that read first and writes last: the claim on the partner's shard, not its read, decides", async () => {
    const times = [at(30), at(31)];
    const away = await asks(fabrikam, times);
    const home = await asks(harbour, times);
    // Contoso's confirmation of Fabrikam's job reads Contoso's calendar (free), then waits before any write ...
    const g = gate();
    const bindings = { SHARD_FIRST: gatedD1(env.SHARD_FIRST, g.shut, g.arrive), SHARD_WEUR_1: gatedD1(env.SHARD_WEUR_1, g.shut, g.arrive) };
    const held = confirm(away, times, bindings);
    await g.reached;
    // ... while Harbour's job is confirmed for the same time on weur-1.
    expect((await confirm(home, times)).status).toBe(200);
    g.open();
    const late = await held;
    expect(late.status).toBe(409);
    expect((await json(late)).error.message).toBe(MESSAGES.timeTaken);
    expect(await stored(first, away.id)).toMatchObject({ status: "awaitingConfirmation", version: away.version });
    expect(await claimsOf(away.id)).toEqual([]);
    // The same the other way round: Harbour's job confirmed on weur-1 after Fabrikam's, both read before either wrote.
    const later = [at(33), at(34)];
    const away2 = await asks(fabrikam, later);
    const home2 = await asks(harbour, later);
    const g2 = gate();
    const held2 = confirm(home2, later, { SHARD_WEUR_1: gatedD1(env.SHARD_WEUR_1, g2.shut, g2.arrive) });
    await g2.reached;
    expect((await confirm(away2, later)).status).toBe(200);
    g2.open();
    expect((await held2).status).toBe(409);
    expect(await stored(second, home2.id)).toMatchObject({ status: "awaitingConfirmation", version: home2.version });
  }, 30_000);

  it("refuse a seat in a published time over a confirmed request, and a request over a seat booked from the other shard before its copy arrives", async () => {
    const s = await sessions();
    const slot = async (i: number, startsAt: string) => {
      const res = await contoso().post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, i).id, startsAt, capacity: 4 });
      expect(res.status).toBe(201);
      return (await json<{ id: string }>(res)).id;
    };
    const slotsBody = (ids: string[]) => ({ workoutId: WORKOUT, mode: "slots", sessions: ids.map((slotId, i) => ({ sessionId: nth(s, i).id, slotId })) });
    // Fabrikam's request is confirmed; Harbour cannot take a seat at that time on weur-1.
    const times = [at(40), at(41)];
    const asked = await asks(fabrikam, times);
    expect((await sent((q) => confirm(asked, times, q.bindings))).status).toBe(200);
    const ids = [await slot(0, times[0]!), await slot(1, at(45))];
    const refused = await harbour().post("/v1/bookings", slotsBody(ids));
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe(MESSAGES.timeTaken);
    expect((await second.select().from(schema.slots).where(eq(schema.slots.id, ids[0]!)))[0]).toMatchObject({ seatsTaken: 0 });
    // Fabrikam takes seats from the first shard; its copy not written yet, Harbour's request at that time is still refused.
    const seats = [await slot(0, at(50)), await slot(1, at(51))];
    const booked = await fabrikam(capturedQueue().bindings).post("/v1/bookings", slotsBody(seats));
    expect(booked.status, await booked.clone().text()).toBe(201);
    const home = await asks(harbour, [at(50), at(52)]);
    const over = await confirm(home, [at(50), at(52)]);
    expect(over.status).toBe(409);
    expect((await json(over)).error.message).toBe(MESSAGES.timeTaken);
    // Seats in one published time do not exclude each other: Harbour takes the next seat of Fabrikam's time.
    expect((await harbour().post("/v1/bookings", slotsBody(seats))).status).toBe(201);
  });

  it("are refused without a token and to callers who may not confirm the job; no claim is taken", async () => {
    const times = [at(60), at(61)];
    const home = await asks(harbour, times);
    const away = await asks(fabrikam, times);
    expect((await apiAs(null, { accountId: DEMO.contoso.id }).post(`/v1/jobs/${home.id}/confirm`, confirmBody(home, times))).status).toBe(401);
    // Another partner's admin (Northwind: not Harbour's partner nor its deliverer), a customer's admin.
    expect((await apiAs("partnerAdmin", { accountId: DEMO.northwind.id }).post(`/v1/jobs/${home.id}/confirm`, confirmBody(home, times))).status).toBe(404);
    expect((await harbour().post(`/v1/jobs/${home.id}/confirm`, confirmBody(home, times))).status).toBe(403);
    expect((await apiAs("otherCustomerAdmin", { accountId: FABRIKAM }).post(`/v1/bookings/${away.id}/cancel`, { reason: "requested" })).status).toBe(403);
    expect(await claimsOf(home.id)).toEqual([]);
    expect(await claimsOf(away.id)).toEqual([]);
    expect((await confirm(home, times)).status).toBe(200);
  });
});

describe("a claim", () => {
  it("is never left without its job: a job write that fails gives it back at once, else the flow queue's step does, unless the job holds it", async () => {
    const times = [at(70), at(71)];
    const away = await asks(fabrikam, times);
    const home = await asks(harbour, times);
    // The job's write on the first shard fails after the claim on weur-1: the claim is given back at once.
    const q = capturedQueue();
    const jobRefused = failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/);
    expect((await confirm(away, times, { SHARD_FIRST: jobRefused, ...q.bindings })).status).toBe(500);
    expect(jobRefused.failures).toBe(1);
    expect(await claimsOf(away.id)).toEqual([]);
    expect(q.sent).toEqual([]);
    // The job's write fails and so does the give-back: the flow queue's step gives the claim back.
    const releaseRefused = failingD1(env.SHARD_WEUR_1, /delete from "time_claims"/i, Infinity);
    const res = await confirm(away, times, { SHARD_FIRST: failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/), SHARD_WEUR_1: releaseRefused, ...q.bindings });
    expect(res.status).toBe(500);
    expect(await stored(first, away.id)).toMatchObject({ status: "awaitingConfirmation", version: away.version });
    expect(await claimsOf(away.id)).toHaveLength(2);
    expect(q.sent).toEqual([expect.objectContaining({ kind: "releaseClaims", shard: "weur-1", jobShard: "first" })]);
    // Meanwhile the time is held: Harbour's confirmation is refused.
    expect((await confirm(home, times)).status).toBe(409);
    // Kept on the job's shard; inside the message's window the cron leaves it.
    expect(await keptFor(env.SHARD_FIRST, null, "releaseClaims")).toHaveLength(1);
    expect((await cronKept(null)).filter((m) => m.kind === "releaseClaims")).toEqual([]);
    // The step refused on every attempt, the last included: given up, the claims still there.
    await exhaust(q.sent, { SHARD_WEUR_1: failingD1(env.SHARD_WEUR_1, /delete from "time_claims"/i, Infinity) });
    expect(await claimsOf(away.id)).toHaveLength(2);
    // The cron sends it again: run with the first message (late), the claims go, and the kept step with them.
    const again = (await cronKept(null)).filter((m) => m.kind === "releaseClaims");
    expect(again).toEqual([expect.objectContaining({ kind: "releaseClaims", shard: "weur-1", jobShard: "first" })]);
    expect((await runFlows([...again, ...q.sent], { attempts: 2 })).explicitAcks).toHaveLength(2);
    expect(await claimsOf(away.id)).toEqual([]);
    expect(await keptFor(env.SHARD_FIRST, null, "releaseClaims")).toEqual([]);
    await runFlows(q.sent, { attempts: 3 });
    // The time is free again: Fabrikam's job is confirmed, and a late duplicate of the step leaves the claims its job holds.
    expect((await confirm(away, times)).status).toBe(200);
    const held = await claimsOf(away.id);
    expect(held).toHaveLength(2);
    const step = q.sent[0] as Extract<FlowMessage, { kind: "releaseClaims" }>;
    await runFlows([step]);
    expect(await claimsOf(away.id)).toHaveLength(2);
    expect((await confirm(home, times)).status).toBe(409);
  });

  it("is given back by a cancel, a deny and a move away, on the partner's shard whichever side acts, and the time can be booked again", async () => {
    // Cancelled by the customer on the first shard: its claims on weur-1 go.
    const times = [at(80), at(81)];
    const away = await asks(fabrikam, times);
    expect((await sent((q) => confirm(away, times, q.bindings))).status).toBe(200);
    expect(await claimsOf(away.id)).toHaveLength(2);
    const home = await asks(harbour, times);
    expect((await confirm(home, times)).status).toBe(409);
    expect((await sent((q) => fabrikam(q.bindings).post(`/v1/bookings/${away.id}/cancel`, { reason: "requested" }))).status).toBe(200);
    expect(await claimsOf(away.id)).toEqual([]);
    expect((await confirm(home, times)).status).toBe(200);
    expect(await claimsOf(home.id)).toHaveLength(2);

    // Moved by Contoso: the old time is free, the new one claimed.
    const moveTo = at(80, 13);
    const version = (await stored(second, home.id)).version;
    const moved = await sent((q) =>
      contoso(q.bindings).post(`/v1/jobs/${home.id}/reschedule`, { version, reason: "availability", lines: [{ lineId: home.lines[0]!.id, time: moveTo }] }),
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    const booked = await json<Job>(moved);
    expect((await claimsOf(home.id)).map((c) => c.startsAt).sort()).toEqual([moveTo, times[1]]);
    const next = await asks(fabrikam, [moveTo, at(82)]);
    const clash = await confirm(next, [moveTo, at(82)]);
    expect(clash.status).toBe(409);
    expect((await json(clash)).error.message).toBe(MESSAGES.timeTaken);
    const freed = await asks(fabrikam, [times[0]!, at(83)]);
    expect((await sent((q) => confirm(freed, [times[0]!, at(83)], q.bindings))).status).toBe(200);

    // Sent back by a request to reschedule, then denied: every claim of the job goes, and the times are free.
    const s = await sessions();
    const asked = await harbour().post(`/v1/bookings/${home.id}/schedule`, {
      version: booked.version,
      mode: "request",
      reason: "availability",
      sessions: [{ sessionId: nth(s, 0).id, times: [at(80, 11)] }],
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect((await claimsOf(home.id)).map((c) => c.startsAt)).toEqual([times[1]]);
    expect((await contoso().post(`/v1/jobs/${home.id}/deny`, { reason: "availability" })).status).toBe(200);
    expect(await claimsOf(home.id)).toEqual([]);
    const again = await asks(fabrikam, [moveTo, times[1]!]);
    expect((await confirm(again, [moveTo, times[1]!])).status).toBe(200);
  }, 30_000);

  it("is given back when its session is completed, and expires a day after its end", async () => {
    // Sessions in a few minutes and an hour later (Contoso publishes no hours, so no notice applies).
    const soon = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
    const times = [soon.toISOString(), new Date(soon.getTime() + 90 * 60_000).toISOString()];
    const away = await asks(fabrikam, times);
    expect((await sent((q) => confirm(away, times, q.bindings))).status).toBe(200);
    holdClock();
    try {
      later(5 * 60_000);
      // The first session has begun: Contoso completes it from its copy, and its claim goes; the second keeps its own.
      const done = await sent((q) => contoso(q.bindings).post(`/v1/jobs/${away.id}/lines/${away.lines[0]!.id}/complete`, {}));
      expect(done.status, await done.clone().text()).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await claimsOf(away.id)).map((c) => c.startsAt)).toEqual([times[1]]);

    // The cron removes claims that ended more than a day before it runs, and only those.
    const booked = [at(95), at(96)];
    const other = await asks(fabrikam, booked);
    expect((await sent((q) => confirm(other, booked, q.bindings))).status).toBe(200);
    const mail = { sendBatch: async () => undefined, send: async () => undefined } as unknown as Queue;
    const ctl = createScheduledController({ cron: "*/10 * * * *", scheduledTime: new Date(Date.parse(at(96)) + 86_400_000) });
    await worker.scheduled(ctl, { ...env, MAIL_QUEUE: mail, ...capturedQueue().bindings });
    expect((await claimsOf(other.id)).map((c) => c.startsAt)).toEqual([at(96)]);
  }, 30_000);
});
