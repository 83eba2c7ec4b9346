/**
 * Changes recorded in the audit trail only when something changed, and the
 * changes that had no entry: each in the batch of its change, from → to in
 * the product's words.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { customer, db, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();
grantFabrikamCredits(20);

const inDays = (d: number, h = 9) => new Date(Date.UTC(2033, 0, 1 + d, h)).toISOString();
const userId = async (email: string) => (await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
const entries = (code: schema.AuditEntry["code"], subjectId: string) =>
  db
    .select()
    .from(schema.auditEntries)
    .where(and(eq(schema.auditEntries.code, code), eq(schema.auditEntries.subjectId, subjectId)));

describe("attendance on completion", () => {
  it("is recorded only when it changed: marks equal to the stored ones write no entry; a change writes its from → to", async () => {
    const dan = await userId(DEMO_USERS.customerMember.email);
    const s = await sessions();
    const res = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      attendees: [dan],
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(1 + i)] })),
    });
    expect(res.status).toBe(201);
    const job = await json(res);
    expect(
      (await partner.post(`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l: { id: string }, i: number) => ({ lineId: l.id, time: inDays(1 + i) })) }))
        .status,
    ).toBe(200);
    for (const [i, line] of job.lines.entries())
      await db
        .update(schema.jobLines)
        .set({ scheduledAt: new Date(Date.now() - (3 - i) * 86_400_000).toISOString() })
        .where(eq(schema.jobLines.id, line.id));
    const [one, two] = job.lines as { id: string }[];

    const marked = await partner.put(`/v1/jobs/${job.id}/lines/${one!.id}/attendance`, { attendance: [{ userId: dan, present: true }] });
    expect(marked.status).toBe(200);
    expect(await entries("jobAttendanceMarked", one!.id)).toHaveLength(1);
    // Completing with the same marks changes nothing of the attendance: no second entry.
    const done = await partner.post(`/v1/jobs/${job.id}/lines/${one!.id}/complete`, { attendance: [{ userId: dan, present: true }] });
    expect(done.status).toBe(200);
    expect(await entries("jobAttendanceMarked", one!.id)).toHaveLength(1);
    expect(await entries("workoutSessionJobLineCompleted", one!.id)).toHaveLength(1);
    // Marking the same again afterwards writes none either.
    expect((await partner.put(`/v1/jobs/${job.id}/lines/${one!.id}/attendance`, { attendance: [{ userId: dan, present: true }] })).status).toBe(200);
    expect(await entries("jobAttendanceMarked", one!.id)).toHaveLength(1);
    // A change is recorded from → to.
    expect((await partner.put(`/v1/jobs/${job.id}/lines/${one!.id}/attendance`, { attendance: [{ userId: dan, present: false }] })).status).toBe(200);
    const changed = await entries("jobAttendanceMarked", one!.id);
    expect(changed).toHaveLength(2);
    expect(changed.map((e) => e.data)).toContainEqual({ jobId: job.id, from: [{ userId: dan, present: true }], to: [{ userId: dan, present: false }] });
    // Completing the other session with a first mark records it.
    expect((await partner.post(`/v1/jobs/${job.id}/lines/${two!.id}/complete`, { attendance: [{ userId: dan, present: false }] })).status).toBe(200);
    expect((await entries("jobAttendanceMarked", two!.id)).map((e) => e.data)).toEqual([{ jobId: job.id, from: [], to: [{ userId: dan, present: false }] }]);
  });
});

type Entry = { code: string; subject: string | null; field: string | null; change: { kind: string; from: unknown; to: unknown } | null; by: string | null };
const trail = async (path: string): Promise<Entry[]> => (await json(await partner.get(`${path}?limit=100`))).items;

describe("settings in the trail, one entry per setting changed", () => {
  it("a plan's edit records every field it changed, from → to, and an edit changing nothing records none", async () => {
    const body = {
      planName: "Gaps",
      variantName: crypto.randomUUID().slice(0, 6),
      commitmentTerm: "monthly",
      credits: 4,
      refreshPeriod: "monthly",
      priceAmount: 9900,
      currency: "USD",
    };
    const plan = await json(await partner.post("/v1/admin/entitlements/plans", body));
    // The same edit twice: the second changes nothing and records nothing.
    const edited = { ...body, commitmentTerm: "annual", credits: 6, refreshPeriod: "quarterly", priceAmount: 12900 };
    for (let i = 0; i < 2; i++) expect((await partner.put(`/v1/admin/entitlements/plans/${plan.id}`, edited)).status).toBe(200);
    const edits = (await trail("/v1/admin/audit")).filter((e) => e.code === "planEdited" && e.subject === `Gaps (${body.variantName})`);
    expect(edits.map((e) => [e.field, e.change]).sort()).toEqual(
      [
        ["commitmentTerm", { kind: "term", from: "monthly", to: "annual" }],
        ["credits", { kind: "number", from: 4, to: 6 }],
        ["price", { kind: "money", from: "9900 USD", to: "12900 USD" }],
        ["refreshPeriod", { kind: "period", from: "monthly", to: "quarterly" }],
      ].sort(),
    );
    expect(edits.every((e) => e.by === "Ada Lovelace")).toBe(true);
  });

  it("availability edits (weekly hours, overrides, notice, buffer; the partner's and a workout's own) record what changed", async () => {
    const week = {
      timeZone: "Europe/Berlin",
      weekly: [{ day: 1, ranges: [{ start: "09:00", end: "12:00" }] }],
      overrides: [],
      minNoticeMinutes: 60,
      bufferMinutes: 15,
    };
    expect((await partner.put("/v1/admin/availability", week)).status).toBe(200);
    expect(
      (
        await partner.put("/v1/admin/availability", {
          ...week,
          weekly: [{ day: 1, ranges: [{ start: "10:00", end: "12:00" }] }],
          overrides: [{ date: "2033-02-01", ranges: [] }],
          bufferMinutes: 30,
        })
      ).status,
    ).toBe(200);
    expect((await partner.put("/v1/admin/availability", { ...week, workoutId: WORKOUT, minNoticeMinutes: 120 })).status).toBe(200);
    const entries = (await trail("/v1/admin/audit")).filter((e) => e.code === "availabilityChanged");
    const general = entries.filter((e) => e.subject === null);
    expect(general.filter((e) => e.field === "buffer").map((e) => e.change)).toEqual([
      { kind: "minutes", from: 15, to: 30 },
      { kind: "minutes", from: null, to: 15 },
    ]);
    expect(general.find((e) => e.field === "weeklyHours" && e.change?.from !== null)?.change).toEqual({
      kind: "hours",
      from: JSON.stringify(week.weekly),
      to: JSON.stringify([{ day: 1, ranges: [{ start: "10:00", end: "12:00" }] }]),
    });
    expect(general.find((e) => e.field === "dateOverrides")?.change).toEqual({
      kind: "overrides",
      from: null,
      to: JSON.stringify([{ date: "2033-02-01", ranges: [] }]),
    });
    // The second save left the zone and the notice as they were: no entry for them.
    expect(general.filter((e) => e.field === "minimumNotice")).toHaveLength(1);
    const own = entries.filter((e) => e.subject === "Copilot Foundations");
    expect(own.find((e) => e.field === "minimumNotice")?.change).toEqual({ kind: "minutes", from: null, to: 120 });
    expect((await partner.delete(`/v1/admin/availability/workouts/${WORKOUT}`)).status).toBe(204);
    const removed = (await trail("/v1/admin/audit")).filter((e) => e.code === "availabilityChanged" && e.subject === "Copilot Foundations");
    expect(removed.find((e) => e.field === "minimumNotice" && e.change?.to === null)?.change).toEqual({ kind: "minutes", from: 120, to: null });
  });

  it("a user's change of time zone is in the trail of their organisation; the same zone again writes none", async () => {
    const cara = await userId(DEMO_USERS.customerAdmin.email);
    const [was] = await db.select({ timeZone: schema.users.timeZone }).from(schema.users).where(eq(schema.users.id, cara));
    expect((await customer.put(`/v1/users/${cara}/time-zone`, { timeZone: "Asia/Tokyo" })).status).toBe(200);
    expect((await customer.put(`/v1/users/${cara}/time-zone`, { timeZone: "Asia/Tokyo" })).status).toBe(200);
    const entries = (await trail(`/v1/admin/dependents/${DEMO_USERS.customerAdmin.accountId}/audit`)).filter((e) => e.code === "userTimeZoneChanged");
    expect(entries).toEqual([
      expect.objectContaining({ field: "timeZone", change: { kind: "name", from: was!.timeZone, to: "Asia/Tokyo" }, by: "Cara Lindqvist" }),
    ]);
  });

  it("a partner's change of time zone is in its own trail, once, from → to; refused or invalid changes write none", async () => {
    const northwind = DEMO.northwind.id;
    const zoneOf = async () =>
      (await db.select({ timeZone: schema.accounts.timeZone }).from(schema.accounts).where(eq(schema.accounts.id, northwind)))[0]!.timeZone;
    const zoneEntries = () => entries("accountTimeZoneChanged", northwind);
    const was = await zoneOf();
    const to = was === "Asia/Tokyo" ? "Europe/Lisbon" : "Asia/Tokyo";
    const path = `/v1/admin/accounts/${northwind}/time-zone`;
    // Refused (no token, a member, another account) and invalid changes write nothing.
    expect((await call(path, { method: "PUT", body: JSON.stringify({ timeZone: to }), headers: { "Content-Type": "application/json" } })).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: northwind }).put(path, { timeZone: to })).status).toBe(403);
    expect((await partner.put(`/v1/admin/accounts/${DEMO.contoso.id}/time-zone`, { timeZone: to })).status).toBe(404);
    expect((await partner.put(path, { timeZone: "Not/AZone" })).status).toBe(400);
    expect(await zoneEntries()).toEqual([]);
    // The change, then the same zone again: one entry.
    expect((await partner.put(path, { timeZone: to })).status).toBe(200);
    expect((await partner.put(path, { timeZone: to })).status).toBe(200);
    expect(await zoneOf()).toBe(to);
    const { firstName, lastName } = DEMO_USERS.partnerAdmin;
    expect((await trail("/v1/admin/audit")).filter((e) => e.code === "accountTimeZoneChanged")).toEqual([
      expect.objectContaining({ field: "timeZone", change: { kind: "name", from: was, to }, by: `${firstName} ${lastName}` }),
    ]);
    expect((await partner.put(path, { timeZone: was ?? "UTC" })).status).toBe(200);
  });

  it("a workout's price for one customer and for one price group records from → to, in the customer's trail and the partner's own", async () => {
    const group = await json(await partner.post("/v1/admin/price-groups", { name: `Gaps ${crypto.randomUUID().slice(0, 4)}` }));
    const workoutId = DEMO.workouts.dataLiteracy;
    const base = (
      await db
        .select()
        .from(schema.pricingLines)
        .where(and(eq(schema.pricingLines.workoutId, workoutId), isNull(schema.pricingLines.variantId)))
    ).map((l) => ({
      name: l.name,
      priceType: l.priceType,
      customerAccountId: l.customerAccountId ?? undefined,
      priceGroupId: l.priceGroupId ?? undefined,
      pricingType: l.pricingType,
      onPlan: l.onPlan,
      currency: l.currency,
      amount: l.amount,
      startDate: l.startDate,
      endDate: l.endDate,
    }));
    const forCustomer = {
      name: "Fabrikam",
      priceType: "customer",
      customerAccountId: DEMO_USERS.customerAdmin.accountId,
      pricingType: "value",
      onPlan: false,
      currency: "USD",
      amount: 50000,
    };
    const forGroup = { name: "Group", priceType: "customerPriceGroup", priceGroupId: group.id, pricingType: "unit", onPlan: true, currency: "USD", amount: 3 };
    const save = (lines: unknown[]) => partner.put(`/v1/admin/workouts/${workoutId}`, { pricing: [...base, ...lines] });
    expect((await save([forCustomer, forGroup])).status).toBe(200);
    expect((await save([{ ...forCustomer, amount: 45000 }, forGroup])).status).toBe(200);
    expect((await save([{ ...forCustomer, amount: 45000 }])).status).toBe(200);
    const customerSide = (await trail(`/v1/admin/dependents/${DEMO_USERS.customerAdmin.accountId}/audit`)).filter((e) => e.code === "priceChanged");
    expect(customerSide.map((e) => e.change)).toEqual([
      { kind: "money", from: "50000 USD", to: "45000 USD" },
      { kind: "money", from: null, to: "50000 USD" },
    ]);
    expect(customerSide[0]).toMatchObject({ field: "price", subject: expect.stringContaining("Fabrikam"), by: "Ada Lovelace" });
    const groupSide = (await trail("/v1/admin/audit")).filter((e) => e.code === "priceChanged" && e.subject?.includes(group.name));
    expect(groupSide.map((e) => e.change)).toEqual([
      { kind: "number", from: 3, to: null },
      { kind: "number", from: null, to: 3 },
    ]);
  });
});
