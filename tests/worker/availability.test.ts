import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import * as schema from "../../db/schema";
import { withBodies } from "./mail-bodies";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { customer, db, grantFabrikamCredits, partner, requestedJob, sessions, WORKOUT } from "./bookings-setup";
import { withoutPublishedHours } from "./published-hours";
import { MESSAGES } from "../../contract/messages";
import { shardDbOf } from "./databases";

grantFabrikamCredits(100);

const member = apiAs("partnerMember", { accountId: DEMO.northwind.id });
const otherPartner = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
const otherCustomer = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });

/** Weekdays 09:00–12:00 and 13:00–17:00 in London. */
const weekdays = {
  timeZone: "Europe/London",
  weekly: [1, 2, 3, 4, 5].map((day) => ({
    day,
    ranges: [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ],
  })),
  overrides: [{ date: "2030-01-09", ranges: [] }],
  minNoticeMinutes: 120,
  bufferMinutes: 30,
};

const outbox = (to: string) => withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to)).orderBy(schema.mailOutbox.createdAt));
/** The job's entries about counter-proposals (its other moves are recorded too). */
const auditOf = async (jobId: string) =>
  (
    await db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectType, "job"), eq(schema.auditEntries.subjectId, jobId)))
      .orderBy(schema.auditEntries.createdAt)
  ).filter((e) => e.code.startsWith("booking"));

describe("weekly availability", () => {
  it("saves the partner's hours and reads them back; a workout's own hours override them and can be removed", async () => {
    const saved = await partner.put("/v1/admin/availability", weekdays);
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ workoutId: null, timeZone: "Europe/London", bufferMinutes: 30, inherited: false });
    const inherited = await json(await partner.get(`/v1/admin/availability?workoutId=${WORKOUT}`));
    expect(inherited).toMatchObject({ workoutId: null, inherited: true });

    const own = await partner.put("/v1/admin/availability", { ...weekdays, workoutId: WORKOUT, timeZone: "America/New_York", overrides: [] });
    expect(own.status).toBe(200);
    expect(await json(await partner.get(`/v1/admin/availability?workoutId=${WORKOUT}`))).toMatchObject({ workoutId: WORKOUT, timeZone: "America/New_York" });
    expect(await json(await partner.get("/v1/admin/availability"))).toMatchObject({ workoutId: null, timeZone: "Europe/London" });

    expect((await partner.delete(`/v1/admin/availability/workouts/${WORKOUT}`)).status).toBe(204);
    expect((await partner.delete(`/v1/admin/availability/workouts/${WORKOUT}`)).status).toBe(404);
    expect(await json(await partner.get(`/v1/admin/availability?workoutId=${WORKOUT}`))).toMatchObject({ inherited: true });
  });

  it("refuses a zone that is not IANA, a range ending before it starts, overlapping ranges and a negative buffer (400, nothing saved)", async () => {
    const res = await partner.put("/v1/admin/availability", {
      ...weekdays,
      timeZone: "Nowhere/Land",
      weekly: [
        { day: 1, ranges: [{ start: "10:00", end: "09:00" }] },
        {
          day: 2,
          ranges: [
            { start: "08:00", end: "12:00" },
            { start: "11:00", end: "13:00" },
          ],
        },
      ],
      bufferMinutes: -5,
    });
    expect(res.status).toBe(400);
    const fields = (await json(res)).error.fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(["timeZone", "weekly.0.ranges.0.end", "weekly.1.ranges.1.start", "bufferMinutes"]));
    expect(await json(await partner.get("/v1/admin/availability"))).toMatchObject({ timeZone: "Europe/London" });
  });

  it("answers 401 without a token, 403 to a member's change and to a customer, 404 for a workout the partner does not deliver", async () => {
    expect((await call("/v1/admin/availability", { method: "PUT", body: JSON.stringify(weekdays) })).status).toBe(401);
    expect((await member.put("/v1/admin/availability", weekdays)).status).toBe(403);
    expect((await member.get("/v1/admin/availability")).status).toBe(200);
    expect((await customer.get("/v1/admin/availability")).status).toBe(403);
    expect((await otherPartner.put("/v1/admin/availability", { ...weekdays, workoutId: WORKOUT })).status).toBe(404);
    expect((await otherPartner.get(`/v1/admin/availability?workoutId=${WORKOUT}`)).status).toBe(404);
    expect((await otherPartner.delete(`/v1/admin/availability/workouts/${WORKOUT}`)).status).toBe(404);
    expect((await member.delete(`/v1/admin/availability/workouts/${WORKOUT}`)).status).toBe(403);
    expect((await call(`/v1/admin/availability/workouts/${WORKOUT}`, { method: "DELETE" })).status).toBe(401);
  });
});

describe("open times", () => {
  const monday = { from: "2030-01-07T00:00:00.000Z", to: "2030-01-08T00:00:00.000Z" };
  const q = (sessionId: string, w: { from: string; to: string }) => `sessionId=${sessionId}&from=${encodeURIComponent(w.from)}&to=${encodeURIComponent(w.to)}`;

  it("offers the session's starts inside the hours, none on a closed date, and keeps clear of a booked session by the buffer", async () => {
    await partner.put("/v1/admin/availability", weekdays);
    const [first, second] = await sessions();
    const res = await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, monday)}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.lengthMinutes).toBe(first!.lengthMinutes);
    expect(body.hasAvailability).toBe(true);
    expect(body.times[0]).toBe("2030-01-07T09:00:00.000Z");
    for (const t of body.times as string[]) {
      const end = Date.parse(t) + first!.lengthMinutes * 60_000;
      const inMorning = t >= "2030-01-07T09:00" && end <= Date.parse("2030-01-07T12:00:00Z");
      const inAfternoon = t >= "2030-01-07T13:00" && end <= Date.parse("2030-01-07T17:00:00Z");
      expect(inMorning || inAfternoon, t).toBe(true);
    }
    const closed = await json(
      await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, { from: "2030-01-09T00:00:00Z", to: "2030-01-10T00:00:00Z" })}`),
    );
    expect(closed.times).toEqual([]);

    // Book 09:00 Monday (a published time, confirmed at once): it and the buffer after it are no longer open.
    const slotFor = async (sessionId: string, startsAt: string) =>
      (await json(await partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId, startsAt, capacity: 1 }))).id as string;
    const booking = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [
        { sessionId: first!.id, slotId: await slotFor(first!.id, "2030-01-07T09:00:00.000Z") },
        { sessionId: second!.id, slotId: await slotFor(second!.id, "2030-01-08T09:00:00.000Z") },
      ],
    });
    expect(booking.status).toBe(201);
    const after = (await json(await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, monday)}`))).times as string[];
    const freeFrom = Date.parse("2030-01-07T09:00:00Z") + (first!.lengthMinutes + 30) * 60_000;
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((t) => t.startsWith("2030-01-07T") && Date.parse(t) < freeFrom)).toEqual([]);
    expect(body.times.filter((t: string) => Date.parse(t) < freeFrom).length).toBeGreaterThan(0);

    // The booking's own sessions are not busy when it is rescheduled.
    const job = await json(booking);
    const own = await json(
      await customer.get(
        `/v1/bookings/${job.id}/open-times?lineId=${job.lines[0].id}&from=${encodeURIComponent(monday.from)}&to=${encodeURIComponent(monday.to)}`,
      ),
    );
    expect(own.times[0]).toBe("2030-01-07T09:00:00.000Z");
    const partnerView = await partner.get(
      `/v1/jobs/${job.id}/open-times?lineId=${job.lines[0].id}&from=${encodeURIComponent(monday.from)}&to=${encodeURIComponent(monday.to)}`,
    );
    expect(partnerView.status).toBe(200);
  });

  it("refuses a window over 62 days, an end before the start and a session of another workout (400)", async () => {
    const [first] = await sessions();
    expect(
      (await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, { from: "2030-01-01T00:00:00Z", to: "2030-04-01T00:00:00Z" })}`)).status,
    ).toBe(400);
    expect((await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, { from: monday.to, to: monday.from })}`)).status).toBe(400);
    const [other] = await sessions(DEMO.workouts.dataLiteracy);
    expect((await customer.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(other!.id, monday)}`)).status).toBe(400);
  });

  it("answers 401 without a token, 403 to a partner, 404 to another partner's customer and for another's booking", async () => {
    const [first] = await sessions();
    expect((await call(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, monday)}`)).status).toBe(401);
    expect((await partner.get(`/v1/bookings/options/${WORKOUT}/open-times?${q(first!.id, monday)}`)).status).toBe(403);
    const [data] = await sessions(DEMO.workouts.dataLiteracy);
    expect((await otherCustomer.get(`/v1/bookings/options/${DEMO.workouts.dataLiteracy}/open-times?${q(data!.id, monday)}`)).status).toBe(404);
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.accountId, DEMO.customers.fabrikam.id)).limit(1);
    const [line] = await db.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, job!.id)).limit(1);
    const path = `/open-times?lineId=${line!.id}&from=${encodeURIComponent(monday.from)}&to=${encodeURIComponent(monday.to)}`;
    expect((await otherCustomer.get(`/v1/bookings/${job!.id}${path}`)).status).toBe(404);
    expect((await otherPartner.get(`/v1/jobs/${job!.id}${path}`)).status).toBe(404);
    expect((await customer.get(`/v1/jobs/${job!.id}${path}`)).status).toBe(403);
    expect((await partner.get(`/v1/bookings/${job!.id}${path}`)).status).toBe(403);
    expect((await call(`/v1/jobs/${job!.id}${path}`)).status).toBe(401);
    expect(
      (
        await customer.get(
          `/v1/bookings/${job!.id}/open-times?lineId=${crypto.randomUUID()}&from=${encodeURIComponent(monday.from)}&to=${encodeURIComponent(monday.to)}`,
        )
      ).status,
    ).toBe(400);
  });
});

describe("recurring published times", () => {
  const series = (sessionId: string, extra: Record<string, unknown> = {}) => ({
    workoutId: WORKOUT,
    sessionId,
    capacity: 2,
    timeZone: "Europe/London",
    startDate: "2030-03-18",
    time: "10:00",
    weekdays: [2],
    weeks: 8,
    ...extra,
  });

  it("publishes every Tuesday 10:00 London for eight weeks, the same wall-clock time across summer time", async () => {
    const [first] = await sessions();
    const res = await partner.post("/v1/admin/slots/series", series(first!.id));
    expect(res.status).toBe(201);
    const starts = (await json(res)).map((s: { startsAt: string }) => s.startsAt);
    expect(starts).toHaveLength(8);
    expect(starts[0]).toBe("2030-03-19T10:00:00.000Z");
    // London moves to summer time on 31 March 2030.
    expect(starts[2]).toBe("2030-04-02T09:00:00.000Z");
  });

  it("refuses no weekday, more seats than the workout holds, and an unknown zone (400); 401, 403 for a member, 404 for another partner", async () => {
    const [first] = await sessions();
    const bad = await partner.post("/v1/admin/slots/series", series(first!.id, { weekdays: [], timeZone: "Moon/Base" }));
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields)).toEqual(expect.arrayContaining(["weekdays", "timeZone"]));
    expect((await partner.post("/v1/admin/slots/series", series(first!.id, { capacity: 10000 }))).status).toBe(400);
    expect((await call("/v1/admin/slots/series", { method: "POST", body: JSON.stringify(series(first!.id)) })).status).toBe(401);
    expect((await member.post("/v1/admin/slots/series", series(first!.id))).status).toBe(403);
    expect((await otherPartner.post("/v1/admin/slots/series", series(first!.id))).status).toBe(404);
  });

  it("holds the seats of a published time under bookings sent at once", async () => {
    const [first, second] = await sessions();
    const a = await json(await partner.post("/v1/admin/slots/series", series(first!.id, { startDate: "2030-06-03", weekdays: [1], weeks: 1 })));
    const b = await json(await partner.post("/v1/admin/slots/series", series(second!.id, { startDate: "2030-06-04", weekdays: [2], weeks: 1 })));
    const body = {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [
        { sessionId: first!.id, slotId: a[0].id },
        { sessionId: second!.id, slotId: b[0].id },
      ],
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => customer.post("/v1/bookings", body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    const [slot] = await db.select().from(schema.slots).where(eq(schema.slots.id, a[0].id));
    expect(slot!.seatsTaken).toBe(2);
  });
});

describe("counter-proposals", () => {
  withoutPublishedHours();
  const inDays = (d: number, h = 9) => new Date(Date.UTC(2030, 8, 1 + d, h)).toISOString();

  const requested = () => requestedJob((i) => [inDays(i * 2)]);
  const proposal = (job: { lines: { id: string }[] }, day = 10) => ({
    lines: job.lines.map((l, i) => ({ lineId: l.id, times: [inDays(day + i * 2, 10), inDays(day + i * 2, 15)] })),
    comment: "We're away that week",
  });
  const count = async (table: typeof schema.mailOutbox | typeof schema.auditEntries) => (await db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

  it("the partner proposes other times; the customer accepts one; both sides are mailed and each step audited", async () => {
    const job = await requested();
    const before = {
      customer: (await outbox("cara@fabrikam.test")).length,
      partner: (await outbox("hello@northwind.test")).length,
      staff: (await outbox("ada@northwind.test")).length,
    };
    const res = await partner.post(`/v1/jobs/${job.id}/propose`, proposal(job));
    expect(res.status).toBe(200);
    const proposed = await json(res);
    expect(proposed.status).toBe("timesProposed");
    expect(proposed.lines[0].requestedTimes).toEqual([inDays(10, 10), inDays(10, 15)]);
    expect(proposed.actions).not.toContain("confirm");
    const seen = await json(await customer.get(`/v1/bookings/${job.id}`));
    expect(seen.actions).toEqual(expect.arrayContaining(["acceptProposal", "requestTimes", "cancel"]));
    const toCustomer = await outbox("cara@fabrikam.test");
    expect(toCustomer.length).toBe(before.customer + 1);
    expect(toCustomer.at(-1)!.subject).toMatch(/^Other times proposed/);
    expect(toCustomer.at(-1)!.text).toContain("We're away that week");
    // The partner's own proposal goes to the staff member who made it; its address hears of the customer's answer.
    expect((await outbox("ada@northwind.test")).length).toBe(before.staff + 1);
    expect((await outbox("hello@northwind.test")).length).toBe(before.partner);
    const [entry] = await auditOf(job.id);
    expect(entry).toMatchObject({ code: "bookingTimesProposed", data: { change: { kind: "status", from: "awaitingConfirmation", to: "timesProposed" } } });
    expect(entry!.userId).toBeTruthy();

    const accept = await customer.post(`/v1/bookings/${job.id}/accept`, {
      lines: proposed.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[1] })),
      version: proposed.version,
    });
    expect(accept.status).toBe(200);
    const booked = await json(accept);
    expect(booked.status).toBe("confirmed");
    expect(booked.lines[0].scheduledAt).toBe(inDays(10, 15));
    expect((await outbox("cara@fabrikam.test")).length).toBe(before.customer + 2);
    expect((await outbox("hello@northwind.test")).length).toBe(before.partner + 1);
    const trail = await auditOf(job.id);
    expect(trail.map((e) => e.code)).toEqual(["bookingTimesProposed", "bookingProposalAccepted"]);
    expect(trail[1]!.data).toMatchObject({ change: { kind: "status", from: "timesProposed", to: "confirmed" } });
  });

  it("the customer may answer with times of its own, back to the partner", async () => {
    const job = await requested();
    const proposed = await json(await partner.post(`/v1/jobs/${job.id}/propose`, proposal(job)));
    const s = await sessions();
    const again = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(20 + i * 2)] })),
      version: proposed.version,
    });
    expect(again.status).toBe(200);
    expect((await json(again)).status).toBe("awaitingConfirmation");
    expect((await auditOf(job.id)).map((e) => [e.code, (e.data as { change: { to: string } }).change.to])).toEqual([
      ["bookingTimesProposed", "timesProposed"],
      ["bookingTimesRequestedAgain", "awaitingConfirmation"],
    ]);
  });

  it("refuses a time that was not proposed, a proposal missing a session, and moves from the wrong state; nothing written", async () => {
    const job = await requested();
    const short = await partner.post(`/v1/jobs/${job.id}/propose`, { lines: [proposal(job).lines[0]] });
    expect(short.status).toBe(400);
    expect((await partner.post(`/v1/jobs/${job.id}/propose`, { lines: [{ lineId: job.lines[0].id, times: ["2001-01-01T10:00:00Z"] }] })).status).toBe(400);
    expect((await customer.post(`/v1/bookings/${job.id}/accept`, { lines: [{ lineId: job.lines[0].id, time: inDays(10, 10) }] })).status).toBe(409);
    const proposed = await json(await partner.post(`/v1/jobs/${job.id}/propose`, proposal(job)));
    const audits = await count(schema.auditEntries);
    const wrong = await customer.post(`/v1/bookings/${job.id}/accept`, {
      lines: proposed.lines.map((l: { id: string }) => ({ lineId: l.id, time: inDays(40) })),
    });
    expect(wrong.status).toBe(400);
    expect((await partner.post(`/v1/jobs/${job.id}/propose`, proposal(job))).status).toBe(409);
    expect(await count(schema.auditEntries)).toBe(audits);
    expect((await json(await customer.get(`/v1/bookings/${job.id}`))).status).toBe("timesProposed");
  });

  it("answers 401 without a token, 403 to the wrong role or side, 404 to another tenant", async () => {
    const job = await requested();
    const body = proposal(job);
    expect((await call(`/v1/jobs/${job.id}/propose`, { method: "POST", body: JSON.stringify(body) })).status).toBe(401);
    expect((await member.post(`/v1/jobs/${job.id}/propose`, body)).status).toBe(403);
    expect((await customer.post(`/v1/jobs/${job.id}/propose`, body)).status).toBe(403);
    expect((await otherPartner.post(`/v1/jobs/${job.id}/propose`, body)).status).toBe(404);
    const proposed = await json(await partner.post(`/v1/jobs/${job.id}/propose`, body));
    const accept = { lines: proposed.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })) };
    expect((await call(`/v1/bookings/${job.id}/accept`, { method: "POST", body: JSON.stringify(accept) })).status).toBe(401);
    expect((await partner.post(`/v1/bookings/${job.id}/accept`, accept)).status).toBe(403);
    expect((await otherCustomer.post(`/v1/bookings/${job.id}/accept`, accept)).status).toBe(404);
    expect((await json(await customer.get(`/v1/bookings/${job.id}`))).status).toBe("timesProposed");
  });
});

describe("requests bound to open times", () => {
  /** A week of January 2030 in London (GMT), its Monday the 14th plus `week` weeks (each test its own, clear of the bookings above). */
  const day = (week: number, date: number, hhmm: string) =>
    new Date(Date.UTC(2030, 0, 14 + week * 7 + date, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3)))).toISOString();
  const weekOf = (week: number) => ({
    monMorning: day(week, 0, "09:00"),
    tueMorning: day(week, 1, "09:00"),
    monAfternoon: day(week, 0, "14:00"),
    tueAfternoon: day(week, 1, "14:00"),
    saturday: day(week, -2, "10:00"),
    sunday: day(week, -1, "10:00"),
  });
  const mornings = { ...weekdays, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "12:00" }] })), overrides: [] };
  const afternoons = { ...weekdays, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "13:00", end: "17:00" }] })), overrides: [] };
  const request = async (times: [string, string]) => {
    const [first, second] = await sessions();
    return customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: [
        { sessionId: first!.id, times: [times[0]] },
        { sessionId: second!.id, times: [times[1]] },
      ],
    });
  };
  const jobCount = async () => (await db.select({ n: sql<number>`count(*)` }).from(schema.jobs))[0]!.n;

  it("accepts a request at open times and refuses one outside them with the field of each time (400, nothing written)", async () => {
    const at = weekOf(0);
    const saturday = at.saturday;
    await partner.put("/v1/admin/availability", mornings);
    const ok = await request([at.monMorning, at.tueMorning]);
    expect(ok.status).toBe(201);
    expect((await json(ok)).deliveryPartner.id).toBe(DEMO.northwind.id);
    const before = await jobCount();
    const closed = await request([saturday, day(0, 1, "12:30")]);
    expect(closed.status).toBe(400);
    expect((await json(closed)).error.fields).toEqual({ "sessions.0.times.0": MESSAGES.notOpenTime, "sessions.1.times.0": MESSAGES.notOpenTime });
    // Off the half-hour grid, and inside the minimum notice, are not open either.
    expect((await request([day(0, 0, "09:10"), at.tueMorning])).status).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it("draws the delivery partner among those free at the times asked, never one without those hours", async () => {
    const at = weekOf(1);
    const [contoso] = await db
      .insert(schema.deliveryPartners)
      .values({
        accountId: DEMO.northwind.id,
        workoutId: WORKOUT,
        partnerTan: DEMO.contoso.tan,
        partnerAccountId: DEMO.contoso.id,
        name: "Contoso",
        selectionPercent: 100,
      })
      .returning();
    onTestFinished(() =>
      db
        .delete(schema.deliveryPartners)
        .where(eq(schema.deliveryPartners.id, contoso!.id))
        .then(() => undefined),
    );
    await partner.put("/v1/admin/availability", mornings);
    expect((await otherPartner.put("/v1/admin/availability", afternoons)).status).toBe(200);
    const drawn = async (times: [string, string]) => {
      const res = await request(times);
      expect(res.status).toBe(201);
      return (await json(res)).deliveryPartner.id as string;
    };
    // Both partners weigh 100: a draw blind to the hours would pick the wrong one about half the time.
    for (let i = 0; i < 6; i++) {
      expect(await drawn([at.monMorning, at.tueMorning])).toBe(DEMO.northwind.id);
      expect(await drawn([at.monAfternoon, at.tueAfternoon])).toBe(DEMO.contoso.id);
    }
    // Each time open with someone, but no one partner free at both: refused on the request as a whole.
    const split = await request([at.monMorning, at.tueAfternoon]);
    expect(split.status).toBe(400);
    expect((await json(split)).error.fields).toEqual({ sessions: MESSAGES.noPartnerFree });
    // A partner that publishes no hours may be asked for any time: it takes what the others cannot.
    await (await shardDbOf(DEMO.contoso.id)).delete(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.partnerAccountId, DEMO.contoso.id));
    expect(await drawn([at.saturday, at.sunday])).toBe(DEMO.contoso.id);
  });

  it("binds a request made again and a reschedule by request to the booking's partner's open times", async () => {
    const at = weekOf(2);
    await partner.put("/v1/admin/availability", mornings);
    const [first, second] = await sessions();
    const job = await json(await request([at.monMorning, at.tueMorning]));
    await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" });
    const again = (times: [string, string], extra: Record<string, unknown> = {}) =>
      customer.post(`/v1/bookings/${job.id}/schedule`, {
        mode: "request",
        sessions: [
          { sessionId: first!.id, times: [times[0]] },
          { sessionId: second!.id, times: [times[1]] },
        ],
        ...extra,
      });
    const refused = await again([at.monAfternoon, at.tueMorning]);
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields).toEqual({ "sessions.0.times.0": MESSAGES.notOpenTime });
    expect((await json(await customer.get(`/v1/bookings/${job.id}`))).status).toBe("awaitingScheduling");
    expect((await again([day(2, 0, "10:00"), at.tueMorning])).status).toBe(200);
    const current = await json(await customer.get(`/v1/bookings/${job.id}`));
    const booked = await json(
      await partner.post(`/v1/jobs/${job.id}/confirm`, {
        lines: current.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
      }),
    );
    expect(booked.status).toBe("confirmed");
    // Its own sessions are not busy for it: moving the second one an hour later is fine; a Saturday is not.
    const move = (time: string) =>
      customer.post(`/v1/bookings/${job.id}/schedule`, { mode: "request", reason: "availability", sessions: [{ sessionId: second!.id, times: [time] }] });
    const saturdayMove = await move(day(2, 5, "10:00"));
    expect(saturdayMove.status).toBe(400);
    expect((await json(saturdayMove)).error.fields).toEqual({ "sessions.0.times.0": MESSAGES.notOpenTime });
    expect((await move(day(2, 1, "10:00"))).status).toBe(200);
  });

  it("answers 401 without a token, 403 to a partner and 404 to another customer, before any time is looked at", async () => {
    const at = weekOf(3);
    const saturday = at.saturday;
    await partner.put("/v1/admin/availability", mornings);
    const [first, second] = await sessions();
    const body = {
      workoutId: WORKOUT,
      mode: "request",
      sessions: [
        { sessionId: first!.id, times: [saturday] },
        { sessionId: second!.id, times: [saturday] },
      ],
    };
    expect((await call("/v1/bookings", { method: "POST", body: JSON.stringify(body) })).status).toBe(401);
    expect((await partner.post("/v1/bookings", body)).status).toBe(403);
    const job = await json(await request([at.monMorning, at.tueMorning]));
    const again = { mode: "request", sessions: body.sessions.map(({ sessionId, times }) => ({ sessionId, times })) };
    expect((await otherCustomer.post(`/v1/bookings/${job.id}/schedule`, again)).status).toBe(404);
    expect((await partner.post(`/v1/bookings/${job.id}/schedule`, again)).status).toBe(403);
  });
});
