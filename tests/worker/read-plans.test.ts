/**
 * What a customer's requests read finds its rows through an index: no
 * statement of a booking (its options, context, guard, write and refusal) or
 * of the catalogue, the bookings list and the balance walks a whole table
 * (`SCAN <table>` in SQLite's plan), so each costs the same on a shard of ten
 * thousand users and slots as on the demo's. The signing keys (a handful of
 * rows, kept per isolate) are read whole by design. The migration 0036 gives the two reads
 * that did: the partners' people by address in any case (the mail's
 * recipients), and a workout's slots from now on.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { grantFabrikamCredits, slotsBooking } from "./bookings-setup";
import { recordedCustomer } from "./recorded-d1";

grantFabrikamCredits(5);

const at = (d: number) => new Date(Date.UTC(2037, 4, 1 + d, 9)).toISOString();

/** The tables a statement's plan walks whole (json_each and constant rows aside). */
async function scans(query: string): Promise<string[]> {
  const holes = (query.match(/\?/g) ?? []).length;
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
    .bind(...Array.from({ length: holes }, () => null))
    .all<{ detail: string }>();
  return results.map((r) => r.detail).filter((d) => /^SCAN /.test(d) && !/^SCAN (json_each|CONSTANT ROW|auth_jwks)\b/.test(d));
}

describe("a customer's reads", () => {
  it("walk no table whole for a booking: its options, the booking and its refusal", async () => {
    const booking = await slotsBooking([at(0), at(1)], 1);
    const { api, sent } = recordedCustomer();
    expect((await api.get(`/v1/bookings/options/${booking.workoutId}`)).status).toBe(200);
    expect((await api.post("/v1/bookings", booking)).status).toBe(201);
    expect((await api.post("/v1/bookings", { ...booking, sessions: booking.sessions.map((s) => ({ ...s, slotId: crypto.randomUUID() })) })).status).toBe(409);
    const reads = [...new Set(sent.filter((q) => /^\s*(select|with)\b/i.test(q)))];
    expect(reads.length).toBeGreaterThan(10);
    const walked = (await Promise.all(reads.map(async (q) => ({ q: q.slice(0, 120), scans: await scans(q) })))).filter((r) => r.scans.length);
    expect(walked).toEqual([]);
  });

  it("walk no table whole for the catalogue, the bookings list and the balance", async () => {
    const { api, sent } = recordedCustomer();
    for (const path of ["/v1/workouts", "/v1/bookings", "/v1/entitlements"]) expect((await api.get(path)).status).toBe(200);
    const reads = [...new Set(sent.filter((q) => /^\s*(select|with)\b/i.test(q)))];
    expect(reads.length).toBeGreaterThan(10);
    const walked = (await Promise.all(reads.map(async (q) => ({ q: q.slice(0, 120), scans: await scans(q) })))).filter((r) => r.scans.length);
    expect(walked).toEqual([]);
  });
});
