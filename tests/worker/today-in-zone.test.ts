/**
 * The server judges a date field's "not before today" in the zone the user
 * works in (their stored zone, else the one their browser sends), not in UTC
 * (docs/decisions/2026-11-27-today-in-the-users-zone.md). Whatever the hour
 * the test runs, one of two zones far from UTC is on another day than UTC:
 * Kiritimati (UTC+14) from 10:00 UTC, Pago Pago (UTC-11) before 11:00 UTC.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { DEMO_TIME_ZONES } from "../../db/seed/data";
import { dayInZone } from "../../contract/time-zones";
import { MESSAGES } from "../../contract/messages";
import { TIME_ZONE_HEADER } from "../../contract/time-zone-header";
import { apiAs, newNorthwindCustomer, signUp } from "./auth";
import { json } from "./helpers";
import { newMonthlyPlan } from "./plan-setup";
import { workoutBody } from "./flows-setup";
import { zoneOffUtc } from "./clock";

const NORTHWIND = DEMO.northwind.id;
const partner = (headers: HeadersInit = {}) => apiAs("partnerAdmin", { accountId: NORTHWIND, headers });
const utcToday = () => dayInZone("UTC");
const utcYesterday = () => dayInZone("UTC", new Date(Date.now() - 86_400_000));

const setZone = async (timeZone: string) => expect((await partner().put("/v1/users/me/time-zone", { timeZone })).status).toBe(200);
afterEach(() => setZone(DEMO_TIME_ZONES.partner));

const group = (startDate: string) => ({ title: "Zone month", subtitle: "", startDate, endDate: null, workoutIds: [DEMO.workouts.phishingResilience] });

describe("today where the partner's user works", () => {
  it("a plan runs on the product's UTC day, whatever the user's zone: started today it is in force at once, never from UTC's yesterday", async () => {
    const { zone } = zoneOffUtc();
    await setZone(zone);
    const plan = await newMonthlyPlan(partner(), "Zone plan", 2);
    const start = (accountId: string, startDate: string) => partner().post("/v1/admin/entitlements/plan-entries", { accountId, planId: plan.id, startDate });
    const customer = await newNorthwindCustomer();
    const own = await start(customer.id, utcToday());
    expect(own.status).toBe(201);
    expect((await json<{ balance: number }>(await apiAs(customer.token, { accountId: customer.id }).get("/v1/entitlements"))).balance).toBe(2);
    const res = await start((await newNorthwindCustomer()).id, utcYesterday());
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ startDate: MESSAGES.startBeforeToday });
  });

  it("a featured group's window runs on UTC days too, as the catalogue counts them: UTC's today is taken in any zone, its yesterday refused", async () => {
    const { zone } = zoneOffUtc();
    await setZone(zone);
    expect((await partner().post("/v1/admin/featured-groups", group(utcToday()))).status).toBe(201);
    const res = await partner().post("/v1/admin/featured-groups", group(utcYesterday()));
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ startDate: MESSAGES.startBeforeToday });
  });

  it("a new workout is available from UTC's today whatever zone the browser sends", async () => {
    const { zone } = zoneOffUtc();
    const person = await signUp("Zone Less");
    expect((await json(await apiAs(person.token).get("/v1/users/me"))).timeZone).toBeNull();
    const form = new FormData();
    form.set("data", JSON.stringify({ name: "Zone Less Ltd", type: "partner", currency: "USD", language: "enUS" }));
    const made = await apiAs(person.token).post("/v1/accounts", form);
    expect(made.status).toBe(201);
    const accountId = (await json<{ id: string }>(made)).id;
    const as = apiAs(person.token, { accountId, headers: { [TIME_ZONE_HEADER]: zone } });
    const sending = (availableFrom: string) =>
      as.post("/v1/admin/workouts", workoutBody({ variant: { name: "Standard", locale: "enUS", availableFrom, availableTo: null } }));
    const ok = await sending(utcToday());
    expect(ok.status).toBe(201);
    const early = await sending(utcYesterday());
    expect(early.status).toBe(400);
    expect((await json(early)).error.fields).toEqual({ "variant.availableFrom": MESSAGES.startBeforeToday });
  });

  it("Your Jobs' booked-date range is read in the user's zone: a job belongs to the day it was booked there", async () => {
    const jobs = (await json<{ items: { id: string; createdAt: string }[] }>(await partner().get("/v1/jobs?limit=100"))).items;
    const job = jobs[0]!;
    const at = new Date(job.createdAt);
    // A zone where the booking's day is not its UTC day: Kiritimati (UTC+14) from 10:00 UTC, Pago Pago (UTC-11) before 11:00.
    const zone = at.getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const there = dayInZone(zone, at);
    const utc = dayInZone("UTC", at);
    expect(there).not.toBe(utc);
    await setZone(zone);
    const found = async (day: string) =>
      (await json<{ items: { id: string }[] }>(await partner().get(`/v1/jobs?from=${day}&to=${day}&limit=100`))).items.map((j) => j.id);
    expect(await found(there)).toContain(job.id);
    expect(await found(utc)).not.toContain(job.id);
  });

  it("without a token: 401", async () => {
    expect((await apiAs(null).post("/v1/admin/featured-groups", group(utcToday()))).status).toBe(401);
  });
});
