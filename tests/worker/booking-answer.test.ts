/**
 * A new booking is answered from the rows its batch wrote (docs/decisions/2026-11-27-booking-answer-from-its-writes.md):
 * the answer is the booking as a read of it answers (its people in order, its
 * customer's action items, the attachments released today), and its batch
 * reads nothing back, whether it is refused at its first statement or accepted.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_USERS } from "../../db/seed/identity";
import { customer, db, FABRIKAM, grantFabrikamCredits, publishSlot, sessions, slotsBooking, WORKOUT } from "./bookings-setup";
import { json } from "./helpers";
import { withoutPublishedHours } from "./published-hours";
import { recordedCustomer, writeBatch } from "./recorded-d1";

grantFabrikamCredits(20);
withoutPublishedHours();

const at = (d: number, h = 9) => new Date(Date.UTC(2035, 4, 1 + d, h)).toISOString();
const NORTHWIND = DEMO_USERS.partnerAdmin.accountId;

const userId = async (email: string) => (await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;

const added: { items: string[]; attachments: string[] } = { items: [], attachments: [] };

beforeAll(async () => {
  const [first, second] = await sessions();
  const item = (sessionId: string, assigneeType: "customer" | "partner", name: string, dueOffsetDays: number | null) => ({
    id: crypto.randomUUID(),
    accountId: NORTHWIND,
    workoutId: WORKOUT,
    sessionId,
    assigneeType,
    stage: "beforeSession" as const,
    name,
    link: assigneeType === "customer" ? "https://example.test/prepare" : null,
    dueOffsetDays,
  });
  const items = [
    item(first!.id, "customer", "Read the brief", -2),
    item(first!.id, "partner", "Set up the room", -1),
    item(second!.id, "customer", "Bring a laptop", null),
  ];
  const attachment = (sessionId: string, description: string, dates: { startDate?: string; endDate?: string }, fileKey: string | null = null) => ({
    id: crypto.randomUUID(),
    accountId: NORTHWIND,
    workoutId: WORKOUT,
    sessionId,
    type: fileKey ? ("document" as const) : ("link" as const),
    description,
    value: fileKey ? null : "https://example.test/notes",
    fileKey,
    startDate: dates.startDate ?? null,
    endDate: dates.endDate ?? null,
  });
  const attachments = [
    attachment(first!.id, "Notes, open now", {}),
    attachment(first!.id, "Slides, released later", { startDate: "2099-01-01" }),
    attachment(second!.id, "Workbook, a file", { endDate: "2099-12-31" }, "workouts/workbook.pdf"),
    attachment(second!.id, "Old handout, withdrawn", { endDate: "2000-01-01" }),
  ];
  await db.insert(schema.sessionActionItems).values(items);
  await db.insert(schema.sessionAttachments).values(attachments);
  added.items = items.map((i) => i.id);
  added.attachments = attachments.map((a) => a.id);
});

afterAll(async () => {
  await db.delete(schema.sessionActionItems).where(inArray(schema.sessionActionItems.id, added.items));
  await db.delete(schema.sessionAttachments).where(inArray(schema.sessionAttachments.id, added.attachments));
});

const reads = (statements: string[]) => statements.filter((q) => /^\s*(select|with)\b/i.test(q));

describe("a new booking's answer", () => {
  it("into slots: the booking as a read of it answers, its attendees in order, its action items and today's attachments", async () => {
    const [first, second] = await sessions();
    const slots = [await publishSlot(first!.id, at(0), 3), await publishSlot(second!.id, at(1), 3)];
    const attendees = [await userId(DEMO_USERS.customerMember.email), await userId(DEMO_USERS.customerAdmin.email)];
    const res = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [
        { sessionId: first!.id, slotId: slots[0] },
        { sessionId: second!.id, slotId: slots[1] },
      ],
      attendees,
    });
    expect(res.status).toBe(201);
    const answered = await json<any>(res);
    const read = await json<any>(await customer.get(`/v1/bookings/${answered.id}`));
    expect(answered).toEqual(read);
    // What the comparison holds, spelled out: the customer's own items, the attachments released today, the people by name.
    const itemsOf = (line: any) => line.actionItems.map((i: any) => i.name);
    expect(itemsOf(answered.lines[0])).toContain("Read the brief");
    expect(itemsOf(answered.lines[0])).not.toContain("Set up the room");
    expect(answered.lines[1].actionItems.find((i: any) => i.name === "Bring a laptop").dueAt).toBeNull();
    expect(answered.lines[0].attachments.map((a: any) => a.description)).toEqual(expect.arrayContaining(["Notes, open now"]));
    expect(answered.lines[0].attachments.map((a: any) => a.description)).not.toContain("Slides, released later");
    const workbook = answered.lines[1].attachments.find((a: any) => a.description === "Workbook, a file");
    expect(workbook.fileUri).toEqual(expect.stringContaining(workbook.id));
    expect(answered.lines[1].attachments.map((a: any) => a.description)).not.toContain("Old handout, withdrawn");
    expect(answered.attendees.map((a: any) => a.email)).toEqual([DEMO_USERS.customerAdmin.email, DEMO_USERS.customerMember.email]);
    expect(answered.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("a request of times: the booking as a read of it answers", async () => {
    const s = await sessions();
    const res = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(20 + i, 10)] })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const answered = await json<any>(res);
    expect(answered).toEqual(await json<any>(await customer.get(`/v1/bookings/${answered.id}`)));
    expect(answered.lines[0].requestedTimes).toEqual([at(20, 10)]);
  });
});

describe("a new booking's batch reads nothing back", () => {
  it("an accepted booking's batch holds its writes only", async () => {
    const booking = await slotsBooking([at(30), at(31)], 2);
    const { api, sent } = recordedCustomer();
    const res = await api.post("/v1/bookings", booking);
    expect(res.status).toBe(201);
    const batch = writeBatch(sent);
    expect(batch.some((q) => /^insert into "jobs"/i.test(q))).toBe(true);
    expect(reads(batch)).toEqual([]);
  });

  it("a booking refused for a full slot stops at its refusal: 409, no read, nothing written", async () => {
    const [first, second] = await sessions();
    const full = await publishSlot(first!.id, at(40), 1);
    const open = await publishSlot(second!.id, at(41), 1);
    const jobsOf = async () => (await db.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM))).length;
    const before = await jobsOf();
    // The slot is read open, then taken by another booking just before this one's batch: its first statement refuses it.
    const { api, sent } = recordedCustomer(() => db.update(schema.slots).set({ seatsTaken: 1 }).where(eq(schema.slots.id, full)));
    const res = await api.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [
        { sessionId: first!.id, slotId: full },
        { sessionId: second!.id, slotId: open },
      ],
    });
    expect(res.status).toBe(409);
    expect((await json<any>(res)).error.fields).toEqual({ slotId: "Fully booked" });
    const batch = writeBatch(sent);
    expect(batch.length).toBeGreaterThan(1);
    expect(reads(batch)).toEqual([]);
    expect(await jobsOf()).toBe(before);
    const seats = await db.select({ seats: schema.slots.seatsTaken }).from(schema.slots).where(eq(schema.slots.id, open));
    expect(seats[0]!.seats).toBe(0);
  });
});
