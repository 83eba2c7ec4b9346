/**
 * A slot this isolate saw fill up (worker/data/full-slots.ts): the booking
 * that took its last seat marks it, the next attempts on it are refused for a
 * moment without reading the booking's context, and a seat given back on
 * this isolate makes it bookable at once. The guard still comes first.
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { AT_ONCE, seatFreed, turnsAt } from "../../worker/data/full-slots";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs } from "./auth";
import { customer, db, grantFabrikamCredits, slotsBooking } from "./bookings-setup";
import { d1Figures } from "./d1-figures";
import { recordedCustomer } from "./recorded-d1";
import { json } from "./helpers";

grantFabrikamCredits(40);

const day = (n: number, hour = 9) => new Date(Date.UTC(2033, 2, 1 + n, hour)).toISOString();
const seatsTaken = async (slotId: string | undefined) =>
  (
    await db
      .select({ n: schema.slots.seatsTaken })
      .from(schema.slots)
      .where(eq(schema.slots.id, slotId ?? ""))
  )[0]?.n;

describe("a slot seen full", () => {
  it("is refused without reading the booking's context once a booking took its last seat", async () => {
    const body = await slotsBooking([day(1), day(2)], 1);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);

    const again = await customer.post("/v1/bookings", body);
    expect(again.status).toBe(409);
    const error = (await json(again)).error;
    expect(error.message).toBe("That time is no longer available. Please choose another.");
    expect(error.fields).toEqual({ "sessions.0.slotId": "Not available" });
    const seen = d1Figures(again);

    // The same attempt, once this isolate forgot the slot (as one that did not see it fill), reads the context and is refused by what it reads.
    for (const s of body.sessions) seatFreed(s.slotId ?? "");
    const read = await customer.post("/v1/bookings", body);
    expect(read.status).toBe(409);
    expect((await json(read)).error.fields).toEqual({ "sessions.0.slotId": "Not available" });
    expect(seen.calls).toBeLessThan(d1Figures(read).calls);
    expect(await seatsTaken(body.sessions[0]!.slotId)).toBe(1);
  });

  it("is marked only by the seat that was its last", async () => {
    const body = await slotsBooking([day(3), day(4)], 2);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    // One seat left on each: the next booking is written, not refused from memory.
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    expect(await seatsTaken(body.sessions[1]!.slotId)).toBe(2);
    expect((await customer.post("/v1/bookings", body)).status).toBe(409);
  });

  it("is bookable at once when its seat is given back on this isolate", async () => {
    const body = await slotsBooking([day(5), day(6)], 1);
    const job = await json(await customer.post("/v1/bookings", body));
    expect((await customer.post("/v1/bookings", body)).status).toBe(409);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(200);
    expect(await seatsTaken(body.sessions[0]!.slotId)).toBe(0);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
  });

  it("still answers the guard first, and another partner's customers from the database", async () => {
    const body = await slotsBooking([day(7), day(8)], 1);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    expect((await apiAs(null).post("/v1/bookings", body)).status).toBe(401);
    // A customer of Contoso naming Northwind's slot is answered by what its own context reads, never from what Fabrikam's booking saw.
    const fromMemory = d1Figures(await customer.post("/v1/bookings", body));
    const harbour = await apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id }).post("/v1/bookings", body);
    expect(harbour.status).toBe(409);
    expect(d1Figures(harbour).calls).toBeGreaterThan(fromMemory.calls);
    const stranger = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.fabrikam.id });
    expect((await stranger.post("/v1/bookings", body)).status).toBe(403);
    expect((await customer.post("/v1/bookings", { ...body, sessions: "all" })).status).toBe(400);
  });

  it("never refuses a request of times, which takes no slot", async () => {
    const body = await slotsBooking([day(9), day(10)], 1);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    const times = { workoutId: body.workoutId, mode: "request", sessions: body.sessions.map((s, i) => ({ sessionId: s.sessionId, times: [day(20 + i, 14)] })) };
    expect((await customer.post("/v1/bookings", times)).status).toBe(201);
  });

  it("is refused by the database, not from memory, once the moment has passed on an isolate that saw it fill", async () => {
    const body = await slotsBooking([day(11), day(12)], 1);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    // A seat given back by another isolate: this one does not know, and refuses from memory for the moment only.
    await env.DB.prepare("UPDATE slots SET seats_taken = 0 WHERE id IN (?, ?)").bind(body.sessions[0]!.slotId, body.sessions[1]!.slotId).run();
    expect((await customer.post("/v1/bookings", body)).status).toBe(409);
    clearIsolateCaches();
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    expect(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(schema.jobLines)
        .where(eq(schema.jobLines.slotId, body.sessions[0]!.slotId ?? "")),
    ).toEqual([{ n: 2 }]);
  });
});

describe("a rush on a slot", () => {
  it("reads at most a few bookings' contexts at once: the one that fills it is accepted, the others refused without a read", async () => {
    const body = await slotsBooking([day(13), day(14)], 1);
    const { api, sent } = recordedCustomer();
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.post("/v1/bookings", body)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    for (const r of answers.filter((a) => a.status === 409)) expect((await json(r)).error.message).toMatch(/no longer available|fully booked/);
    // The context's customer row is read once per context: no more than the turns a slot gives at once.
    expect(sent.filter((q) => q.includes('"latest_entry_id"')).length).toBeLessThanOrEqual(AT_ONCE);
    expect(await seatsTaken(body.sessions[0]!.slotId)).toBe(1);
    expect(turnsAt(DEMO.northwind.id, body.sessions[0]!.slotId ?? "")).toBe(0);
  });

  it("gives a turn back whatever the answer, a refused guard included", async () => {
    const body = await slotsBooking([day(15), day(16)], 1);
    // Someone signed in but not of Fabrikam, naming Fabrikam: 403 after the early reads took their turn.
    const outsider = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.fabrikam.id });
    const refused = await Promise.all(Array.from({ length: AT_ONCE + 2 }, () => outsider.post("/v1/bookings", body)));
    expect(refused.map((r) => r.status)).toEqual(Array.from({ length: AT_ONCE + 2 }, () => 403));
    expect(turnsAt(DEMO.northwind.id, body.sessions[0]!.slotId ?? "")).toBe(0);
    expect((await customer.post("/v1/bookings", body)).status).toBe(201);
    expect(turnsAt(DEMO.northwind.id, body.sessions[0]!.slotId ?? "")).toBe(0);
  });
});
