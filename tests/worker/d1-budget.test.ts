import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { first } from "../present";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { authed, signInCookie, tokenFor } from "./auth";
import { call, json } from "./helpers";

// The D1 round-trip budget of the common reads and writes (the same list as
// `npm run bench`'s D1 table): a server-rendered page makes no D1 call once
// its tenant is cached; an authenticated read at most 3 (caller, membership,
// data).
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const READ = 3;
// A booking and each job move: the membership check, one read batch, one write batch (mail included), one read-back.
const WRITE = 4;
const WORKOUT = DEMO.workouts.copilotFoundations;
// Home's whole homepage in one read (see the test); 8 to 13 calls before its reads were batched.
// A "recommended" slot (none in the demo) adds two: the weakest categories' workouts and their visibility.
const HOME_CUSTOMER = 5;
const HOME_PARTNER = 4;
const db = drizzle(env.DB, { schema });

function d1Calls(res: Response): number {
  const m = res.headers.get("Server-Timing")?.match(/d1;desc="(\d+) calls"/);
  if (!m) throw new Error(`no D1 figure in Server-Timing: ${res.headers.get("Server-Timing")}`);
  return Number(m[1]);
}

const customer = async (init: RequestInit = {}) => authed(await tokenFor("customerMember"), { ...init, accountId: FABRIKAM });
const partner = async (init: RequestInit = {}) => authed(await tokenFor("partnerAdmin"), { ...init, accountId: NORTHWIND });

/** The calls of a warm request: the same request is sent once before, so per-isolate caches are filled. */
async function warm(path: string, init: () => Promise<RequestInit & { host?: string }>): Promise<number> {
  const first = await call(path, await init());
  expect(first.status).toBe(200);
  await first.arrayBuffer();
  const res = await call(path, await init());
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return d1Calls(res);
}

describe("D1 round trips per request", () => {
  const table: [string, number, number][] = [];
  const record = (name: string, calls: number, budget: number) => {
    table.push([name, calls, budget]);
    expect.soft(calls, name).toBeLessThanOrEqual(budget);
  };

  it("server-rendered pages make no D1 call on a warm tenant cache", async () => {
    record("shell /help (partner host)", await warm("/help", async () => ({ host: "learn.northwind.test" })), 0);
    const cookie = await signInCookie("dan@fabrikam.test");
    // Signed in, the page reads what the client needs to start (session and user, memberships, invites,
    // accounts; the token comes with the session read, the signing keys are kept per isolate) in the
    // Worker, instead of the browser's seven sequential requests after hydration (9 calls before).
    record("shell /bookings (signed in, identity inlined)", await warm("/bookings", async () => ({ headers: { Cookie: cookie } })), 5);
    // Home also inlines its first reads, answered by the API in-process (the page's memberships serve
    // their membership checks): the identity's 5, then the reads' own (22 and 20 before the homepage's were batched).
    record("shell / customer (identity, Home's reads)", await warm("/", async () => ({ headers: { Cookie: cookie } })), 13);
    const partnerCookie = await signInCookie("ada@northwind.test");
    record("shell / partner (identity, Home's reads)", await warm("/", async () => ({ headers: { Cookie: partnerCookie } })), 10);
  });

  it("common reads stay within three calls", async () => {
    const [firstWorkout] = (await json(await call("/v1/workouts?limit=1", await customer()))).items;
    const reads: [string, string, () => Promise<RequestInit>][] = [
      ["GET /v1/styles", `/v1/styles?origin=${encodeURIComponent("https://learn.northwind.test")}`, async () => ({})],
      ["GET /v1/workouts", "/v1/workouts?limit=24", customer],
      ["GET /v1/workouts/{id}", `/v1/workouts/${firstWorkout.id}`, customer],
      ["GET /v1/bookings", "/v1/bookings", customer],
      ["GET /v1/jobs", "/v1/jobs", partner],
      ["GET /v1/entitlements", "/v1/entitlements", customer],
      ["GET /v1/scores/summary", "/v1/scores/summary", customer],
      ["GET /v1/admin/dependents", "/v1/admin/dependents", partner],
      ["GET /v1/admin/slots", `/v1/admin/slots?workoutId=${WORKOUT}`, partner],
    ];
    for (const [name, path, init] of reads) record(name, await warm(path, init), READ);
  });

  it("Home's read makes a fixed number of calls, however many rows and categories the homepage has", async () => {
    // The caller and membership, one batch (layout, featured groups and their items, a partner's
    // attention counts), the customer's scores for its recommendations (two more reads when they
    // name categories), then the visible workouts: one batch of list reads, their variants, their prices.
    record("GET /v1/homepage (customer)", await warm("/v1/homepage", customer), HOME_CUSTOMER);
    record("GET /v1/homepage (partner)", await warm("/v1/homepage", partner), HOME_PARTNER);
  });

  it("a booking and every job move stay within four calls", async () => {
    const sessions = await db
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, WORKOUT))
      .orderBy(schema.workoutSessions.sequence);
    let day = 400;
    const at = (d: number, h = 9) => new Date(Date.UTC(2030, 0, 1 + d, h)).toISOString();
    const send = async (path: string, init: RequestInit, body: unknown) => {
      const res = await call(path, {
        ...init,
        method: "POST",
        headers: { ...Object.fromEntries(new Headers(init.headers)), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBeLessThan(300);
      return { calls: d1Calls(res), body: await json(res) };
    };
    const book = async () => {
      const d = (day += 3);
      return send("/v1/bookings", await customer(), {
        workoutId: WORKOUT,
        mode: "request",
        sessions: sessions.map((s, i) => ({ sessionId: s.id, times: [at(d + i), at(d + i, 14)] })),
      });
    };
    // Warm the caches (caller, tenant) once.
    await book();
    const booked = await book();
    record("POST /v1/bookings", booked.calls, WRITE);
    const job = booked.body;
    const times = job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] }));
    record("POST /v1/jobs/{id}/deny", (await send(`/v1/jobs/${job.id}/deny`, await partner(), { reason: "availability" })).calls, WRITE);
    const d = (day += 3);
    record(
      "POST /v1/bookings/{id}/schedule",
      (
        await send(`/v1/bookings/${job.id}/schedule`, await customer(), {
          mode: "request",
          sessions: sessions.map((s, i) => ({ sessionId: s.id, times: [at(d + i)] })),
        })
      ).calls,
      WRITE,
    );
    const again = await json(await call(`/v1/bookings/${job.id}`, await customer()));
    const confirm = again.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] }));
    expect(confirm).not.toEqual(times);
    record("POST /v1/jobs/{id}/confirm", (await send(`/v1/jobs/${job.id}/confirm`, await partner(), { lines: confirm })).calls, WRITE);
    record(
      "POST /v1/jobs/{id}/reschedule",
      (await send(`/v1/jobs/${job.id}/reschedule`, await partner(), { reason: "availability", lines: [{ lineId: job.lines[0].id, time: at(d, 11) }] })).calls,
      WRITE,
    );
    // The sessions take place, then are completed one by one and as a whole.
    for (const [i, line] of job.lines.entries()) {
      await db
        .update(schema.jobLines)
        .set({ scheduledAt: new Date(Date.now() - (2 - i) * 86_400_000).toISOString() })
        .where(eq(schema.jobLines.id, line.id));
    }
    record("POST /v1/jobs/{id}/lines/{id}/complete", (await send(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`, await partner(), {})).calls, WRITE);
    record("POST /v1/jobs/{id}/complete", (await send(`/v1/jobs/${job.id}/complete`, await partner(), {})).calls, WRITE);
    const other = (await book()).body;
    record("POST /v1/bookings/{id}/cancel", (await send(`/v1/bookings/${other.id}/cancel`, await customer(), { reason: "requested" })).calls, WRITE);
    const third = (await book()).body;
    record("POST /v1/jobs/{id}/cancel", (await send(`/v1/jobs/${third.id}/cancel`, await partner(), { reason: "requested" })).calls, WRITE);
    // The partner publishes a time for each session, the customer books them, and a spare time is closed.
    const slot = async (sessionId: string, d: number) =>
      (await send("/v1/admin/slots", await partner(), { workoutId: WORKOUT, sessionId, startsAt: at(d), capacity: 2 })).body.id;
    const slotDay = (day += 3);
    await slot(first(sessions).id, slotDay - 1); // warm
    const published = await send("/v1/admin/slots", await partner(), { workoutId: WORKOUT, sessionId: first(sessions).id, startsAt: at(slotDay), capacity: 2 });
    record("POST /v1/admin/slots", published.calls, WRITE);
    const chosen = [{ sessionId: first(sessions).id, slotId: published.body.id }];
    for (const [i, s] of sessions.slice(1).entries()) chosen.push({ sessionId: s.id, slotId: await slot(s.id, slotDay + 1 + i) });
    record(
      "POST /v1/bookings (into slots)",
      (await send("/v1/bookings", await customer(), { workoutId: WORKOUT, mode: "slots", sessions: chosen })).calls,
      WRITE,
    );
    const spare = await slot(first(sessions).id, (day += 3));
    const closed = await call(`/v1/admin/slots/${spare}`, { ...(await partner()), method: "DELETE" });
    expect(closed.status).toBe(204);
    record("DELETE /v1/admin/slots/{id}", d1Calls(closed), WRITE);
  });

  it("prints the table", () => {
    console.log(table.map(([name, calls, budget]) => `${name.padEnd(32)} ${String(calls).padStart(3)} ≤ ${budget}`).join("\n"));
    expect(table.length).toBe(27);
  });
});
