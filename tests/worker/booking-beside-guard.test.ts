/**
 * A booking's context read beside the account's guard
 * (docs/decisions/2026-11-27-booking-context-beside-the-guard.md): the
 * context's batch started for the customer and partner the cached routing
 * row names is used only when it was read for what the context then asks;
 * otherwise it is read again. The guard still decides: a caller who is not a
 * member gets 403 and nothing is written.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { bookingContext, startBookingContext } from "../../worker/data/bookable";
import { apiAs } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { database } from "../../worker/db";
import { env } from "cloudflare:workers";
import { d1Figures, warmAnswer } from "./d1-figures";

const db = database(env.DB);
const at = (d: number, h = 10) => new Date(Date.UTC(2033, 4, 1 + d, h)).toISOString();
const fabrikamRow = async () => (await db.select().from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM)))[0]!;
const jobsOfFabrikam = async () => (await db.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM))).length;

beforeAll(() => giveFabrikamCredits(40));

describe("a booking's context read beside the account's guard", () => {
  it("answers from the early reads only when they were read for the same customer, partner, workout and times", async () => {
    const customer = await fabrikamRow();
    const asked = { window: { busyFrom: at(0), busyTo: at(1) } };
    const fresh = await bookingContext(db, customer, WORKOUT, asked);
    // Read for another partner (a routing row not yet current after a re-link): the context reads again, as Northwind's customer.
    const stale = startBookingContext(db, { customerId: FABRIKAM, partnerId: DEMO.contoso.id }, WORKOUT, asked);
    const again = await bookingContext(db, customer, WORKOUT, { ...asked, started: stale });
    expect(again.partner.id).toBe(DEMO.northwind.id);
    expect(again.price).toEqual(fresh.price);
    // Read for other times: read again too, with the calendar of the times asked.
    const otherTimes = startBookingContext(db, { customerId: FABRIKAM, partnerId: DEMO.northwind.id }, WORKOUT, { window: { busyFrom: at(5), busyTo: at(6) } });
    expect((await bookingContext(db, customer, WORKOUT, { ...asked, started: otherTimes })).calendars).toEqual(fresh.calendars);
    // Read for the same: the same context.
    const same = startBookingContext(db, { customerId: FABRIKAM, partnerId: DEMO.northwind.id }, WORKOUT, asked);
    const used = await bookingContext(db, customer, WORKOUT, { ...asked, started: same });
    expect({ ...used, open: used.open.length }).toEqual({ ...fresh, open: fresh.open.length });
  });

  it("a booking reads its context beside the guard: one refused by what the context says answers after one level", async () => {
    const s = await sessions();
    const body = { workoutId: WORKOUT, mode: "slots", sessions: s.map((x) => ({ sessionId: x.id, slotId: crypto.randomUUID() })) };
    const refusedAfter = async (api: ReturnType<typeof apiAs>) => {
      const res = await warmAnswer(() => api.post("/v1/bookings", body));
      expect([400, 409]).toContain(res.status);
      return d1Figures(res).depth;
    };
    // With X-Account-Id the context is read beside the membership check (without the early reads: after it, two levels).
    expect(await refusedAfter(apiAs("customerAdmin", { accountId: FABRIKAM }))).toBe(1);
  });

  it("the guard still decides: a caller not a member of the account is refused, and nothing is written", async () => {
    const s = await sessions();
    const before = await jobsOfFabrikam();
    const body = { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(20 + i)] })) };
    expect((await apiAs("otherCustomerAdmin", { accountId: FABRIKAM }).post("/v1/bookings", body)).status).toBe(403);
    expect((await apiAs(null, { accountId: FABRIKAM }).post("/v1/bookings", body)).status).toBe(401);
    expect(await jobsOfFabrikam()).toBe(before);
  });
});
