import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { sendReminders } from "../../worker/data/reminders";
import { database } from "../../worker/db";
import type { MailQueueMessage } from "../../worker/mail/outbox";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { customer, db, FABRIKAM, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { nth } from "../present";
import { withBodies } from "./mail-bodies";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

const HOUR = 3600_000;
/** A whole minute `hours` from now (session times are future minutes). */
/**
 * The next `hour`:00 UTC at least `hours` from now (within the 24 hours after
 * that: with 0, a session within 24 hours, however late in the day). Night hours, each test its own: the seed's sessions are by day
 * (09:00–15:00 UTC), so a time at the same offset from now would land on one
 * of them at some hours of the day, and the partner's confirm refuses a time
 * its calendar has taken.
 */
const nextAt = (hour: number, hours: number) => {
  const from = Date.now() + hours * HOUR;
  const day = new Date(from);
  const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  return new Date(at >= from ? at : at + 24 * HOUR).toISOString();
};
const inDays = (d: number, h = 9) => new Date(Date.UTC(2031, 0, 1 + d, h)).toISOString();

grantFabrikamCredits(100);

/** A booking request with one proposed time per session. */
async function request(times: string[]) {
  const s = await sessions();
  const res = await customer.post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "request",
    sessions: s.map((x, i) => ({ sessionId: x.id, times: [times[i]] })),
  });
  expect(res.status).toBe(201);
  return json(res);
}
/** Requested and confirmed at the proposed times. */
async function booked(times: string[]) {
  const job = await request(times);
  const res = await partner.post(`/v1/jobs/${job.id}/confirm`, {
    lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}
const mailsTo = (to: string, subject: string) =>
  withBodies(
    db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.to, to), like(schema.mailOutbox.subject, `${subject}%`)))
      .orderBy(schema.mailOutbox.createdAt),
  );
const lastMail = async (to: string, subject: string) => (await mailsTo(to, subject)).at(-1)!;
const field = (ics: string, name: string) => [...ics.matchAll(new RegExp(`^${name}[:;](.*)$`, "gm"))].map((m) => nth(m, 1).trim());

describe("booking mail", () => {
  it("is HTML in the partner's branding with a plain-text part, from the platform name, linking to the job in each side's own view on the partner's domain", async () => {
    const job = await request([inDays(1), inDays(2)]);
    const toPartner = await lastMail("hello@northwind.test", "Booking requested");
    expect(toPartner.fromName).toBe("Northwind Learn");
    expect(toPartner.text).toContain(`http://${DEMO.northwind.domain}:5173/jobs?job=${job.id}`);
    expect(toPartner.text).not.toContain("/bookings");
    expect(toPartner.html).toContain(`href="http://${DEMO.northwind.domain}:5173/jobs?job=${job.id}"`);
    expect(toPartner.html).toContain("Northwind Learn");
    expect(toPartner.html).toContain("Booking Requested");
    expect(toPartner.text).toContain("Status: Booking Requested");
    const ack = await lastMail("cara@fabrikam.test", "We've received your booking request");
    expect(ack.text).toContain(`http://${DEMO.northwind.domain}:5173/bookings?job=${job.id}`);
    expect(ack.html).toMatch(/^<!doctype html>/);
  });

  it("speaks the recipient's stored language: en-GB words and dates for a British user", async () => {
    await db.update(schema.users).set({ language: "enGB" }).where(eq(schema.users.email, "cara@fabrikam.test"));
    try {
      const job = await booked([inDays(3, 15), inDays(4, 15)]);
      expect((await partner.post(`/v1/jobs/${job.id}/cancel`, { reason: "duplicateBooking" })).status).toBe(200);
      const mail = await lastMail("cara@fabrikam.test", "Booking cancelled");
      expect(mail.text).toContain("Reason: Duplicate booking");
      expect(mail.text).toContain("Status: Cancelled");
      // 15:00 UTC on Cara's (seeded) New York clock, in British order with the zone as en-GB names it.
      expect(mail.text).toContain("4 Jan 2031, 10:00 GMT-5");
      expect(mail.text).not.toContain("duplicateBooking");
    } finally {
      await db.update(schema.users).set({ language: "enUS" }).where(eq(schema.users.email, "cara@fabrikam.test"));
    }
  });
});

describe("the calendar follows the booking", () => {
  it("confirm publishes each line's event; a reschedule raises SEQUENCE with the same UIDs; a cancel sends METHOD:CANCEL", async () => {
    const job = await booked([inDays(10), inDays(11)]);
    const uids = job.lines.map((l: { id: string }) => `${l.id}@techfit`);
    const confirmed = (await lastMail("cara@fabrikam.test", "Booking confirmed")).attachments;
    expect(confirmed.map((a) => a.filename)).toEqual(["booking.ics"]);
    const first = nth(confirmed, 0).content;
    expect(field(first, "METHOD")).toEqual(["PUBLISH"]);
    expect(field(first, "UID")).toEqual(uids);
    const seq1 = Number(field(first, "SEQUENCE")[0]);

    // The partner moves the first session (still before the second): the mail carries that session's event, same UID, a higher SEQUENCE, the new start.
    const moved = await partner.post(`/v1/jobs/${job.id}/reschedule`, {
      reason: "availability",
      lines: [{ lineId: job.lines[0].id, time: inDays(10, 13) }],
    });
    expect(moved.status).toBe(200);
    const update = nth((await lastMail("cara@fabrikam.test", "Booking rescheduled")).attachments, 0).content;
    expect(field(update, "UID")).toEqual([uids[0]]);
    const seq2 = Number(field(update, "SEQUENCE")[0]);
    expect(seq2).toBeGreaterThan(seq1);
    expect(field(update, "DTSTART")[0]).toContain("20310111T130000Z");

    // "Add to calendar" gives the same event at the same SEQUENCE.
    const download = await customer.get(`/v1/bookings/${job.id}/lines/${job.lines[0].id}/calendar`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toContain("text/calendar");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.ics"$/);
    const file = await download.text();
    expect(field(file, "UID")).toEqual([uids[0]]);
    expect(Number(field(file, "SEQUENCE")[0])).toBe(seq2);

    // The customer cancels: the partner's mail cancels both events, SEQUENCE higher again.
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(200);
    const cancelled = (await lastMail("hello@northwind.test", "Booking canceled")).attachments;
    expect(cancelled.map((a) => a.filename)).toEqual(["cancelled.ics"]);
    const cancel = nth(cancelled, 0).content;
    expect(field(cancel, "METHOD")).toEqual(["CANCEL"]);
    expect(field(cancel, "STATUS")).toEqual(["CANCELLED", "CANCELLED"]);
    expect(field(cancel, "UID")).toEqual(uids);
    expect(Number(field(cancel, "SEQUENCE")[0])).toBeGreaterThan(seq2);
    // Once cancelled, there is nothing to add.
    expect((await customer.get(`/v1/bookings/${job.id}/lines/${job.lines[0].id}/calendar`)).status).toBe(409);
  });

  it("a denied request sends the customer a cancellation of the lines' events", async () => {
    const job = await request([inDays(20), inDays(21)]);
    expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "notReady" })).status).toBe(200);
    const mail = await lastMail("cara@fabrikam.test", "Booking request declined");
    expect(mail.text).toContain("Reason: Not ready");
    expect(field(nth(mail.attachments, 0).content, "METHOD")).toEqual(["CANCEL"]);
    expect(field(nth(mail.attachments, 0).content, "UID")).toEqual(job.lines.map((l: { id: string }) => `${l.id}@techfit`));
  });
});

describe("GET v1/bookings|jobs/{id}/lines/{lineId}/calendar", () => {
  it("is the partner's too, and refuses no token (401), the wrong side (403), another tenant (404), bad ids (400) and a session without a time (409)", async () => {
    const job = await booked([inDays(30), inDays(31)]);
    const line = job.lines[0].id;
    const asPartner = await partner.get(`/v1/jobs/${job.id}/lines/${line}/calendar`);
    expect(asPartner.status).toBe(200);
    expect(field(await asPartner.text(), "UID")).toEqual([`${line}@techfit`]);
    expect((await call(`/v1/bookings/${job.id}/lines/${line}/calendar`)).status).toBe(401);
    expect((await customer.get(`/v1/jobs/${job.id}/lines/${line}/calendar`)).status).toBe(403);
    const harbour = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });
    const contoso = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
    const leaked = [await harbour.get(`/v1/bookings/${job.id}/lines/${line}/calendar`), await contoso.get(`/v1/jobs/${job.id}/lines/${line}/calendar`)];
    for (const res of leaked) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("BEGIN:VCALENDAR");
    }
    const bad = await customer.get(`/v1/bookings/not-a-uuid/lines/${line}/calendar`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toHaveProperty("id");
    const pending = await request([inDays(40), inDays(41)]);
    expect((await customer.get(`/v1/bookings/${pending.id}/lines/${pending.lines[0].id}/calendar`)).status).toBe(409);
  });
});

describe("reminders from the cron trigger", () => {
  const queued: string[] = [];
  const queue = { sendBatch: async (msgs: { body: MailQueueMessage }[]) => void queued.push(...msgs.map((m) => m.body.id)) } as unknown as Queue;
  const cron = () => worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE: queue });

  it("reminds the customer once of a confirmed session starting within 24 hours, however many runs (also at once)", async () => {
    const job = await booked([nextAt(1, 0), nextAt(1, 30)]);
    await cron();
    await Promise.all([cron(), cron()]);
    await cron();
    const reminders = (await mailsTo("cara@fabrikam.test", "Reminder:")).filter((m) => m.text.includes(`bookings?job=${job.id}`));
    expect(reminders).toHaveLength(1);
    expect(nth(reminders, 0).subject).toContain("What an AI assistant can do");
    expect(nth(reminders, 0).html).toContain("Northwind Learn");
    expect(queued).toContain(nth(reminders, 0).id);
    const keys = await db
      .select()
      .from(schema.mailReminders)
      .where(eq(schema.mailReminders.mailId, nth(reminders, 0).id));
    expect(keys).toEqual([expect.objectContaining({ kind: "session24h", key: `${job.lines[0].id}|${job.lines[0].scheduledAt}|cara@fabrikam.test` })]);
    // The session more than 30 hours away is not reminded yet.
    expect(reminders.some((m) => m.subject.includes("Prompting in practice"))).toBe(false);
  });

  it("reminds the assigned side of an action item on its due date, once", async () => {
    const job = await booked([nextAt(3, 48), nextAt(3, 72)]);
    await db.insert(schema.jobActionItems).values({
      accountId: FABRIKAM,
      jobId: job.id,
      jobLineId: job.lines[0].id,
      assigneeType: "deliveryPartner",
      stage: "beforeSession",
      name: "Send the joining link",
      dueAt: new Date().toISOString(),
    });
    await cron();
    await cron();
    const due = (await mailsTo("hello@northwind.test", "Due today: Send the joining link")).filter((m) => m.text.includes(`jobs?job=${job.id}`));
    expect(due).toHaveLength(1);
    expect(await mailsTo("cara@fabrikam.test", "Due today: Send the joining link")).toHaveLength(0);
  });

  it("shows a request unconfirmed after 24 hours as overdue and reminds the partner once; a new request after a denial is reminded again", async () => {
    const job = await request([inDays(50), inDays(51)]);
    const age = (hours: number) =>
      db
        .update(schema.jobs)
        .set({ updatedAt: new Date(Date.now() - hours * HOUR).toISOString() })
        .where(eq(schema.jobs.id, job.id));
    await age(23);
    await cron();
    expect((await json(await partner.get(`/v1/jobs/${job.id}`))).overdue).toBe(false);
    const overdue = () => mailsTo("hello@northwind.test", "Waiting over 24 hours").then((all) => all.filter((m) => m.text.includes(`jobs?job=${job.id}`)));
    expect(await overdue()).toHaveLength(0);

    await age(25);
    expect((await json(await partner.get(`/v1/jobs/${job.id}`))).overdue).toBe(true);
    await cron();
    await cron();
    expect(await overdue()).toHaveLength(1);

    expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" })).status).toBe(200);
    const s = await sessions();
    expect(
      (
        await customer.post(`/v1/bookings/${job.id}/schedule`, {
          mode: "request",
          sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(60 + i)] })),
        })
      ).status,
    ).toBe(200);
    await age(30);
    await cron();
    await cron();
    expect(await overdue()).toHaveLength(2);
    const n = nth(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(schema.mailReminders)
        .where(like(schema.mailReminders.key, `${job.id}|%`)),
      0,
    );
    expect(n.n).toBe(2);
  });

  /** A user's id by address, and their zone set. */
  const inZone = async (email: string, timeZone: string) =>
    nth(await db.update(schema.users).set({ timeZone }).where(eq(schema.users.email, email)).returning({ id: schema.users.id }), 0).id;
  const runAt = (iso: string) => sendReminders(env.DB, database(env.DB), "main", { ...env, MAIL_QUEUE: queue }, new Date(iso));

  it("reminds the booker, each attendee and the session's instructor of a session, each once and in their own zone", async () => {
    const dan = await inZone("dan@fabrikam.test", "Asia/Tokyo");
    const ben = await inZone("ben@northwind.test", "Europe/Berlin");
    await inZone("cara@fabrikam.test", "America/New_York");
    const job = await booked([nextAt(5, 0), nextAt(5, 30)]);
    expect((await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [dan] })).status).toBe(200);
    expect((await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: ben, lineId: job.lines[0].id })).status).toBe(200);
    await cron();
    await Promise.all([cron(), cron()]);
    const of = async (to: string) => (await mailsTo(to, "Reminder:")).filter((m) => m.text.includes(`job=${job.id}`));
    const [cara, attendee, instructor] = [await of("cara@fabrikam.test"), await of("dan@fabrikam.test"), await of("ben@northwind.test")];
    expect([cara.length, attendee.length, instructor.length]).toEqual([1, 1, 1]);
    expect(nth(cara, 0).text).toContain("America/New_York");
    expect(nth(attendee, 0).text).toContain("Asia/Tokyo");
    expect(nth(instructor, 0).text).toContain("Europe/Berlin");
    expect(nth(instructor, 0).text).toContain(`jobs?job=${job.id}`);
    expect(nth(attendee, 0).text).toContain(`bookings?job=${job.id}`);
    // The partner's address is not reminded of sessions (its instructor is).
    expect(await of("hello@northwind.test")).toHaveLength(0);
  });

  it("reminds each person of an action item on their own local day of it, across a change to summer time, once", async () => {
    const dan = await inZone("dan@fabrikam.test", "Europe/Berlin");
    await inZone("cara@fabrikam.test", "America/New_York");
    const job = await booked([inDays(80), inDays(81)]);
    expect((await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [dan] })).status).toBe(200);
    // New York moves to summer time at 07:00 UTC on 9 March 2031. Due 02:00 UTC on the 10th: the 9th in New York (22:00), the 10th in Berlin (03:00).
    await db.insert(schema.jobActionItems).values({
      accountId: FABRIKAM,
      jobId: job.id,
      jobLineId: job.lines[0].id,
      assigneeType: "recipient",
      stage: "beforeSession",
      name: "Install the assistant",
      dueAt: "2031-03-10T02:00:00.000Z",
    });
    const of = async (to: string) => (await mailsTo(to, "Due today: Install the assistant")).filter((m) => m.text.includes(`job=${job.id}`));
    const counts = async () => [(await of("cara@fabrikam.test")).length, (await of("dan@fabrikam.test")).length];
    // 04:30 UTC on the 9th is still the 8th in New York (23:30, winter time): nobody yet; a fixed summer offset would say the 9th.
    await runAt("2031-03-09T04:30:00.000Z");
    expect(await counts()).toEqual([0, 0]);
    // Midday UTC on the 9th: New York's day of it, not yet Berlin's (nor UTC's).
    await Promise.all([runAt("2031-03-09T12:00:00.000Z"), runAt("2031-03-09T12:00:00.000Z")]);
    expect(await counts()).toEqual([1, 0]);
    // 23:30 UTC: the 10th has begun in Berlin.
    await runAt("2031-03-09T23:30:00.000Z");
    await runAt("2031-03-10T03:00:00.000Z");
    expect(await counts()).toEqual([1, 1]);
    expect(nth(await of("dan@fabrikam.test"), 0).text).toContain("Europe/Berlin");
    expect(nth(await of("cara@fabrikam.test"), 0).text).toContain("America/New_York");
    const done = await db
      .select()
      .from(schema.mailReminders)
      .where(and(eq(schema.mailReminders.kind, "actionItemDue"), like(schema.mailReminders.key, "%|2031-03-10T02:00:00.000Z%")));
    expect(done.map((d) => d.key.split("|").length).sort()).toEqual([2, 3, 3]);
  });
});
