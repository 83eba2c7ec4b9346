/**
 * A booking's context batch reads what the booking uses
 * (docs/decisions/2026-11-27-booking-burst-cpu.md): its partner's name,
 * address and platform name in the customer's own row (no statement of its
 * own), and only the workout's and sessions' columns a booking answers or
 * decides with. What the customer is told is unchanged (tests/worker/bookings.test.ts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { busyWindow } from "../../worker/data/availability";
import { bookingContext } from "../../worker/data/bookable";
import { database } from "../../worker/db";
import { env } from "cloudflare:workers";
import { db, FABRIKAM, grantFabrikamCredits, slotsBooking, WORKOUT } from "./bookings-setup";
import { recordedCustomer } from "./recorded-d1";
import { json } from "./helpers";

grantFabrikamCredits(5);

const at = (d: number) => new Date(Date.UTC(2036, 1, 1 + d, 9)).toISOString();
/** The reads a booking sent. */
const contextOf = (sent: string[]) => sent.filter((q) => /^select/i.test(q));

describe("a booking's context", () => {
  it("reads its partner in the customer's row and only the workout's, sessions' and action items' columns it uses", async () => {
    const booking = await slotsBooking([at(0), at(1)], 2);
    const { api, sent } = recordedCustomer();
    const res = await api.post("/v1/bookings", booking);
    expect(res.status).toBe(201);
    expect((await json<any>(res)).partner.name).toBe("Northwind Learning");
    const reads = contextOf(sent);
    // The customer's row names its balance, latest entry, plan in force and its partner's mail details at once.
    const customerRow = reads.filter((q) => q.includes('"latest_entry_id"'));
    expect(new Set(customerRow).size).toBe(1);
    expect(customerRow[0]).toContain('"platform_name"');
    expect(reads.filter((q) => /^select "id", "name", "primary_email", \(select "platform_name"/.test(q))).toEqual([]);
    // The workout through the library, and the sessions: no column the booking leaves unused.
    const workout = reads.find((q) => q.includes('from "library_entries" inner join "workouts"'))!;
    const session = reads.find((q) => /from "workout_sessions" where "workout_sessions"\."workout_id" = \? order by/.test(q))!;
    for (const q of [workout, session]) {
      expect(q).toBeDefined();
      expect(q).not.toMatch(/"description"|"short_summary"|"featured_media"|"icon"/);
    }
    // The session action items by what a new line copies of them.
    const items = reads.find((q) => /from "session_action_items"/.test(q))!;
    expect(items).toBeDefined();
    expect(items).not.toMatch(/"created_at"|"updated_at"|"start_date"/);
  });

  it("reads its delivery partners' schedules only for times asked: none for a booking into slots or the options", async () => {
    // The demo gives Northwind weekday hours (tests/worker/published-hours.ts); this file keeps them.
    const [customer] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM));
    const shard = database(env.DB);
    const [intoSlots, options] = await Promise.all([bookingContext(shard, customer!, WORKOUT, { slotIds: [] }), bookingContext(shard, customer!, WORKOUT)]);
    expect(intoSlots.calendars[0]).toEqual([]);
    expect(options.calendars[0]).toEqual([]);
    const from = Date.UTC(2036, 2, 3, 8);
    const asked = await bookingContext(shard, customer!, WORKOUT, { window: busyWindow(from, from + 8 * 3_600_000) });
    expect(asked.calendars[0].length).toBeGreaterThan(0);
  });
});
