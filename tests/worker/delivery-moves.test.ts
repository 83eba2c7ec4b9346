import { and, eq, ne } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { apiAs, multipart } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, contosoDelivers, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { call, json } from "./helpers";

/**
 * The delivering partner acts on a job of another shard: Fabrikam (Northwind's
 * customer, first shard) books a Northwind workout that Contoso (weur-1)
 * delivers. Contoso's moves on its delivery copy are made on the job, on the
 * first shard, with the job's compare-and-set, and the copy follows at once.
 */
const CONTOSO = DEMO.contoso.id;
const queue = () => capturedQueue();
const contoso = (bindings?: Partial<Env>) => apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings });
const customer = apiAs("customerAdmin", { accountId: FABRIKAM });
const inDays = (d: number, h = 9) => new Date(Date.UTC(2031, 2, 1 + d, h)).toISOString();
const jobOn = async (shard: typeof first, id: string) => (await shard.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0];
const linesOn = (shard: typeof first, id: string) => shard.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, id));
type Job = { id: string; version: number; status: string; lines: { id: string; requestedTimes: string[] }[] };

/** Fabrikam asks for the workout Contoso delivers; its delivery copy is written on weur-1 (the Queue's step run). */
async function delivered(day: number): Promise<Job> {
  const q = queue();
  const s = await sessions();
  const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: q.bindings }).post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "request",
    sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(day + i)] })),
  });
  expect(res.status).toBe(201);
  await runFlows(q.sent);
  return json<Job>(res);
}

const confirmBody = (job: Job) => ({ lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) });

/** Contoso confirms the request on its copy (answers the job as it is now). */
async function confirmed(day: number): Promise<Job> {
  const job = await delivered(day);
  const res = await contoso().post(`/v1/jobs/${job.id}/confirm`, confirmBody(job));
  expect(res.status).toBe(200);
  return json<Job>(res);
}

beforeAll(() => giveFabrikamCredits(40));
beforeEach(() => contosoDelivers(WORKOUT));
afterEach(resetSecondShard);

describe("the delivering partner's moves on a job of another shard", () => {
  it("confirms on its copy: the job on the booking's shard is confirmed, audited and mailed there, and the copy follows at once", async () => {
    const job = await delivered(10);
    const q = queue();
    const res = await contoso(q.bindings).post(`/v1/jobs/${job.id}/confirm`, confirmBody(job));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: job.id, status: "confirmed", version: job.version + 1 });
    expect(await jobOn(first, job.id)).toMatchObject({ status: "confirmed", version: job.version + 1 });
    // The copy is at the job's version in the same request, and the Queue's step is sent for the job's shard.
    expect(await jobOn(second, job.id)).toMatchObject({ status: "confirmed", version: job.version + 1 });
    expect((await linesOn(second, job.id)).map((l) => l.status)).toEqual(job.lines.map(() => "confirmed"));
    expect(q.sent).toEqual([{ kind: "deliver", shard: "first", jobId: job.id }]);
    expect((await json(await contoso().get(`/v1/jobs/${job.id}`))).status).toBe("confirmed");
    expect((await json(await customer.get(`/v1/bookings/${job.id}`))).status).toBe("confirmed");
    const entries = await first
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectId, job.id), eq(schema.auditEntries.code, "workoutJobConfirmed")));
    expect(entries).toHaveLength(1);
    const [erin] = await first.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.otherPartnerAdmin.email));
    expect(entries[0]!.userId).toBe(erin!.id);
    // The customer hears of it from the booking's shard, as for a move on the same shard.
    const mail = await first.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, DEMO_USERS.customerAdmin.email));
    expect(mail.some((m) => m.subject.includes("onfirm"))).toBe(true);
  });

  it("denies and proposes other times on its copy; a move on an older version is 409, writes no move, and brings the copy to the job's version", async () => {
    const job = await delivered(20);
    const times = job.lines.map((l, i) => ({ lineId: l.id, times: [inDays(40 + i, 10)] }));
    // The job changed on its shard meanwhile (a version the copy has not seen): Contoso's proposal, on the copy's version, is refused.
    await first
      .update(schema.jobs)
      .set({ version: job.version + 1 })
      .where(eq(schema.jobs.id, job.id));
    const stale = await contoso().post(`/v1/jobs/${job.id}/propose`, { version: job.version, lines: times });
    expect(stale.status).toBe(409);
    expect(await jobOn(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version + 1 });
    // The copy was behind the job: it is refreshed at once, so Contoso's next read carries the version to move on.
    expect(await jobOn(second, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version + 1 });
    expect((await json(await contoso().get(`/v1/jobs/${job.id}`))).version).toBe(job.version + 1);
    expect(
      await first
        .select()
        .from(schema.jobLines)
        .where(and(eq(schema.jobLines.jobId, job.id), eq(schema.jobLines.status, "timesProposed"))),
    ).toEqual([]);
    const proposed = await contoso().post(`/v1/jobs/${job.id}/propose`, { version: job.version + 1, lines: times });
    expect(proposed.status).toBe(200);
    expect(await jobOn(first, job.id)).toMatchObject({ status: "timesProposed", version: job.version + 2 });
    expect(await jobOn(second, job.id)).toMatchObject({ status: "timesProposed", version: job.version + 2 });

    const other = await delivered(30);
    const denied = await contoso().post(`/v1/jobs/${other.id}/deny`, { reason: "availability" });
    expect(denied.status).toBe(200);
    expect(await jobOn(first, other.id)).toMatchObject({ status: "awaitingScheduling" });
    expect(await jobOn(second, other.id)).toMatchObject({ status: "awaitingScheduling" });
  });

  it("assigns itself as instructor and completes the sessions with who attended, on the job's shard", async () => {
    const job = await confirmed(50);
    const [erin] = await second.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.otherPartnerAdmin.email));
    // On a version the job has left, the assignment is refused and nothing is written.
    const stale = await contoso().put(`/v1/jobs/${job.id}/instructor`, { userId: erin!.id, version: job.version - 1 });
    expect(stale.status).toBe(409);
    expect(await jobOn(first, job.id)).toMatchObject({ instructorUserId: null, version: job.version });
    const assigned = await contoso().put(`/v1/jobs/${job.id}/instructor`, { userId: erin!.id, version: job.version });
    expect(assigned.status).toBe(200);
    expect(await jobOn(first, job.id)).toMatchObject({ instructorUserId: erin!.id });
    expect(await jobOn(second, job.id)).toMatchObject({ instructorUserId: erin!.id });
    // Someone not of Contoso is no instructor of its.
    const [ada] = await first.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.partnerAdmin.email));
    expect((await contoso().put(`/v1/jobs/${job.id}/instructor`, { userId: ada!.id })).status).toBe(400);
    // The sessions took place; Contoso completes the job with the booker marked present.
    for (const [i, line] of job.lines.entries())
      await first
        .update(schema.jobLines)
        .set({ scheduledAt: new Date(Date.now() - (3 - i) * 86_400_000).toISOString() })
        .where(eq(schema.jobLines.id, line.id));
    const [cara] = await first.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.customerAdmin.email));
    await first.insert(schema.jobAttendees).values({ accountId: FABRIKAM, jobId: job.id, userId: cara!.id });
    const done = await contoso().post(`/v1/jobs/${job.id}/complete`, { attendance: [{ userId: cara!.id, present: true }] });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await jobOn(first, job.id)).toMatchObject({ status: "completed" });
    expect(await jobOn(second, job.id)).toMatchObject({ status: "completed" });
    const marks = await first.select().from(schema.jobAttendance).where(eq(schema.jobAttendance.userId, cara!.id));
    expect(marks.filter((m) => job.lines.some((l) => l.id === m.jobLineId))).toHaveLength(job.lines.length);
  });

  it("is 404 to a partner that does not deliver the job and 401 without a token; nothing written", async () => {
    const job = await delivered(60);
    // A job of the first shard Contoso does not deliver: no copy of it on Contoso's shard, and no way to it.
    const [own] = await first.select().from(schema.jobs).where(ne(schema.jobs.deliveryPartnerAccountId, CONTOSO)).limit(1);
    expect((await contoso().post(`/v1/jobs/${own!.id}/deny`, { reason: "availability" })).status).toBe(404);
    expect((await contoso().put(`/v1/jobs/${own!.id}/location`, { location: null })).status).toBe(404);
    expect(await jobOn(first, own!.id)).toEqual(own);
    // The copy's job handed to another delivering partner meanwhile: Contoso's copy no longer gets it there.
    await first.update(schema.jobs).set({ deliveryPartnerAccountId: DEMO.northwind.id }).where(eq(schema.jobs.id, job.id));
    expect((await contoso().post(`/v1/jobs/${job.id}/deny`, { reason: "availability" })).status).toBe(404);
    expect(await jobOn(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
    // Without a token, every move is refused before anything is read.
    const moves: [string, string, unknown][] = [
      ["POST", "confirm", confirmBody(job)],
      ["POST", "deny", { reason: "availability" }],
      ["POST", "propose", { lines: job.lines.map((l) => ({ lineId: l.id, times: [inDays(90)] })) }],
      ["POST", "complete", {}],
      ["PUT", "instructor", { userId: null }],
      ["PUT", "location", { location: null }],
    ];
    for (const [method, move, body] of moves) {
      const anonymous = await call(`/v1/jobs/${job.id}/${move}`, {
        method,
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", "X-Account-Id": CONTOSO },
      });
      expect(anonymous.status, move).toBe(401);
    }
    expect(await jobOn(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
  });
});

describe("action items and shared files of a delivered job", () => {
  it("are seen on both sides: the customer's share reaches the copy, the delivering partner's is written on the job's shard", async () => {
    const job = await delivered(80);
    const line = job.lines[0]!.id;
    const [item] = await first
      .insert(schema.jobActionItems)
      .values({ accountId: FABRIKAM, jobId: job.id, jobLineId: line, assigneeType: "deliveryPartner", stage: "beforeSession", name: "Send the joining link" })
      .returning();
    // The customer shares a link; the copy gets it (and the item) with the Queue's step.
    const q = queue();
    const shared = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: q.bindings }).post(
      `/v1/bookings/${job.id}/artifacts`,
      multipart({ value: "https://fabrikam.test/agenda" }),
    );
    expect(shared.status).toBe(201);
    expect(q.sent).toEqual([{ kind: "deliver", shard: "first", jobId: job.id }]);
    await runFlows(q.sent);
    const listed = await json<{ items: { value: string | null }[] }>(await contoso().get(`/v1/jobs/${job.id}/artifacts`));
    expect(listed.items.map((a) => a.value)).toEqual(["https://fabrikam.test/agenda"]);
    const copied = await json(await contoso().get(`/v1/jobs/${job.id}`));
    expect(copied.lines[0].actionItems.map((i: { id: string }) => i.id)).toEqual([item!.id]);
    // Contoso shares a link and ticks its item on its copy: both are written on the job, and the copy follows at once.
    const mine = await contoso().post(`/v1/jobs/${job.id}/artifacts`, multipart({ value: "https://contoso.test/join" }));
    expect(mine.status).toBe(201);
    expect((await first.select().from(schema.jobArtifacts).where(eq(schema.jobArtifacts.jobId, job.id))).map((a) => a.value).sort()).toEqual([
      "https://contoso.test/join",
      "https://fabrikam.test/agenda",
    ]);
    const theirs = await json<{ items: { value: string | null }[] }>(await customer.get(`/v1/bookings/${job.id}/artifacts`));
    expect(theirs.items.map((a) => a.value)).toContain("https://contoso.test/join");
    expect((await second.select().from(schema.jobArtifacts).where(eq(schema.jobArtifacts.jobId, job.id))).length).toBe(2);
    const ticked = await contoso().put(`/v1/jobs/${job.id}/action-items/${item!.id}`, { done: true });
    expect(ticked.status).toBe(200);
    const [onJob] = await first.select().from(schema.jobActionItems).where(eq(schema.jobActionItems.id, item!.id));
    expect(onJob!.completedAt).not.toBeNull();
    const [onCopy] = await second.select().from(schema.jobActionItems).where(eq(schema.jobActionItems.id, item!.id));
    expect(onCopy!.completedAt).toBe(onJob!.completedAt);
    // A share removed on the booking's side leaves the copy with the next step.
    const agenda = (await first.select().from(schema.jobArtifacts).where(eq(schema.jobArtifacts.value, "https://fabrikam.test/agenda")))[0]!;
    const q2 = queue();
    expect((await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: q2.bindings }).delete(`/v1/bookings/${job.id}/artifacts/${agenda.id}`)).status).toBe(
      204,
    );
    await runFlows(q2.sent);
    expect((await second.select().from(schema.jobArtifacts).where(eq(schema.jobArtifacts.jobId, job.id))).map((a) => a.value)).toEqual([
      "https://contoso.test/join",
    ]);
  });
});

describe("a delivery partner's hours, read on its own shard", () => {
  // Monday 3 March 2031 onwards: Contoso (weur-1) opens weekday afternoons in UTC.
  const at = (day: number, hhmm: string) => `2031-03-${String(3 + day).padStart(2, "0")}T${hhmm}:00.000Z`;
  const afternoons = {
    timeZone: "UTC",
    minNoticeMinutes: 0,
    bufferMinutes: 0,
    weekly: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "13:00", end: "17:00" }] })),
    overrides: [],
  };
  const window = (day: number) => `from=${encodeURIComponent(at(day, "00:00"))}&to=${encodeURIComponent(at(day + 1, "00:00"))}`;

  it("offers the customer Contoso's open times, binds a request and a reschedule to them, and answers the booking's open times", async () => {
    expect((await contoso().put("/v1/admin/availability", afternoons)).status).toBe(200);
    const s = await sessions();
    const offered = await json(await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?sessionId=${s[0]!.id}&${window(0)}`));
    expect(offered.hasAvailability).toBe(true);
    expect(offered.times.length).toBeGreaterThan(0);
    expect(offered.times.every((t: string) => t >= at(0, "13:00") && t < at(0, "17:00"))).toBe(true);
    // A morning is none of Contoso's open times: refused; an afternoon goes to Contoso.
    const ask = (hhmm: string, bindings?: Partial<Env>) =>
      apiAs("customerAdmin", { accountId: FABRIKAM, bindings }).post("/v1/bookings", {
        workoutId: WORKOUT,
        mode: "request",
        sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(i, hhmm)] })),
      });
    expect((await ask("09:00")).status).toBe(400);
    const q = queue();
    const booked = await ask("13:00", q.bindings);
    expect(booked.status).toBe(201);
    await runFlows(q.sent);
    const job = await json(booked);
    expect(job.deliveryPartner.id).toBe(CONTOSO);
    const own = await json(await customer.get(`/v1/bookings/${job.id}/open-times?lineId=${job.lines[0].id}&${window(0)}`));
    expect(own.hasAvailability).toBe(true);
    expect(own.times).toContain(at(0, "13:00"));
    // Denied, then asked again: a morning is refused there too.
    expect((await contoso().post(`/v1/jobs/${job.id}/deny`, { reason: "availability" })).status).toBe(200);
    const again = (hhmm: string) =>
      customer.post(`/v1/bookings/${job.id}/schedule`, { mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(i, hhmm)] })) });
    expect((await again("09:00")).status).toBe(400);
    expect((await again("14:00")).status).toBe(200);
  });
});

describe("the audit trail of a delivered job, read by its delivering partner", () => {
  type Trail = { items: { code: string; by: string | null; change: { from: unknown; to: unknown } | null }[] };
  const trailOf = (id: string) => contoso().get(`/v1/jobs/${id}/audit`);

  it("is the job's trail on the booking's shard: the confirm entry with who made it", async () => {
    const job = await confirmed(70);
    const res = await trailOf(job.id);
    expect(res.status).toBe(200);
    const { items } = await json<Trail>(res);
    const { firstName, lastName } = DEMO_USERS.otherPartnerAdmin;
    expect(items.find((e) => e.code === "workoutJobConfirmed")).toMatchObject({
      by: `${firstName} ${lastName}`,
      change: { from: "awaitingConfirmation", to: "confirmed" },
    });
    expect(items.map((e) => e.code)).toContain("workoutJobRequested");
  });

  it("is 404 to a partner that does not deliver the job, and 401 without a token", async () => {
    const job = await confirmed(80);
    const [own] = await first.select().from(schema.jobs).where(ne(schema.jobs.deliveryPartnerAccountId, CONTOSO)).limit(1);
    expect((await trailOf(own!.id)).status).toBe(404);
    // The job handed to another delivering partner: Contoso's copy no longer reads the job's trail.
    await first.update(schema.jobs).set({ deliveryPartnerAccountId: DEMO.northwind.id }).where(eq(schema.jobs.id, job.id));
    expect((await trailOf(job.id)).status).toBe(404);
    expect((await call(`/v1/jobs/${job.id}/audit`, { headers: { "X-Account-Id": CONTOSO } })).status).toBe(401);
  });
});
