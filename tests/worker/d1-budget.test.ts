import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { first } from "../present";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, getWithCookie, signInCookie, type Api } from "./auth";
import { call, json } from "./helpers";
import { withoutPublishedHours } from "./published-hours";
import { assignParent, first as firstShard, undoFabrikamRelink } from "./flows-setup";
import { holdClockInEachTest, later } from "./clock";
import { d1Figures as d1, warmAnswer, type Figures } from "./d1-figures";

withoutPublishedHours();

// The D1 round-trip budget of the common reads and writes (the same list as
// `npm run bench`'s D1 table): a signed-out server-rendered page makes no D1
// call once its tenant is cached; an authenticated read at most 3 calls
// (membership, data), and every row its sequential depth (no list of rows
// allowed over it).
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const READ = 3;
// A booking and each job move: the membership check, one read batch, one write batch (mail included) that reads the job back.
const WRITE = 3;
// Sequential round trips (what a user far from the database waits for): a server-rendered signed-in
// page at most 3, an API read 2, a booking or job move 3 (docs/decisions/2026-11-27-fewer-sequential-round-trips.md).
const PAGE_DEPTH = 3;
const READ_DEPTH = 2;
const WRITE_DEPTH = 3;
const WORKOUT = DEMO.workouts.copilotFoundations;
// Home's whole homepage in one read (see the test): the membership, then one batch; 8 to 13 calls before its reads were batched.
// A "recommended" slot (none in the demo) adds two: the customer's recommendations, then their workouts.
const HOME = 2;
const db = drizzle(env.DB, { schema });

const customer = apiAs("customerMember", { accountId: FABRIKAM });
const partner = apiAs("partnerAdmin", { accountId: NORTHWIND });

/** The calls of a warm request (./d1-figures.ts): the same request sent once before, under the held clock. */
async function warm(send: () => Promise<Response>): Promise<Figures> {
  const res = await warmAnswer(async () => {
    const sent = await send();
    expect(sent.status).toBe(200);
    return sent;
  });
  await res.arrayBuffer();
  return d1(res);
}

describe("D1 round trips per request", () => {
  holdClockInEachTest();
  const table: [string, Figures, number, number][] = [];
  const record = (name: string, { calls, depth }: Figures, budget: number, depthBudget: number) => {
    table.push([name, { calls, depth }, budget, depthBudget]);
    expect.soft(calls, name).toBeLessThanOrEqual(budget);
    expect.soft(depth, `${name}: sequential`).toBeLessThanOrEqual(depthBudget);
  };

  it("server-rendered pages make no D1 call on a warm tenant cache", async () => {
    record("shell /help (partner host)", await warm(() => call("/help", { host: "learn.northwind.test" })), 0, 0);
    const cookie = await signInCookie("dan@fabrikam.test");
    // Signed in, the page reads what the client needs to start in the Worker (9 calls before, one after another
    // in the browser): the session with its user in one read, then side by side the memberships, the invites
    // and the accounts (the token comes with the session read, the signing keys are kept per isolate).
    record("shell /bookings (signed in, identity inlined)", await warm(() => getWithCookie(cookie, "/bookings")), 4, PAGE_DEPTH);
    record("shell /activity (customer)", await warm(() => getWithCookie(cookie, "/activity")), 4, PAGE_DEPTH);
    // Home also inlines its first reads, answered by the API in-process side by side (the page's memberships serve
    // their membership checks), each one batch: the identity's 4, then the reads' own (22 and 20 before they were batched).
    record("shell / customer (identity, Home's reads)", await warm(() => getWithCookie(cookie, "/")), 9, PAGE_DEPTH);
    const partnerCookie = await signInCookie("ada@northwind.test");
    record("shell / partner (identity, Home's reads)", await warm(() => getWithCookie(partnerCookie, "/")), 7, PAGE_DEPTH);
    record("shell /jobs (partner)", await warm(() => getWithCookie(partnerCookie, "/jobs")), 4, PAGE_DEPTH);
    record("shell /activity (partner)", await warm(() => getWithCookie(partnerCookie, "/activity")), 4, PAGE_DEPTH);
    record("shell /admin/customers/{id}/details", await warm(() => getWithCookie(partnerCookie, `/admin/customers/${FABRIKAM}/details`)), 4, PAGE_DEPTH);
  });

  it("common reads stay within three calls", async () => {
    const [firstWorkout] = (await json(await customer.get("/v1/workouts?limit=1"))).items;
    const [firstJob] = (await json(await partner.get("/v1/jobs?limit=1"))).items;
    const reads: [string, string, Api][] = [
      ["GET /v1/styles", `/v1/styles?origin=${encodeURIComponent("https://learn.northwind.test")}`, apiAs(null)],
      // The row itself read fresh in the invites' round trip, beside the memberships (the bench's first read).
      ["GET /v1/users/me", "/v1/users/me", customer],
      ["GET /v1/users/me (partner)", "/v1/users/me", partner],
      ["GET /v1/bookings/options/{id}", `/v1/bookings/options/${WORKOUT}`, customer],
      ["GET /v1/workouts", "/v1/workouts?limit=24", customer],
      ["GET /v1/workouts/{id}", `/v1/workouts/${firstWorkout.id}`, customer],
      ["GET /v1/bookings", "/v1/bookings", customer],
      ["GET /v1/jobs", "/v1/jobs", partner],
      ["GET /v1/entitlements", "/v1/entitlements", customer],
      ["GET /v1/scores/summary", "/v1/scores/summary", customer],
      ["GET /v1/admin/dependents", "/v1/admin/dependents", partner],
      ["GET /v1/admin/slots", `/v1/admin/slots?workoutId=${WORKOUT}`, partner],
      // Activity: the scores with their entries, the sessions done.
      ["GET /v1/scores/fitness (with entries)", "/v1/scores/fitness?includeEntries=true", customer],
      ["GET /v1/bookings (completed)", "/v1/bookings?status=completed&limit=100", customer],
      ["GET /v1/jobs (completed)", "/v1/jobs?status=completed&limit=100", partner],
      // A customer's details and audit trail, a job's audit trail, the partner's own.
      ["GET /v1/admin/dependents/{id}", `/v1/admin/dependents/${FABRIKAM}`, partner],
      ["GET /v1/admin/dependents/{id}/scores", `/v1/admin/dependents/${FABRIKAM}/scores`, partner],
      ["GET /v1/admin/dependents/{id}/assessments", `/v1/admin/dependents/${FABRIKAM}/assessments`, partner],
      ["GET /v1/admin/dependents/{id}/audit", `/v1/admin/dependents/${FABRIKAM}/audit`, partner],
      ["GET /v1/jobs/{id}/audit", `/v1/jobs/${firstJob.id}/audit`, partner],
      ["GET /v1/admin/audit", "/v1/admin/audit", partner],
    ];
    for (const [name, path, caller] of reads) record(name, await warm(() => caller.get(path)), READ, READ_DEPTH);
  });

  it("an audit trail that names people (attendees, an instructor, who attended) reads their names in the same round trip", async () => {
    const [job] = (await json(await partner.get("/v1/jobs?limit=1"))).items;
    const people = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, "dan@fabrikam.test"));
    const dan = first(people).id;
    const entry = (code: "jobAttendeesChanged" | "jobInstructorChanged" | "jobAttendanceMarked", data: Record<string, unknown>) => ({
      accountId: FABRIKAM,
      partnerAccountId: NORTHWIND,
      code,
      subjectType: "job",
      subjectId: job.id,
      data,
    });
    await db
      .insert(schema.auditEntries)
      .values([
        entry("jobAttendeesChanged", { from: [], to: [dan] }),
        entry("jobInstructorChanged", { from: null, to: dan }),
        entry("jobAttendanceMarked", { from: [], to: [{ userId: dan, present: true }] }),
      ]);
    const trail = async () => {
      const res = await partner.get(`/v1/jobs/${job.id}/audit`);
      const items: { code: string; change: { to: string } }[] = (await json(res.clone())).items;
      const named = items.filter((e) => ["jobAttendeesChanged", "jobInstructorChanged", "jobAttendanceMarked"].includes(e.code));
      expect(named.map((e) => e.change.to)).toEqual(["Dan Moreau", "Dan Moreau", "Dan Moreau"]);
      return res;
    };
    record("GET /v1/jobs/{id}/audit (people named)", await warm(trail), READ, READ_DEPTH);
    record("GET /v1/admin/dependents/{id}/audit (people named)", await warm(() => partner.get(`/v1/admin/dependents/${FABRIKAM}/audit`)), READ, READ_DEPTH);
  });

  it("Home's read makes a fixed number of calls, however many rows and categories the homepage has", async () => {
    // The membership, then one batch: the layout, the featured groups and their items, a partner's
    // attention counts, and the workouts the layout can show with their variants and prices.
    record("GET /v1/homepage (customer)", await warm(() => customer.get("/v1/homepage")), HOME, READ_DEPTH);
    record("GET /v1/homepage (partner)", await warm(() => partner.get("/v1/homepage")), HOME, READ_DEPTH);
  });

  it("a booking and every job move stay within three calls", async () => {
    const sessions = await db
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, WORKOUT))
      .orderBy(schema.workoutSessions.sequence);
    let day = 400;
    const at = (d: number, h = 9) => new Date(Date.UTC(2030, 0, 1 + d, h)).toISOString();
    /**
     * A write's D1 calls and its answer, which must be a success. The caller's per-isolate caches (tenant, shard,
     * session, user) are filled by a read just before; the clock is held, so none lapses in between.
     */
    const written = async (as: Api, send: () => Promise<Response>) => {
      const warmed = await as.get(as === customer ? "/v1/bookings" : "/v1/jobs");
      expect(warmed.status).toBe(200);
      await warmed.arrayBuffer();
      const res = await send();
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return { calls: d1(res), body: await json(res) };
    };
    const book = async () => {
      const d = (day += 3);
      return written(customer, () =>
        customer.post("/v1/bookings", {
          workoutId: WORKOUT,
          mode: "request",
          sessions: sessions.map((s, i) => ({ sessionId: s.id, times: [at(d + i), at(d + i, 14)] })),
        }),
      );
    };
    // Warm the caches (caller, tenant) once.
    await book();
    const booked = await book();
    record("POST /v1/bookings", booked.calls, WRITE, WRITE_DEPTH);
    const job = booked.body;
    const times = job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] }));
    record(
      "POST /v1/jobs/{id}/deny",
      (await written(partner, () => partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" }))).calls,
      WRITE,
      WRITE_DEPTH,
    );
    const d = (day += 3);
    record(
      "POST /v1/bookings/{id}/schedule",
      (
        await written(customer, () =>
          customer.post(`/v1/bookings/${job.id}/schedule`, {
            mode: "request",
            sessions: sessions.map((s, i) => ({ sessionId: s.id, times: [at(d + i)] })),
          }),
        )
      ).calls,
      WRITE,
      WRITE_DEPTH,
    );
    const again = await json(await customer.get(`/v1/bookings/${job.id}`));
    const confirm = again.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] }));
    expect(confirm).not.toEqual(times);
    record(
      "POST /v1/jobs/{id}/confirm",
      (await written(partner, () => partner.post(`/v1/jobs/${job.id}/confirm`, { lines: confirm }))).calls,
      WRITE,
      WRITE_DEPTH,
    );
    record(
      "POST /v1/jobs/{id}/reschedule",
      (
        await written(partner, () =>
          partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: job.lines[0].id, time: at(d, 11) }] }),
        )
      ).calls,
      WRITE,
      WRITE_DEPTH,
    );
    // The sessions take place, then are completed one by one and as a whole.
    for (const [i, line] of job.lines.entries()) {
      await db
        .update(schema.jobLines)
        .set({ scheduledAt: new Date(Date.now() - (2 - i) * 86_400_000).toISOString() })
        .where(eq(schema.jobLines.id, line.id));
    }
    record(
      "POST /v1/jobs/{id}/lines/{id}/complete",
      (await written(partner, () => partner.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`, {}))).calls,
      WRITE,
      WRITE_DEPTH,
    );
    record("POST /v1/jobs/{id}/complete", (await written(partner, () => partner.post(`/v1/jobs/${job.id}/complete`, {}))).calls, WRITE, WRITE_DEPTH);
    const other = (await book()).body;
    record(
      "POST /v1/bookings/{id}/cancel",
      (await written(customer, () => customer.post(`/v1/bookings/${other.id}/cancel`, { reason: "requested" }))).calls,
      WRITE,
      WRITE_DEPTH,
    );
    const third = (await book()).body;
    record(
      "POST /v1/jobs/{id}/cancel",
      (await written(partner, () => partner.post(`/v1/jobs/${third.id}/cancel`, { reason: "requested" }))).calls,
      WRITE,
      WRITE_DEPTH,
    );
    // The partner publishes a time for each session, the customer books them, and a spare time is closed.
    const slot = async (sessionId: string, d: number) =>
      (await written(partner, () => partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId, startsAt: at(d), capacity: 2 }))).body.id;
    const slotDay = (day += 3);
    await slot(first(sessions).id, slotDay - 1); // warm
    const published = await written(partner, () =>
      partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: first(sessions).id, startsAt: at(slotDay), capacity: 2 }),
    );
    record("POST /v1/admin/slots", published.calls, WRITE, WRITE_DEPTH);
    const chosen = [{ sessionId: first(sessions).id, slotId: published.body.id }];
    for (const [i, s] of sessions.slice(1).entries()) chosen.push({ sessionId: s.id, slotId: await slot(s.id, slotDay + 1 + i) });
    record(
      "POST /v1/bookings (into slots)",
      (await written(customer, () => customer.post("/v1/bookings", { workoutId: WORKOUT, mode: "slots", sessions: chosen }))).calls,
      WRITE,
      WRITE_DEPTH,
    );
    const spare = await slot(first(sessions).id, (day += 3));
    await (await partner.get("/v1/jobs")).arrayBuffer();
    const closed = await partner.delete(`/v1/admin/slots/${spare}`);
    expect(closed.status).toBe(204);
    record("DELETE /v1/admin/slots/{id}", d1(closed), WRITE, WRITE_DEPTH);
  });

  it("a customer re-linked to a partner on another shard reads its bookings there and on its former shard within the read budget", async () => {
    expect((await assignParent("customerAdmin", FABRIKAM, DEMO.contoso.tan)).status).toBe(202);
    try {
      const [old] = await firstShard.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM)).limit(1);
      const listed = await json(await customer.get("/v1/bookings?limit=100"));
      expect(listed.items.map((j: { id: string }) => j.id)).toContain(old!.id);
      // The former shard's read runs beside the current one's: one call more than a customer that never moved, no deeper.
      record("GET /v1/bookings (moved customer, 2 shards)", await warm(() => customer.get("/v1/bookings")), READ, READ_DEPTH);
      record("GET /v1/bookings/{id} (moved, former shard)", await warm(() => customer.get(`/v1/bookings/${old!.id}`)), READ, READ_DEPTH);
    } finally {
      await undoFabrikamRelink();
    }
  });

  it("counts a warm request's calls by the held clock: caches that lapse add calls, so the figures above are never a slow machine's", async () => {
    const read = () => customer.get("/v1/bookings");
    const held = await warm(read);
    // Longer than every per-isolate cache keeps an answer (the signing keys, a minute): the Worker's caches age by
    // the same clock the test holds, so the measured request after the warm-up cannot be a lapsed one by chance.
    later(61_000);
    const lapsed = await read();
    expect(lapsed.status).toBe(200);
    expect(d1(lapsed).calls).toBeGreaterThan(held.calls);
    expect(await warm(read)).toEqual(held);
  });

  it("prints the table", () => {
    console.log(
      table
        .map(
          ([name, { calls, depth }, budget, depthBudget]) =>
            `${name.padEnd(44)} ${String(calls).padStart(3)} ≤ ${budget}  ${String(depth).padStart(2)} seq, target ≤ ${depthBudget}${depth > depthBudget ? " (OVER)" : ""}`,
        )
        .join("\n"),
    );
    expect(table.length).toBe(47);
  });
});
