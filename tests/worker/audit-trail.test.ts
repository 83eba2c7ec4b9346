/**
 * Every change of a booking, a customer's credits, plan and price group, and
 * of a partner's plans and price groups is in the audit trail: who, what,
 * when and from → to, written in the change's own batch (a change that fails
 * writes none). The trail is a partner's owners' and admins' only, its own
 * customers' only, a page at a time.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { withBodies } from "./mail-bodies";
import { DEMO } from "../../db/seed";
import { addMonths } from "../../worker/domain/plan-periods";
import { apiAs, newCustomer } from "./auth";
import { json } from "./helpers";
import { balance, customer, db, FABRIKAM, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { first } from "../present";
import { withoutPublishedHours } from "./published-hours";
import { shardDbOf } from "./databases";

withoutPublishedHours();

type Entry = {
  id: string;
  code: string;
  subjectType: string;
  subjectId: string;
  subject: string | null;
  by: string | null;
  change: { kind: string; from: string | number | null; to: string | number | null } | null;
  reason: string | null;
  createdAt: string;
};

const NORTHWIND = DEMO.northwind.id;
const inDays = (d: number, h = 9) => new Date(Date.UTC(2032, 0, 1 + d, h)).toISOString();
const today = () => new Date().toISOString().slice(0, 10);

grantFabrikamCredits(100);

/** Every entry of a trail, paging through it `limit` at a time. */
async function trail(path: string, limit = 100): Promise<Entry[]> {
  const out: Entry[] = [];
  let cursor: string | null = null;
  do {
    const res = await partner.get(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    const page = await json<{ items: Entry[]; nextCursor: string | null }>(res);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}
const jobTrail = (id: string, limit?: number) => trail(`/v1/jobs/${id}/audit`, limit);
const customerTrail = (id: string, limit?: number) => trail(`/v1/admin/dependents/${id}/audit`, limit);
const entriesOf = (subjectId: string) => db.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, subjectId));

async function request(times: string[]) {
  const s = await sessions();
  const res = await customer.post("/v1/bookings", { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [times[i]] })) });
  expect(res.status).toBe(201);
  return json(res);
}
async function booked(times: string[]) {
  const job = await request(times);
  const res = await partner.post(`/v1/jobs/${job.id}/confirm`, {
    lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
  });
  expect(res.status).toBe(200);
  return json(res);
}
const mailsTo = (to: string, subject: string) =>
  withBodies(
    db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, to))
      .then((rows) => rows.filter((m) => m.subject.startsWith(subject))),
  );

describe("the audit trail of a job", () => {
  it("records the request, the confirmation, a reschedule (its sessions from → to) and the cancellation, with who, the status from → to and the reason", async () => {
    const job = await request([inDays(1), inDays(2)]);
    const [one, two] = job.lines as { id: string; requestedTimes: string[] }[];
    await partner.post(`/v1/jobs/${job.id}/confirm`, { lines: [one, two].map((l) => ({ lineId: l!.id, time: l!.requestedTimes[0] })) });
    const moved = await partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: two!.id, time: inDays(5) }] });
    expect(moved.status).toBe(200);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "duplicateBooking" })).status).toBe(200);

    const entries = await jobTrail(job.id);
    const byCode = (code: string) => entries.filter((e) => e.code === code);
    expect(byCode("workoutJobRequested")).toEqual([
      expect.objectContaining({ by: "Cara Lindqvist", subjectType: "job", change: { kind: "status", from: null, to: "awaitingConfirmation" } }),
    ]);
    expect(byCode("workoutJobConfirmed")).toEqual([
      expect.objectContaining({ by: "Ada Lovelace", change: { kind: "status", from: "awaitingConfirmation", to: "confirmed" } }),
    ]);
    expect(byCode("workoutJobRescheduled")).toEqual([
      expect.objectContaining({ by: "Ada Lovelace", reason: "availability", change: { kind: "status", from: "confirmed", to: "confirmed" } }),
    ]);
    expect(byCode("workoutSessionJobLineRescheduled")).toEqual([
      expect.objectContaining({ subjectId: two!.id, subject: expect.any(String), change: { kind: "time", from: inDays(2), to: inDays(5) } }),
    ]);
    expect(byCode("workoutJobCancelled")).toEqual([
      expect.objectContaining({ by: "Cara Lindqvist", reason: "duplicateBooking", change: { kind: "status", from: "confirmed", to: "cancelled" } }),
    ]);
    // Newest first.
    expect(entries.map((e) => e.createdAt)).toEqual([...entries.map((e) => e.createdAt)].sort().reverse());
  });

  it("records a denial and the customer's new request, and a reschedule by request (the times asked for)", async () => {
    const job = await request([inDays(10), inDays(11)]);
    expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "notReady" })).status).toBe(200);
    const s = await sessions();
    const again = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(12 + i)] })),
    });
    expect(again.status).toBe(200);
    const confirmed = await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: (await json(again)).lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
    });
    const lines = (await json(confirmed)).lines as { id: string; sessionId: string }[];
    const res = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      reason: "requested",
      sessions: [{ sessionId: first(lines).sessionId, times: [inDays(11, 14)] }],
    });
    expect(res.status).toBe(200);

    const entries = await jobTrail(job.id);
    expect(entries.find((e) => e.code === "workoutJobDenied")).toMatchObject({
      by: "Ada Lovelace",
      reason: "notReady",
      change: { kind: "status", from: "awaitingConfirmation", to: "awaitingScheduling" },
    });
    expect(entries.filter((e) => e.code === "workoutJobRequested").map((e) => e.change?.from)).toEqual(["awaitingScheduling", null]);
    expect(entries.find((e) => e.code === "workoutJobRescheduleRequested")).toMatchObject({
      by: "Cara Lindqvist",
      reason: "requested",
      change: { kind: "status", from: "confirmed", to: "awaitingConfirmation" },
    });
    expect(entries.filter((e) => e.code === "workoutSessionJobLineRescheduled")).toEqual([
      expect.objectContaining({ subjectId: first(lines).id, change: { kind: "time", from: inDays(12), to: inDays(11, 14) } }),
    ]);
  });

  it("reads changes of place and people as words: attendees, instructor and who attended by name, the place by its link, with who made each", async () => {
    const idOf = async (email: string) => first(await db.select().from(schema.users).where(eq(schema.users.email, email))).id;
    const [cara, dan, ben] = await Promise.all(["cara@fabrikam.test", "dan@fabrikam.test", "ben@northwind.test"].map(idOf));
    const job = await booked([inDays(50), inDays(51)]);
    const line = (job.lines as { id: string }[])[0]!;
    expect((await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara, dan] })).status).toBe(200);
    expect((await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [dan] })).status).toBe(200);
    expect((await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: ben })).status).toBe(200);
    const url = "https://meet.northwind.test/trail";
    expect((await partner.put(`/v1/jobs/${job.id}/location`, { location: { kind: "online", url } })).status).toBe(200);
    // The first session has taken place; Dan is marked present.
    await db
      .update(schema.jobLines)
      .set({ scheduledAt: new Date(Date.now() - 86_400_000).toISOString() })
      .where(eq(schema.jobLines.id, line.id));
    expect((await partner.put(`/v1/jobs/${job.id}/lines/${line.id}/attendance`, { attendance: [{ userId: dan, present: true }] })).status).toBe(200);
    // A refused change (a non-member as attendee) writes nothing.
    expect((await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [ben] })).status).toBe(400);

    const all = await jobTrail(job.id);
    const of = (code: string) => all.filter((e) => e.code === code).map((e) => [e.change, e.by]);
    expect(of("jobAttendeesChanged")).toEqual([
      [{ kind: "name", from: "Cara Lindqvist, Dan Moreau", to: "Dan Moreau" }, "Cara Lindqvist"],
      [{ kind: "name", from: null, to: "Cara Lindqvist, Dan Moreau" }, "Cara Lindqvist"],
    ]);
    expect(of("jobInstructorChanged")).toEqual([[{ kind: "name", from: null, to: "Ben Okafor" }, "Ada Lovelace"]]);
    expect(of("jobLocationChanged")).toEqual([
      [{ kind: "name", from: null, to: url }, "Ada Lovelace"],
      [{ kind: "name", from: null, to: url }, "Ada Lovelace"],
    ]);
    expect(of("jobAttendanceMarked")).toEqual([[{ kind: "name", from: null, to: "Dan Moreau" }, "Ada Lovelace"]]);
    // The raw values stay in the record, for whoever reads it later.
    expect((await entriesOf(job.id)).find((e) => e.code === "jobInstructorChanged")!.data).toMatchObject({ from: null, to: ben });
  });

  it("writes no entry for a change that fails: of two confirmations at once one wins, one entry", async () => {
    const job = await request([inDays(20), inDays(21)]);
    const body = { lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })) };
    const answers = await Promise.all([partner.post(`/v1/jobs/${job.id}/confirm`, body), partner.post(`/v1/jobs/${job.id}/confirm`, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await entriesOf(job.id)).filter((e) => e.code === "workoutJobConfirmed")).toHaveLength(1);
    // A move the state machine refuses writes none either.
    expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "other" })).status).toBe(409);
    expect((await entriesOf(job.id)).filter((e) => e.code === "workoutJobDenied")).toHaveLength(0);
  });

  it("is paged newest first: pages of two hold every entry once, in order", async () => {
    const job = await booked([inDays(30), inDays(31)]);
    const line = (job.lines as { id: string }[])[1]!;
    await partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: line.id, time: inDays(33) }] });
    await partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "other", lines: [{ lineId: line.id, time: inDays(34) }] });
    const all = await jobTrail(job.id);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const paged = await jobTrail(job.id, 2);
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    const firstPage = await json(await partner.get(`/v1/jobs/${job.id}/audit?limit=2`));
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    expect((await partner.get(`/v1/jobs/${job.id}/audit?cursor=not-a-cursor`)).status).toBe(400);
  });

  it("is the partner's owners' and admins' only: another partner 404, a customer or a member 403, no token 401", async () => {
    const job = await request([inDays(40), inDays(41)]);
    expect((await apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id }).get(`/v1/jobs/${job.id}/audit`)).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id }).get(`/v1/admin/dependents/${FABRIKAM}/audit`)).status).toBe(404);
    expect((await customer.get(`/v1/jobs/${job.id}/audit`)).status).toBe(403);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).get(`/v1/jobs/${job.id}/audit`)).status).toBe(403);
    expect((await apiAs(null).get(`/v1/jobs/${job.id}/audit`)).status).toBe(401);
  });
});

describe("mail at every step of a booking", () => {
  it("acknowledges the customer's request for new times to the customer and asks the partner to confirm them", async () => {
    const job = await booked([inDays(52), inDays(53)]);
    const before = (await mailsTo("cara@fabrikam.test", "We've received your request for new times")).length;
    const res = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      reason: "notReady",
      sessions: [{ sessionId: first(job.lines as { sessionId: string }[]).sessionId, times: [inDays(49, 15)] }],
    });
    expect(res.status).toBe(200);
    const ack = await mailsTo("cara@fabrikam.test", "We've received your request for new times");
    expect(ack).toHaveLength(before + 1);
    expect(ack.at(-1)!.text).toContain("Reason: Not ready");
    expect((await mailsTo("hello@northwind.test", "New times requested: Copilot Foundations")).length).toBeGreaterThan(0);
  });

  it("confirms the customer's cancellation to the customer and tells the partner", async () => {
    const job = await booked([inDays(60), inDays(61)]);
    const [mine, theirs] = [
      (await mailsTo("cara@fabrikam.test", "You canceled your booking")).length,
      (await mailsTo("hello@northwind.test", "Booking canceled")).length,
    ];
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "incorrectBooking" })).status).toBe(200);
    const own = await mailsTo("cara@fabrikam.test", "You canceled your booking");
    expect(own).toHaveLength(mine + 1);
    expect(own.at(-1)!.text).toContain("Reason: Incorrect booking");
    expect(own.at(-1)!.attachments.map((a) => a.filename)).toEqual(["cancelled.ics"]);
    expect(await mailsTo("hello@northwind.test", "Booking canceled")).toHaveLength(theirs + 1);
  });

  it("refuses 'unknown' as a reason someone gives (it only marks records without one)", async () => {
    const job = await request([inDays(70), inDays(71)]);
    expect((await json(await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "unknown" }))).error.fields.reason).toBeTruthy();
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "unknown" })).status).toBe(400);
    expect((await entriesOf(job.id)).map((e) => e.code)).toEqual(["workoutJobRequested"]);
  });
});

/** A new customer account linked to Northwind, with no plan and no credits. */
async function northwindCustomer() {
  const c = await newCustomer();
  expect((await apiAs(c.token, { accountId: c.id }).post(`/v1/admin/accounts/${c.id}/assign-parent`, { tan: DEMO.northwind.tan })).status).toBe(200);
  return c;
}
const PLAN = { commitmentTerm: "monthly", credits: 4, refreshPeriod: "monthly", priceAmount: 9900, currency: "USD" };

describe("the audit trail of a customer", () => {
  it("records credit adjustments with the balance from → to, and none for one refused", async () => {
    const c = await northwindCustomer();
    expect((await partner.post("/v1/admin/entitlements/credit", { accountId: c.id, itemType: "bonus", quantity: 5, context: "Welcome" })).status).toBe(201);
    expect((await partner.post("/v1/admin/entitlements/credit", { accountId: c.id, itemType: "planAdjustment", quantity: -2 })).status).toBe(201);
    const refused = await partner.post("/v1/admin/entitlements/credit", { accountId: c.id, itemType: "planAdjustment", quantity: -9 });
    expect(refused.status).toBe(409);
    const entries = (await customerTrail(c.id)).filter((e) => e.code === "creditsAdjusted");
    expect(entries.map((e) => e.change)).toEqual([
      { kind: "credits", from: 5, to: 3 },
      { kind: "credits", from: 0, to: 5 },
    ]);
    expect(entries.map((e) => e.by)).toEqual(["Ada Lovelace", "Ada Lovelace"]);
    expect(entries[1]!.subject).toBe("Welcome");
  });

  it("records the credits a booking uses and those its cancellation gives back, the balance from → to, with who and what for", async () => {
    const before = await balance();
    const job = await request([inDays(60), inDays(61)]);
    const used = job.creditsConsumed as number;
    expect(used).toBeGreaterThan(0);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "duplicateBooking" })).status).toBe(200);
    const lines = await db.select().from(schema.creditLines).where(eq(schema.creditLines.jobId, job.id));
    const ids = lines.map((l) => l.id);
    expect(ids).toHaveLength(2);
    const entries = (await customerTrail(FABRIKAM)).filter((e) => ids.includes(e.subjectId));
    expect(entries.map((e) => [e.code, e.change, e.by])).toEqual([
      ["creditsReturned", { kind: "credits", from: before - used, to: before }, "Cara Lindqvist"],
      ["creditsConsumed", { kind: "credits", from: before, to: before - used }, "Cara Lindqvist"],
    ]);
    expect(entries[1]!.subject).toContain("Copilot Foundations");
  });

  it("records a plan started, changed and given an end date, and none for a start refused", async () => {
    const c = await northwindCustomer();
    const [a, b] = await Promise.all(
      ["Starter", "Growth"].map(async (name) =>
        json(await partner.post("/v1/admin/entitlements/plans", { ...PLAN, planName: `${name} ${crypto.randomUUID().slice(0, 4)}`, variantName: "Monthly" })),
      ),
    );
    const started = await partner.post("/v1/admin/entitlements/plan-entries", { accountId: c.id, planId: a.id, startDate: today() });
    expect(started.status).toBe(201);
    const twice = await partner.post("/v1/admin/entitlements/plan-entries", { accountId: c.id, planId: b.id, startDate: today() });
    expect(twice.status).toBe(409);
    const changed = await partner.post(`/v1/admin/entitlements/plans/${(await json(started)).id}/change`, { planId: b.id, startDate: addMonths(today(), 2) });
    expect(changed.status).toBe(201);
    const ended = await partner.post(`/v1/admin/entitlements/plans/${(await json(changed)).id}/cancel`, { endDate: "2040-12-31" });
    expect(ended.status).toBe(200);

    const entries = await customerTrail(c.id);
    expect(entries.filter((e) => e.code === "planStarted").map((e) => e.change)).toEqual([{ kind: "name", from: null, to: `${a.planName} (Monthly)` }]);
    expect(entries.find((e) => e.code === "planChanged")?.change).toEqual({ kind: "name", from: `${a.planName} (Monthly)`, to: `${b.planName} (Monthly)` });
    expect(entries.find((e) => e.code === "planEnded")).toMatchObject({
      subject: `${b.planName} (Monthly)`,
      change: { kind: "date", from: null, to: "2040-12-31" },
      by: "Ada Lovelace",
    });
  });

  it("records the customer's price group from → to, also when its group is deleted; the partner's groups and plans in its own trail, which only it reads", async () => {
    const c = await northwindCustomer();
    const group = await json(await partner.post("/v1/admin/price-groups", { name: `Schools ${crypto.randomUUID().slice(0, 4)}` }));
    expect((await partner.put(`/v1/admin/dependents/${c.id}/price-group`, { priceGroupId: group.id })).status).toBe(200);
    const renamed = `${group.name} (renamed)`;
    expect((await partner.put(`/v1/admin/price-groups/${group.id}`, { name: renamed })).status).toBe(200);
    expect((await partner.delete(`/v1/admin/price-groups/${group.id}`)).status).toBe(204);
    // Another partner's group is refused, and writes nothing.
    const other = first(await (await shardDbOf(DEMO.contoso.id)).select().from(schema.priceGroups).where(eq(schema.priceGroups.accountId, DEMO.contoso.id)));
    expect((await partner.put(`/v1/admin/dependents/${c.id}/price-group`, { priceGroupId: other.id })).status).toBe(400);

    const changes = (await customerTrail(c.id)).filter((e) => e.code === "customerPriceGroupChanged").map((e) => e.change);
    expect(changes).toEqual([
      { kind: "name", from: renamed, to: null },
      { kind: "name", from: null, to: group.name },
    ]);
    const own = await db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.accountId, NORTHWIND), eq(schema.auditEntries.subjectId, group.id)));
    expect(own.map((e) => e.code).sort()).toEqual(["priceGroupCreated", "priceGroupDeleted", "priceGroupEdited"]);
    expect(own.every((e) => e.partnerAccountId === NORTHWIND && e.userId)).toBe(true);

    // The partner reads its own entries; nobody else does.
    const mine = (await trail("/v1/admin/audit")).filter((e) => e.subjectId === group.id);
    expect(mine.map((e) => [e.code, e.change, e.by])).toEqual([
      ["priceGroupDeleted", { kind: "name", from: renamed, to: null }, "Ada Lovelace"],
      ["priceGroupEdited", { kind: "name", from: group.name, to: renamed }, "Ada Lovelace"],
      ["priceGroupCreated", { kind: "name", from: null, to: group.name }, "Ada Lovelace"],
    ]);
    const contoso = await json(await apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id }).get("/v1/admin/audit?limit=100"));
    expect(contoso.items.filter((e: Entry) => e.subjectId === group.id)).toEqual([]);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).get("/v1/admin/audit")).status).toBe(403);
    // A customer's owner reads its own account's trail (docs/decisions/2026-11-27-relinked-audit.md): none of its partner's own entries.
    const theirs = await customer.get("/v1/admin/audit?limit=100");
    expect(theirs.status).toBe(200);
    expect((await json(theirs)).items.filter((e: Entry) => e.subjectId === group.id)).toEqual([]);
    expect((await apiAs("customerMember", { accountId: FABRIKAM }).get("/v1/admin/audit")).status).toBe(403);
    expect((await apiAs(null).get("/v1/admin/audit")).status).toBe(401);

    const plan = await json(await partner.post("/v1/admin/entitlements/plans", { ...PLAN, planName: "Audit", variantName: crypto.randomUUID().slice(0, 6) }));
    await partner.put(`/v1/admin/entitlements/plans/${plan.id}`, { ...PLAN, planName: "Audited", variantName: plan.variantName });
    const planEntries = await db
      .select()
      .from(schema.auditEntries)
      .where(inArray(schema.auditEntries.subjectId, [plan.id]));
    expect(planEntries.map((e) => e.code).sort()).toEqual(["planCreated", "planEdited"]);
  });

  it("records the partner's bookable times published and closed in its own trail, and none for a close refused", async () => {
    const [session] = await sessions();
    const publish = async (d: number) => {
      const res = await partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: session!.id, startsAt: inDays(d, 11), capacity: 2 });
      expect(res.status).toBe(201);
      return (await json(res)).id as string;
    };
    const [open, held] = [await publish(90), await publish(91)];
    expect((await partner.delete(`/v1/admin/slots/${open}`)).status).toBe(204);
    // A time someone holds a seat of is not closed: no entry.
    await db.update(schema.slots).set({ seatsTaken: 1 }).where(eq(schema.slots.id, held));
    expect((await partner.delete(`/v1/admin/slots/${held}`)).status).toBe(409);
    expect((await apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id }).delete(`/v1/admin/slots/${held}`)).status).toBe(404);

    const mine = (await trail("/v1/admin/audit")).filter((e) => e.subjectId === open || e.subjectId === held);
    expect(mine.map((e) => [e.code, e.subjectId, e.change])).toEqual(
      expect.arrayContaining([
        ["slotPublished", open, { kind: "time", from: null, to: inDays(90, 11) }],
        ["slotPublished", held, { kind: "time", from: null, to: inDays(91, 11) }],
        ["slotClosed", open, { kind: "time", from: inDays(90, 11), to: null }],
      ]),
    );
    expect(mine).toHaveLength(3);
    expect(mine.find((e) => e.code === "slotPublished")?.subject).toContain(session!.name);
  });
});
