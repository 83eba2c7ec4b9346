import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { balance, customer, db, FABRIKAM, grantFabrikamCredits, partner, requestedJob, sessions, WORKOUT } from "./bookings-setup";
import { nth } from "../present";
import { withBodies } from "./mail-bodies";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

/**
 * The booking rules: sessions in their order and in the future, prerequisites,
 * a session completed only once it has started; rescheduling some sessions
 * from either side with the other side mailed; the partner's cancel and the
 * whole job's completion.
 */
const at = (d: number, h = 9) => new Date(Date.UTC(2031, 0, 1 + d, h)).toISOString();
let day = 0;

type Line = { id: string; sessionId: string; sessionName: string; status: string; scheduledAt: string | null; requestedTimes: string[] };
type Job = { id: string; status: string; lines: Line[] };

const count = async (table: typeof schema.jobs | typeof schema.mailOutbox | typeof schema.auditEntries) =>
  Number(nth(await db.select({ n: sql<number>`count(*)` }).from(table), 0).n);
const lastMail = async (to = "cara@fabrikam.test") =>
  nth(
    await withBodies(
      db
        .select()
        .from(schema.mailOutbox)
        .where(eq(schema.mailOutbox.to, to))
        .orderBy(desc(schema.mailOutbox.createdAt), desc(sql`rowid`))
        .limit(1),
    ),
    0,
  );
const row = async (id: string) => ({
  job: (await db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0],
  lines: await db.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, id)).orderBy(schema.jobLines.sequence),
});

function requested(): Promise<Job> {
  const d = (day += 4);
  return requestedJob((i) => [at(d + i), at(d + i, 14)]);
}

async function booked(): Promise<Job> {
  const job = await requested();
  const res = await partner.post(`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) });
  expect(res.status).toBe(200);
  return json(res);
}

/** The job's sessions take place: their times move into the past, in order. */
async function takePlace(job: Job) {
  for (const [i, line] of job.lines.entries()) {
    await db
      .update(schema.jobLines)
      .set({ scheduledAt: new Date(Date.now() - (job.lines.length - i) * 86_400_000).toISOString() })
      .where(eq(schema.jobLines.id, line.id));
  }
}

grantFabrikamCredits(100);

describe("times: in the future and in the sessions' order", () => {
  it("refuses a second session before the first with 400 naming the session and the field; nothing is written", async () => {
    const s = await sessions();
    const before = { jobs: await count(schema.jobs), mail: await count(schema.mailOutbox), credits: await balance() };
    const res = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: [
        { sessionId: nth(s, 0).id, times: [at(50)] },
        { sessionId: nth(s, 1).id, times: [at(51), at(49)] },
      ],
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.fields).toEqual({ "sessions.1.times.1": `Must start after session 1 (${nth(s, 0).name}) ends` });
    // A time inside the first session (it lasts more than a minute) is out of order too.
    const overlapping = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: [
        { sessionId: nth(s, 0).id, times: [at(52)] },
        { sessionId: nth(s, 1).id, times: [new Date(Date.parse(at(52)) + 60_000).toISOString()] },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(Object.keys((await json(overlapping)).error.fields)).toEqual(["sessions.1.times.0"]);
    expect({ jobs: await count(schema.jobs), mail: await count(schema.mailOutbox), credits: await balance() }).toEqual(before);
  });

  it("refuses a past time with 400 on that session's field", async () => {
    const s = await sessions();
    const res = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: [
        { sessionId: nth(s, 0).id, times: ["2024-03-01T09:00:00.000Z"] },
        { sessionId: nth(s, 1).id, times: [at(60)] },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields)).toEqual(["sessions.0.times.0"]);
  });
});

describe("prerequisites", () => {
  it("refuses a booking while a score prerequisite is not met, naming it; books once the score is enough", async () => {
    const rule = nth(
      await db
        .insert(schema.prerequisites)
        .values({ accountId: DEMO.northwind.id, workoutId: WORKOUT, type: "score", name: "AI readiness", category: "aiAndAutomation", minimumScore: 4.5 })
        .returning(),
      0,
    );
    try {
      const options = await json(await customer.get(`/v1/bookings/options/${WORKOUT}`));
      const latest = nth(
        await db
          .select()
          .from(schema.scores)
          .where(and(eq(schema.scores.accountId, FABRIKAM), eq(schema.scores.category, "aiAndAutomation")))
          .orderBy(desc(schema.scores.createdAt))
          .limit(1),
        0,
      );
      expect(latest.score).toBeLessThan(4.5);
      expect(options.missingPrerequisites).toEqual([`AI readiness: a score of at least 4.5 in AI and automation (yours is ${latest.score})`]);
      const before = { jobs: await count(schema.jobs), credits: await balance() };
      const s = await sessions();
      const body = { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(70 + i)] })) };
      const refused = await customer.post("/v1/bookings", body);
      expect(refused.status).toBe(409);
      expect((await json(refused)).error.message).toContain("AI readiness");
      expect({ jobs: await count(schema.jobs), credits: await balance() }).toEqual(before);
      await db.insert(schema.scores).values({
        accountId: FABRIKAM,
        partnerAccountId: DEMO.northwind.id,
        category: "aiAndAutomation",
        score: 4.6,
        scorePercent: 92,
        source: "manual",
        createdAt: new Date(Date.now() + 1000).toISOString(),
      });
      expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    } finally {
      await db.delete(schema.prerequisites).where(eq(schema.prerequisites.id, rule.id));
    }
  });

  it("refuses a booking until the required workout is completed", async () => {
    const rule = nth(
      await db
        .insert(schema.prerequisites)
        .values({ accountId: DEMO.northwind.id, workoutId: WORKOUT, type: "workout", name: "Foundations first", requiredWorkoutId: DEMO.workouts.drTabletop })
        .returning(),
      0,
    );
    try {
      const s = await sessions();
      const body = { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(80 + i)] })) };
      const refused = await customer.post("/v1/bookings", body);
      expect(refused.status).toBe(409);
      expect((await json(refused)).error.message).toContain("Foundations first: complete Disaster Recovery Tabletop first");
      // A booking of the required workout that is completed meets it.
      await db.insert(schema.jobs).values({
        accountId: FABRIKAM,
        partnerAccountId: DEMO.northwind.id,
        deliveryPartnerAccountId: DEMO.northwind.id,
        workoutId: DEMO.workouts.drTabletop,
        status: "completed",
        creditsConsumed: 0,
      });
      expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    } finally {
      await db.delete(schema.prerequisites).where(eq(schema.prerequisites.id, rule.id));
    }
  });
});

describe("rescheduling one session of a booked job", () => {
  it("the customer moves the second session only (reason and comment); the partner is mailed about it and confirms it", async () => {
    const job = await booked();
    const [first, second] = [nth(job.lines, 0), nth(job.lines, 1)];
    const mails = await count(schema.mailOutbox);
    const res = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      reason: "notReady",
      comment: "Team away that week",
      sessions: [{ sessionId: second.sessionId, times: [at(day + 2, 10), at(day + 2, 15)] }],
    });
    expect(res.status).toBe(200);
    const after: Job = await json(res);
    expect(after.status).toBe("awaitingConfirmation");
    expect(nth(after.lines, 0)).toMatchObject({ status: "confirmed", scheduledAt: first.scheduledAt });
    expect(after.lines[1]).toMatchObject({ status: "awaitingConfirmation", scheduledAt: null, requestedTimes: [at(day + 2, 10), at(day + 2, 15)] });
    const { lines } = await row(job.id);
    expect(lines.map((l) => l.rescheduleReason)).toEqual([null, "notReady"]);
    // The partner is asked to confirm the new times; the customer gets the acknowledgement.
    expect(await count(schema.mailOutbox)).toBe(mails + 2);
    const [mail, ack] = await withBodies(
      db
        .select()
        .from(schema.mailOutbox)
        .orderBy(desc(schema.mailOutbox.createdAt), desc(sql`rowid`))
        .limit(2),
    );
    expect([mail!.to, ack!.to].sort()).toEqual(["cara@fabrikam.test", "hello@northwind.test"]);
    const toPartner = [mail!, ack!].find((m) => m.to === "hello@northwind.test")!;
    const toCustomer = [mail!, ack!].find((m) => m.to === "cara@fabrikam.test")!;
    expect(toPartner.subject).toMatch(/^New times requested/);
    expect(toCustomer.subject).toMatch(/^We've received your request for new times/);
    expect(toCustomer.text).toContain(second.sessionName);
    expect(toPartner.text).toContain("Team away that week");
    expect(toPartner.text).toContain(second.sessionName);
    expect(toPartner.text).not.toContain(first.sessionName);
    // The partner confirms the moved session; the kept one needs no time.
    const confirmed = await partner.post(`/v1/jobs/${job.id}/confirm`, { lines: [{ lineId: second.id, time: at(day + 2, 15) }] });
    expect(confirmed.status).toBe(200);
    const done: Job = await json(confirmed);
    expect(done.status).toBe("confirmed");
    expect(done.lines.map((l) => l.scheduledAt)).toEqual([first.scheduledAt, at(day + 2, 15)]);
  });

  it("refuses a customer reschedule that breaks the order, one without a reason, without a token and of another tenant's job; nothing changes", async () => {
    const job = await booked();
    const before = await row(job.id);
    const mails = await count(schema.mailOutbox);
    // The first session moved after the second: the error is on the time being set.
    const outOfOrder = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      reason: "availability",
      sessions: [{ sessionId: nth(job.lines, 0).sessionId, times: [at(day + 5)] }],
    });
    expect(outOfOrder.status).toBe(400);
    expect((await json(outOfOrder)).error.fields).toEqual({ "sessions.0.times.0": `Must end before session 2 (${nth(job.lines, 1).sessionName}) starts` });
    const noReason = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      sessions: [{ sessionId: nth(job.lines, 1).sessionId, times: [at(day + 5)] }],
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).error.fields).toEqual({ reason: "Required" });
    expect((await apiAs(null).post(`/v1/bookings/${job.id}/schedule`, { mode: "request", reason: "availability", sessions: [] })).status).toBe(401);
    const harbour = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });
    expect(
      (
        await harbour.post(`/v1/bookings/${job.id}/schedule`, {
          mode: "request",
          reason: "availability",
          sessions: [{ sessionId: nth(job.lines, 1).sessionId, times: [at(day + 5)] }],
        })
      ).status,
    ).toBe(404);
    expect(await row(job.id)).toEqual(before);
    expect(await count(schema.mailOutbox)).toBe(mails);
  });

  it("the partner moves the first session only (reason, comment); the customer is mailed about it; out of order is 400", async () => {
    const job = await booked();
    const [first, second] = [nth(job.lines, 0), nth(job.lines, 1)];
    const wrong = await partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: first.id, time: at(day + 3) }] });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error.fields).toEqual({ "lines.0.time": `Must end before session 2 (${second.sessionName}) starts` });
    const mails = await count(schema.mailOutbox);
    const res = await partner.post(`/v1/jobs/${job.id}/reschedule`, {
      reason: "availability",
      comment: "Trainer ill",
      lines: [{ lineId: first.id, time: at(day, 16) }],
    });
    expect(res.status).toBe(200);
    const after: Job = await json(res);
    expect(after.status).toBe("confirmed");
    expect(after.lines.map((l) => l.scheduledAt)).toEqual([at(day, 16), second.scheduledAt]);
    expect(await count(schema.mailOutbox)).toBe(mails + 2); // the customer, and the staff member who moved it
    const mail = await lastMail();
    expect(mail.to).toBe("cara@fabrikam.test");
    expect(mail.text).toContain("Trainer ill");
    expect(mail.text).toContain(first.sessionName);
    expect(mail.text).not.toContain(second.sessionName);
  });
});

describe("the partner's cancel and completing", () => {
  it("the partner cancels a booked job before it starts: the credit comes back, the seat-less lines keep their state, the customer is mailed", async () => {
    const job = await booked();
    const credits = await balance();
    const mails = await count(schema.mailOutbox);
    const res = await partner.post(`/v1/jobs/${job.id}/cancel`, { reason: "availability", comment: "No trainer" });
    expect(res.status).toBe(200);
    expect((await json(res)).status).toBe("cancelled");
    expect(await balance()).toBe(credits + 1);
    expect(await count(schema.mailOutbox)).toBe(mails + 2); // the customer, and the staff member who cancelled
    const mail = await lastMail();
    expect(mail.to).toBe("cara@fabrikam.test");
    expect(mail.subject).toMatch(/^Booking canceled/); // the customer reads American English
    expect((await row(job.id)).job).toMatchObject({ status: "cancelled", cancelReason: "availability", cancelComment: "No trainer", creditsConsumed: 0 });
    expect((await partner.post(`/v1/jobs/${job.id}/cancel`, { reason: "availability" })).status).toBe(409);
    expect(await balance()).toBe(credits + 1);
  });

  it("refuses to complete a session before it starts (409 naming it), changing nothing", async () => {
    const job = await booked();
    const before = await row(job.id);
    const audits = await count(schema.auditEntries);
    const res = await partner.post(`/v1/jobs/${job.id}/lines/${nth(job.lines, 0).id}/complete`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toContain(`${nth(job.lines, 0).sessionName} cannot be marked completed before it starts`);
    expect((await partner.post(`/v1/jobs/${job.id}/complete`)).status).toBe(409);
    expect(await row(job.id)).toEqual(before);
    expect(await count(schema.auditEntries)).toBe(audits);
  });

  it("completes the whole job at once once its sessions have taken place: every line, one audit entry each and one for the job, the customer mailed", async () => {
    const job = await booked();
    await takePlace(job);
    const mails = await count(schema.mailOutbox);
    const res = await partner.post(`/v1/jobs/${job.id}/complete`);
    expect(res.status).toBe(200);
    const done: Job = await json(res);
    expect(done.status).toBe("completed");
    expect(done.lines.map((l) => l.status)).toEqual(["completed", "completed"]);
    const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.accountId, FABRIKAM));
    expect(audit.filter((a) => a.code === "workoutJobCompleted" && a.subjectId === job.id)).toHaveLength(1);
    expect(audit.filter((a) => a.code === "workoutSessionJobLineCompleted" && job.lines.some((l) => l.id === a.subjectId))).toHaveLength(2);
    expect(await count(schema.mailOutbox)).toBe(mails + 2); // the customer, and the staff member who completed it
    expect((await lastMail()).subject).toMatch(/^Workout completed/);
    expect(
      (
        await db
          .select()
          .from(schema.jobs)
          .where(and(eq(schema.jobs.id, job.id), eq(schema.jobs.status, "completed")))
      ).length,
    ).toBe(1);
    expect((await partner.post(`/v1/jobs/${job.id}/complete`)).status).toBe(409);
  });
});
