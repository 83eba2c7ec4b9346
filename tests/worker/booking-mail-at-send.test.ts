/**
 * A job's mail is rendered when it is sent (docs/decisions/2026-11-27-booking-burst-cpu.md):
 * the outbox row keeps its subject and what its body is rendered from, no body
 * is written to R2 with the change, and a booking its batch refuses (a full
 * slot) leaves no row and no body. The body sent is the one rendered from the row.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { MAIL_BODY_PREFIX, mailBodyOf } from "../../worker/mail/bodies";
import { database } from "../../worker/db";
import { customer, giveFabrikamCredits, publishSlot, sessions, slotsBooking, WORKOUT } from "./bookings-setup";

// Northwind and Fabrikam are on the first shard, the directory's own database.
const db = database(env.DB);
const at = (d: number, h = 9) => new Date(Date.UTC(2035, 6, 1 + d, h)).toISOString();
const storedBodies = async () => (await env.UPLOADS.list({ prefix: MAIL_BODY_PREFIX })).objects.length;
/** The outbox rows rendered at send time whose body opens `jobId`. */
async function mailOfJob(jobId: string) {
  const rows = (await db.select().from(schema.mailOutbox)).filter((r) => r.render);
  const bodies = await Promise.all(rows.map((r) => mailBodyOf(env.UPLOADS, r)));
  return rows.flatMap((row, i) => (bodies[i]?.text.includes(`job=${jobId}`) ? [{ row, body: bodies[i] }] : []));
}

beforeAll(() => giveFabrikamCredits(10));

describe("a booking's mail is rendered when it is sent", () => {
  it("writes rows that keep what their bodies are rendered from, and no body to R2; the body renders from the row", async () => {
    const booking = await slotsBooking([at(0), at(1)], 2);
    const bodiesBefore = await storedBodies();
    const res = await customer.post("/v1/bookings", booking);
    expect(res.status).toBe(201);
    const job = await res.json<{ id: string }>();
    expect(await storedBodies()).toBe(bodiesBefore);

    const mails = await mailOfJob(job.id);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const { row, body } of mails) {
      expect(row.bodyKey).toBeNull();
      expect(row.status).toBe("queued");
      // What the body renders from is kept compressed, smaller than the text it renders.
      expect(row.render!.byteLength).toBeLessThan(body.text.length);
      // Each side's link opens this job; the calendar file holds the sessions booked.
      expect(body.html).toContain(job.id);
      expect(body.attachments.map((a) => a.contentType)).toEqual([expect.stringContaining("text/calendar")]);
      expect(row.subject).toMatch(/\S/);
    }
  });

  it("a booking refused for a full slot renders and stores nothing: no row, no body", async () => {
    const [first, second] = await sessions();
    const slotIds = [await publishSlot(first!.id, at(10), 1), await publishSlot(second!.id, at(11), 1)];
    const body = {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [
        { sessionId: first!.id, slotId: slotIds[0] },
        { sessionId: second!.id, slotId: slotIds[1] },
      ],
    };
    const rowsBefore = (await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).length;
    const bodiesBefore = await storedBodies();
    // Two at once on one seat: one booked, one refused (by the context, or by its batch when both read the slot open).
    const answers = await Promise.all([customer.post("/v1/bookings", body), customer.post("/v1/bookings", body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const booked = await answers.find((r) => r.status === 201)!.json<{ id: string }>();
    const rows = await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
    const ofBooked = await mailOfJob(booked.id);
    // Only the booking made has mail; nothing was stored for either.
    expect(ofBooked.length).toBeGreaterThan(0);
    expect(rows.length - rowsBefore).toBe(ofBooked.length);
    expect(await storedBodies()).toBe(bodiesBefore);
  });
});
