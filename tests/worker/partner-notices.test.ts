/**
 * Who on the partner's side hears of a change to a job: the staff member who
 * made it, the instructors of the sessions it is about (each in their own
 * language and zone), and the primary address when the customer made it;
 * each address once.
 */
import { eq, inArray, not } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_USERS } from "../../db/seed";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { customer, db, grantFabrikamCredits, partner, requestedJob } from "./bookings-setup";
import { withBodies } from "./mail-bodies";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();
grantFabrikamCredits(60);

const inDays = (d: number, h = 9) => new Date(Date.UTC(2031, 2, 1 + d, h)).toISOString();
const ADA = DEMO_USERS.partnerAdmin.email;
const BEN = DEMO_USERS.partnerMember.email;
const PRIMARY = "hello@northwind.test";
const CARA = DEMO_USERS.customerAdmin.email;
const partnerMember = apiAs("partnerMember", { accountId: DEMO_USERS.partnerMember.accountId });

async function userId(email: string) {
  const [u] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return u!.id;
}

/** A request of Copilot Foundations at `day`, `day + 1`; Ben instructs its first session only. */
async function requested(day: number) {
  const job = await requestedJob((i) => [inDays(day + i)]);
  const assigned = await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: await userId(BEN), lineId: job.lines[0].id });
  expect(assigned.status).toBe(200);
  return json(assigned);
}

async function confirmed(day: number) {
  const job = await requested(day);
  const res = await partner.post(`/v1/jobs/${job.id}/confirm`, {
    lines: job.lines.map((l: { id: string }, i: number) => ({ lineId: l.id, time: inDays(day + i) })),
  });
  expect(res.status).toBe(200);
  return json(res);
}

/** The mail a change writes: the outbox rows that were not there before `change` ran. */
async function mailOf(change: () => Promise<Response>) {
  const before = (await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).map((r) => r.id);
  const res = await change();
  expect(res.status, await res.clone().text()).toBe(200);
  const rows = await withBodies(
    db
      .select()
      .from(schema.mailOutbox)
      .where(before.length ? not(inArray(schema.mailOutbox.id, before)) : undefined),
  );
  return { rows, to: rows.map((r) => r.to).sort(), of: (to: string) => rows.find((r) => r.to === to) };
}

describe("partner notices", () => {
  it("a partner's reschedule reaches the acting staff and the session's instructor in his own language and zone, not another session's, nor the primary address", async () => {
    const [was] = await db.select({ language: schema.users.language, timeZone: schema.users.timeZone }).from(schema.users).where(eq(schema.users.email, BEN));
    await db.update(schema.users).set({ language: "enGB", timeZone: "Asia/Tokyo" }).where(eq(schema.users.email, BEN));
    try {
      const job = await confirmed(1);
      const first = await mailOf(() =>
        partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: job.lines[0].id, time: inDays(1, 13) }] }),
      );
      expect(first.to).toEqual([ADA, BEN, CARA].sort());
      const ben = first.of(BEN)!;
      expect(ben.subject).toBe("Booking rescheduled: Copilot Foundations");
      // 13:00 UTC is 22:00 in Tokyo, written the British way.
      expect(ben.text).toContain("22:00");
      expect(ben.text).toContain("Tokyo");
      expect(ben.text).toContain(`/jobs?job=${job.id}`);
      expect(first.of(ADA)!.text).toContain(`/jobs?job=${job.id}`);

      // The second session is nobody's to instruct: only the acting staff and the customer hear of it.
      const second = await mailOf(() =>
        partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: job.lines[1].id, time: inDays(2, 13) }] }),
      );
      expect(second.to).toEqual([ADA, CARA].sort());
    } finally {
      await db.update(schema.users).set(was!).where(eq(schema.users.email, BEN));
    }
  });

  it("confirming, denying and cancelling reach the acting staff and the instructor in the partner's words; the customer's cancel reaches the primary address and the instructor, not the staff who did not act", async () => {
    const request = await requested(10);
    const confirm = await mailOf(() =>
      partner.post(`/v1/jobs/${request.id}/confirm`, { lines: request.lines.map((l: { id: string }, i: number) => ({ lineId: l.id, time: inDays(10 + i) })) }),
    );
    expect(confirm.to).toEqual([ADA, BEN, CARA].sort());
    expect(confirm.of(BEN)!.text).toContain("The booking of Copilot Foundations for Fabrikam");
    expect(confirm.of(CARA)!.text).toContain("Your booking of Copilot Foundations is confirmed.");

    const other = await requested(20);
    const deny = await mailOf(() => partner.post(`/v1/jobs/${other.id}/deny`, { reason: "availability" }));
    expect(deny.to).toEqual([ADA, BEN, CARA].sort());
    expect(deny.of(ADA)!.text).toContain("was declined");

    const cancel = await mailOf(() => customer.post(`/v1/bookings/${request.id}/cancel`, { reason: "requested" }));
    expect(cancel.to).toEqual([BEN, CARA, PRIMARY].sort());
    expect(cancel.of(BEN)!.subject).toBe("Booking canceled: Copilot Foundations");
    expect(cancel.of(CARA)!.subject).toBe("You canceled your booking: Copilot Foundations");

    const third = await confirmed(30);
    const byPartner = await mailOf(() => partner.post(`/v1/jobs/${third.id}/cancel`, { reason: "availability" }));
    expect(byPartner.to).toEqual([ADA, BEN, CARA].sort());
    // The staff read the cancellation itself, not a customer's acknowledgement.
    expect(byPartner.of(ADA)!.subject).toBe("Booking canceled: Copilot Foundations");
  });

  it("a new place and a completion reach the instructor of the sessions concerned; the instructor completing is mailed once", async () => {
    const job = await confirmed(40);
    const place = await mailOf(() =>
      partner.put(`/v1/jobs/${job.id}/location`, { lineId: job.lines[1].id, location: { kind: "online", url: "https://meet.example.test/b" } }),
    );
    expect(place.to).toEqual([ADA, CARA].sort());
    const mine = await mailOf(() =>
      partner.put(`/v1/jobs/${job.id}/location`, { lineId: job.lines[0].id, location: { kind: "online", url: "https://meet.example.test/a" } }),
    );
    expect(mine.to).toEqual([ADA, BEN, CARA].sort());
    expect(mine.of(BEN)!.subject).toBe("New place for Copilot Foundations");

    await db
      .update(schema.jobLines)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where(eq(schema.jobLines.id, job.lines[0].id));
    const done = await mailOf(() => partnerMember.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`));
    expect(done.to).toEqual([BEN, CARA].sort());
    expect(done.of(BEN)!.subject).toBe("Session completed: Copilot Foundations");
  });

  it("the customer's request for new times reaches the primary address and the instructor of the moved session only", async () => {
    const job = await confirmed(50);
    const moved = await mailOf(() =>
      customer.post(`/v1/bookings/${job.id}/schedule`, {
        mode: "request",
        reason: "availability",
        sessions: [{ sessionId: job.lines[1].sessionId, times: [inDays(55)] }],
      }),
    );
    expect(moved.to).toEqual([CARA, PRIMARY].sort());
    const other = await confirmed(60);
    const mine = await mailOf(() =>
      customer.post(`/v1/bookings/${other.id}/schedule`, {
        mode: "request",
        reason: "availability",
        sessions: [{ sessionId: other.lines[0].sessionId, times: [inDays(60, 14)] }],
      }),
    );
    expect(mine.to).toEqual([BEN, CARA, PRIMARY].sort());
  });
});
