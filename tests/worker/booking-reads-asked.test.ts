/**
 * A booking reads what it asks for (docs/decisions/2026-11-27-booking-burst-cpu.md):
 * its context holds only the open slots its sessions name, the options every
 * open slot; a slot asked for that is full or gone is refused as before.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { bookingContext, slotsAsked, startBookingContext } from "../../worker/data/bookable";
import { DEMO } from "../../db/seed";
import { database } from "../../worker/db";
import { env } from "cloudflare:workers";
import { customer, FABRIKAM, giveFabrikamCredits, publishSlot, sessions, WORKOUT } from "./bookings-setup";

// Northwind and Fabrikam are on the first shard, the directory's own database.
const db = database(env.DB);

const at = (d: number, h = 9) => new Date(Date.UTC(2034, 2, 1 + d, h)).toISOString();
const fabrikamRow = async () => (await db.select().from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM)))[0]!;

beforeAll(() => giveFabrikamCredits(10));

describe("a booking reads the slots it asks for", () => {
  it("its context holds only the open slots its sessions name; the options every open one", async () => {
    const [first, second] = await sessions();
    const mine = [await publishSlot(first!.id, at(0), 3), await publishSlot(second!.id, at(1), 3)];
    const others = [await publishSlot(first!.id, at(2), 3), await publishSlot(second!.id, at(3), 3)];
    const body = {
      mode: "slots" as const,
      sessions: [
        { sessionId: first!.id, slotId: mine[0] },
        { sessionId: second!.id, slotId: mine[1] },
      ],
    };
    expect(slotsAsked(body)).toEqual(mine);
    expect(slotsAsked({ mode: "request", sessions: [{ slotId: undefined }] })).toEqual([]);

    const row = await fabrikamRow();
    const asked = await bookingContext(db, row, WORKOUT, { slotIds: slotsAsked(body) });
    expect(asked.open.map((o) => o.slot.id).sort()).toEqual([...mine].sort());
    const all = (await bookingContext(db, row, WORKOUT)).open.map((o) => o.slot.id);
    expect(all).toEqual(expect.arrayContaining([...mine, ...others]));

    // Booked through the API: the slots asked are taken, the others left open.
    const res = await customer.post("/v1/bookings", { workoutId: WORKOUT, ...body });
    expect(res.status).toBe(201);
    const taken = await db.select({ id: schema.slots.id, seats: schema.slots.seatsTaken }).from(schema.slots);
    const seats = new Map(taken.map((s) => [s.id, s.seats]));
    expect(mine.map((id) => seats.get(id))).toEqual([1, 1]);
    expect(others.map((id) => seats.get(id))).toEqual([0, 0]);
  });

  it("a slot asked for that is full is refused as no longer available (409), nothing written", async () => {
    const [first, second] = await sessions();
    const full = await publishSlot(first!.id, at(10), 1);
    const open = await publishSlot(second!.id, at(11), 1);
    const body = {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [
        { sessionId: first!.id, slotId: full },
        { sessionId: second!.id, slotId: open },
      ],
    };
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    const jobs = async () => (await db.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM))).length;
    const before = await jobs();
    const again = await customer.post("/v1/bookings", body);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/no longer available|fully booked/);
    expect(await jobs()).toBe(before);
  });

  it("reads the customer's scores and completed workouts only as far as the workout's prerequisites ask", async () => {
    const required = await db
      .select({ category: schema.prerequisites.category, workoutId: schema.prerequisites.requiredWorkoutId })
      .from(schema.prerequisites)
      .where(eq(schema.prerequisites.workoutId, WORKOUT));
    const scored = await db.select({ category: schema.scores.category }).from(schema.scores).where(eq(schema.scores.accountId, FABRIKAM));
    const completed = await db
      .select({ workoutId: schema.jobs.workoutId })
      .from(schema.jobs)
      .where(and(eq(schema.jobs.accountId, FABRIKAM), eq(schema.jobs.status, "completed")));
    // The customer has a record the workout's prerequisites do not name (else this shows nothing).
    expect(
      scored.some((s) => !required.some((r) => r.category === s.category)) || completed.some((c) => !required.some((r) => r.workoutId === c.workoutId)),
    ).toBe(true);
    const started = startBookingContext(db, { customerId: FABRIKAM, partnerId: DEMO.northwind.id }, WORKOUT, {});
    const rows = (await started.rows) as unknown as unknown[][];
    const [scoreRows, completedRows] = [rows[9] as { category: string }[], rows[10] as { workoutId: string }[]];
    expect(scoreRows.every((s) => required.some((r) => r.category === s.category))).toBe(true);
    expect(completedRows.every((c) => required.some((r) => r.workoutId === c.workoutId))).toBe(true);
  });
});
