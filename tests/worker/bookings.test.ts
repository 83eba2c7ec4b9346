import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { balance, customer, db, FABRIKAM, grantFabrikamCredits, partner, publishSlot, requestTimes, sessions, WORKOUT } from "./bookings-setup";
import { nth, present } from "../present";
import { withBodies } from "./mail-bodies";
import { NOT_INSTRUCTOR } from "../../worker/api/jobs";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

const inDays = (d: number, h = 9) => new Date(Date.UTC(2030, 0, 1 + d, h)).toISOString();

const count = async (table: typeof schema.jobs | typeof schema.mailOutbox) => nth(await db.select({ n: sql<number>`count(*)` }).from(table), 0).n;

grantFabrikamCredits(100);

const requestBooking = (day = 10) => requestTimes((i) => [inDays(day + i), inDays(day + i, 14)]);

/**
 * A slot for each of the workout's two sessions, the first on `day` and the
 * second the day after, with their capacities, and the body that books them.
 */
async function twoSlots(day: number, capacities: [number, number]) {
  const s = await sessions();
  const a = await publishSlot(nth(s, 0).id, inDays(day), capacities[0]);
  const b = await publishSlot(nth(s, 1).id, inDays(day + 1), capacities[1]);
  const body = {
    workoutId: WORKOUT,
    mode: "slots",
    sessions: [
      { sessionId: nth(s, 0).id, slotId: a },
      { sessionId: nth(s, 1).id, slotId: b },
    ],
  };
  return { s, a, b, body };
}

describe("booking options", () => {
  it("shows sessions, the on-plan price in credits and the balance", async () => {
    const res = await customer.get(`/v1/bookings/options/${WORKOUT}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.sessions.map((s: { name: string }) => s.name)).toEqual(["What an AI assistant can do", "Prompting in practice"]);
    expect(body.price).toEqual({ kind: "credits", amount: 1, currency: null });
    expect(body.creditBalance).toBeGreaterThan(0);
  });

  it("answers 404 to another partner's customer and 403 to a partner, 401 without a token", async () => {
    // Data Literacy is only in Northwind's library.
    const harbour = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });
    expect((await harbour.get(`/v1/bookings/options/${DEMO.workouts.dataLiteracy}`)).status).toBe(404);
    expect((await partner.get(`/v1/bookings/options/${WORKOUT}`)).status).toBe(403);
    expect((await call(`/v1/bookings/options/${WORKOUT}`)).status).toBe(401);
  });
});

describe("requesting times, confirming and denying", () => {
  it("creates a booking request, consumes the credit and mails the partner", async () => {
    const before = { credits: await balance(), mail: await count(schema.mailOutbox) };
    const res = await requestBooking();
    expect(res.status).toBe(201);
    const job = await json(res);
    expect(job.status).toBe("awaitingConfirmation");
    expect(job.deliveryPartner).toEqual({ id: DEMO.northwind.id, name: DEMO.northwind.name });
    expect(job.lines.map((l: { status: string }) => l.status)).toEqual(["awaitingConfirmation", "awaitingConfirmation"]);
    expect(job.lines[0].requestedTimes).toHaveLength(2);
    // Each line carries its session's attachments (the first session has the guidelines link).
    expect(job.lines[0].attachments).toEqual([expect.objectContaining({ type: "link", description: "Responsible AI guidelines", fileUri: null })]);
    expect(job.lines[1].attachments).toEqual([]);
    expect(job.creditsConsumed).toBe(1);
    expect(await balance()).toBe(before.credits - 1);
    // The partner is asked to confirm; the customer's booker gets an acknowledgement.
    const mails = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "hello@northwind.test"));
    expect(await count(schema.mailOutbox)).toBe(before.mail + 2);
    expect(mails.at(-1)!.subject).toMatch(/^Booking requested: /);
    const ack = await withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "cara@fabrikam.test")));
    expect(ack.at(-1)!.subject).toBe("We've received your booking request: Copilot Foundations");
    expect(ack.at(-1)!.text).toContain("The team confirms the time within 24 hours");
  });

  it("the partner denies with a reason (the customer is mailed), the customer requests again, the partner confirms", async () => {
    const job = await json(await requestBooking(20));
    const denied = await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability", comment: "Team away that week" });
    expect(denied.status).toBe(200);
    expect((await json(denied)).status).toBe("awaitingScheduling");
    const mail = await withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "cara@fabrikam.test")));
    // The reason is the catalogue's word, never the stored value.
    expect(mail.at(-1)!.text).toContain("Reason: Availability\nComment: Team away that week");
    expect(mail.at(-1)!.text).not.toContain("availability");

    const s = await sessions();
    const again = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(30 + i)] })),
    });
    expect(again.status).toBe(200);
    const requested = await json(again);
    expect(requested.status).toBe("awaitingConfirmation");

    const confirmed = await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: requested.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
    });
    expect(confirmed.status).toBe(200);
    const booked = await json(confirmed);
    expect(booked.status).toBe("confirmed");
    expect(booked.lines[0].scheduledAt).toBe(inDays(30));
    const ics = await withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "cara@fabrikam.test")));
    expect(nth(present(ics.at(-1), "the last mail").attachments, 0).content).toContain("BEGIN:VEVENT");
    // The customer sees it Booked.
    expect((await json(await customer.get(`/v1/bookings/${job.id}`))).status).toBe("confirmed");
  });

  it("refuses moves the state machine does not allow with 409, changing nothing", async () => {
    const job = await json(await requestBooking(40));
    expect((await partner.post(`/v1/jobs/${job.id}/complete`)).status).toBe(409);
    const confirm = await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
    });
    expect(confirm.status).toBe(200);
    expect(
      (
        await partner.post(`/v1/jobs/${job.id}/confirm`, {
          lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
        })
      ).status,
    ).toBe(409);
    expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "other" })).status).toBe(409);
    const row = nth(await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)), 0);
    expect(row.status).toBe("confirmed");
  });

  it("refuses a confirmation time that was not proposed (400)", async () => {
    const job = await json(await requestBooking(50));
    const res = await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: job.lines.map((l: { id: string }) => ({ lineId: l.id, time: inDays(99) })),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields["lines.0.time"]).toBe("Choose one of the proposed times");
  });

  it("refuses a confirmation naming a line of another job (400 on that line), confirming nothing", async () => {
    const job = await json(await requestBooking(60));
    const other = await json(await requestBooking(70));
    const res = await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: [
        ...job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
        { lineId: other.lines[0].id, time: other.lines[0].requestedTimes[0] },
      ],
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ "lines.2.lineId": "Not a session of this job" });
    const rows = await db
      .select()
      .from(schema.jobs)
      .where(sql`${schema.jobs.id} in (${job.id}, ${other.id})`);
    expect(rows.map((r) => r.status)).toEqual(["awaitingConfirmation", "awaitingConfirmation"]);
  });
});

describe("invalid bookings change nothing", () => {
  it("refuses missing sessions, past times and bad ids with 400", async () => {
    const before = await count(schema.jobs);
    const s = await sessions();
    const cases = [
      { workoutId: WORKOUT, mode: "request", sessions: [{ sessionId: nth(s, 0).id, times: [inDays(5)] }] },
      { workoutId: WORKOUT, mode: "request", sessions: s.map((x) => ({ sessionId: x.id, times: ["2020-01-01T09:00:00Z"] })) },
      { workoutId: "nope", mode: "request", sessions: [] },
      { workoutId: WORKOUT, mode: "slots", sessions: s.map((x) => ({ sessionId: x.id })) },
    ];
    for (const body of cases) {
      const res = await customer.post("/v1/bookings", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields).toBeTruthy();
    }
    expect(await count(schema.jobs)).toBe(before);
  });

  it("refuses a booking the balance cannot pay for (409), creating nothing", async () => {
    await db.insert(schema.pricingLines).values({
      accountId: DEMO.northwind.id,
      workoutId: DEMO.workouts.dataLiteracy,
      priceType: "customer",
      customerAccountId: FABRIKAM,
      name: "Fabrikam special",
      pricingType: "unit",
      onPlan: true,
      currency: "USD",
      amount: 500,
    });
    const before = { jobs: await count(schema.jobs), credits: await balance() };
    const s = await sessions(DEMO.workouts.dataLiteracy);
    const res = await customer.post("/v1/bookings", {
      workoutId: DEMO.workouts.dataLiteracy,
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(7 + i)] })),
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe("Not enough credits to book this workout.");
    expect(await count(schema.jobs)).toBe(before.jobs);
    expect(await balance()).toBe(before.credits);
  });

  it("answers 401 without a token and 404 for another tenant's booking", async () => {
    expect((await apiAs(null).post("/v1/bookings", {})).status).toBe(401);
    const job = await json(await requestBooking(60));
    const other = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });
    expect((await other.get(`/v1/bookings/${job.id}`)).status).toBe(404);
    expect((await other.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(404);
    const contoso = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
    expect((await contoso.get(`/v1/jobs/${job.id}`)).status).toBe(404);
    expect((await contoso.post(`/v1/jobs/${job.id}/deny`, { reason: "other" })).status).toBe(404);
    expect((await json(await contoso.get(`/v1/jobs`))).items.some((j: { id: string }) => j.id === job.id)).toBe(false);
  });
});

/**
 * A Northwind workout Fabrikam could book (a session, Northwind's prices and
 * Northwind delivering) but for what `over` changes: its visibility, its
 * library status or its one variant's dates.
 */
async function probe(over: { visibility?: schema.Workout["visibility"]; status?: "draft" | "archived"; from?: string | null; to?: string | null } = {}) {
  const id = crypto.randomUUID();
  const northwind = DEMO.northwind.id;
  await db.insert(schema.workouts).values({
    id,
    accountId: northwind,
    name: "Booking probe",
    sku: `BP-${id.slice(0, 8)}`,
    type: "workshop",
    category: "strategy",
    difficulty: "beginner",
    title: `Booking probe ${id.slice(0, 4)}`,
    totalMinutes: 60,
    visibility: over.visibility ?? null,
  });
  await db.insert(schema.libraryEntries).values({ accountId: northwind, workoutId: id, status: over.status ?? "available" });
  const [variant] = await db
    .insert(schema.workoutVariants)
    .values({
      workoutId: id,
      accountId: northwind,
      name: "Standard",
      availableFrom: over.from === undefined ? "2020-01-01" : over.from,
      availableTo: over.to ?? null,
    })
    .returning();
  await db.insert(schema.workoutSessions).values({ workoutId: id, accountId: northwind, sequence: 1, name: "The only session", lengthMinutes: 60 });
  await db.insert(schema.pricingLines).values([
    { accountId: northwind, workoutId: id, name: "On plan", pricingType: "unit", onPlan: true, currency: "USD", amount: 1 },
    { accountId: northwind, workoutId: id, name: "Off plan", pricingType: "value", currency: "USD", amount: 5000 },
  ]);
  await db
    .insert(schema.deliveryPartners)
    .values({ accountId: northwind, workoutId: id, partnerTan: DEMO.northwind.tan, partnerAccountId: northwind, name: "Northwind" });
  return { id, variantId: present(variant).id };
}

describe("a workout the catalogue does not show cannot be booked", () => {
  /** What the customer gets: the catalogue's page, the booking options, and booking it (by request). */
  async function tryAll(workoutId: string, variantId?: string) {
    const [session] = await sessions(workoutId);
    const query = variantId ? `?variantId=${variantId}` : "";
    return {
      catalogue: (await customer.get(`/v1/workouts/${workoutId}`)).status,
      options: (await customer.get(`/v1/bookings/options/${workoutId}${query}`)).status,
      booking: (
        await customer.post("/v1/bookings", {
          workoutId,
          variantId,
          mode: "request",
          sessions: [{ sessionId: present(session).id, times: [inDays(90)] }],
        })
      ).status,
    };
  }

  it("books a workout the catalogue shows", async () => {
    expect(await tryAll((await probe()).id)).toEqual({ catalogue: 200, options: 200, booking: 201 });
  });

  it("answers 404 on the catalogue, the options and the booking alike when the rule excludes it, and writes nothing", async () => {
    const hidden = {
      "outside its visibility expression": await probe({
        // Fabrikam is in Northwind's Enterprise price group.
        visibility: { operator: "and", conditions: [{ field: "priceGroup", comparator: "notIn", values: [DEMO.northwind.priceGroupId] }] },
      }),
      "its only variant ended": await probe({ from: "2020-01-01", to: "2021-01-01" }),
      "its only variant not begun": await probe({ from: "2098-01-01" }),
      "a draft in the library": await probe({ status: "draft" }),
      "archived in the library": await probe({ status: "archived" }),
    };
    const before = { jobs: await count(schema.jobs), credits: await balance(), mail: await count(schema.mailOutbox) };
    for (const [why, { id }] of Object.entries(hidden)) {
      expect(await tryAll(id), why).toEqual({ catalogue: 404, options: 404, booking: 404 });
    }
    expect({ jobs: await count(schema.jobs), credits: await balance(), mail: await count(schema.mailOutbox) }).toEqual(before);
  });

  it("answers 404 for a variant the customer does not get: another partner's, or one out of its dates", async () => {
    const visible = await probe();
    const [contosos] = await db
      .insert(schema.workoutVariants)
      .values({ workoutId: visible.id, accountId: DEMO.contoso.id, name: "Contoso's", availableFrom: "2020-01-01" })
      .returning();
    const [ended] = await db
      .insert(schema.workoutVariants)
      .values({ workoutId: visible.id, accountId: DEMO.northwind.id, name: "Ended", availableFrom: "2020-01-01", availableTo: "2021-01-01" })
      .returning();
    const before = await count(schema.jobs);
    for (const variant of [present(contosos), present(ended)]) {
      expect(await tryAll(visible.id, variant.id), variant.name).toEqual({ catalogue: 200, options: 404, booking: 404 });
    }
    expect(await count(schema.jobs)).toBe(before);
    expect((await tryAll(visible.id, visible.variantId)).booking).toBe(201);
  });
});

describe("calendar-based booking", () => {
  it("books open slots and is Booked at once", async () => {
    const { a, body } = await twoSlots(70, [5, 5]);
    const options = await json(await customer.get(`/v1/bookings/options/${WORKOUT}`));
    expect(options.sessions[0].slots.map((x: { id: string }) => x.id)).toContain(a);
    const res = await customer.post("/v1/bookings", body);
    expect(res.status).toBe(201);
    const job = await json(res);
    expect(job.status).toBe("confirmed");
    expect(job.lines[0].scheduledAt).toBe(inDays(70));
    const seats = await db.select().from(schema.slots).where(eq(schema.slots.id, a));
    expect(nth(seats, 0).seatsTaken).toBe(1);
  });

  it("a deny gives back the seat a session kept while another was asked again by request", async () => {
    const { s, a, b, body } = await twoSlots(74, [5, 5]);
    const job = await json(await customer.post("/v1/bookings", body));
    const asked = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      version: job.version,
      mode: "request",
      reason: "availability",
      sessions: [{ sessionId: nth(s, 0).id, times: [inDays(73, 14)] }],
    });
    expect(asked.status).toBe(200);
    const seatsOf = async (id: string) => nth(await db.select().from(schema.slots).where(eq(schema.slots.id, id)), 0).seatsTaken;
    expect([await seatsOf(a), await seatsOf(b)]).toEqual([0, 1]);
    const denied = await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" });
    expect(denied.status).toBe(200);
    // Every session goes back to be scheduled: none holds a seat any more.
    expect(await seatsOf(b)).toBe(0);
    expect((await json(denied)).lines.map((l: { slotId: string | null }) => l.slotId)).toEqual([null, null]);
  });

  it("40 parallel bookings of a 5-seat slot give exactly 5 jobs and 35 clear refusals; the ledger balances", async () => {
    const { a: small, body } = await twoSlots(80, [5, 12]);
    const before = { credits: await balance(), jobs: await count(schema.jobs) };
    const results = await Promise.all(Array.from({ length: 40 }, () => customer.post("/v1/bookings", body)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(statuses.filter((x) => x === 409)).toHaveLength(35);
    for (const r of results.filter((x) => x.status === 409)) {
      expect((await json(r)).error.message).toMatch(/fully booked|no longer available/);
    }
    const seats = await db.select().from(schema.slots).where(eq(schema.slots.id, small));
    expect(nth(seats, 0).seatsTaken).toBe(5);
    expect(await count(schema.jobs)).toBe(before.jobs + 5);
    expect(await balance()).toBe(before.credits - 5);
    const consumed = await db
      .select()
      .from(schema.creditLines)
      .where(and(eq(schema.creditLines.accountId, FABRIKAM), eq(schema.creditLines.itemType, "consumption")));
    const jobsNow = await db.select().from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM));
    expect(consumed.reduce((n, l) => n + l.quantity, 0)).toBe(-jobsNow.reduce((n, j) => n + j.creditsConsumed, 0));
  }, 60_000);
});

describe("cancelling and completing", () => {
  it("cancelling before the first session returns the credits with a compensating line", async () => {
    const before = await balance();
    const job = await json(await requestBooking(90));
    expect(await balance()).toBe(before - 1);
    const res = await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested", comment: "Changed plans" });
    expect(res.status).toBe(200);
    expect((await json(res)).status).toBe("cancelled");
    expect(await balance()).toBe(before);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(409);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "whatever" })).status).toBe(400);
  });

  it("completing both sessions moves the job through In Progress to Completed, with audit entries", async () => {
    const job = await json(await requestBooking(100));
    await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
    });
    // The sessions take place (a session is completed only once it has started).
    for (const [i, line] of job.lines.entries()) {
      await db
        .update(schema.jobLines)
        .set({ scheduledAt: new Date(Date.now() - (2 - i) * 86_400_000).toISOString() })
        .where(eq(schema.jobLines.id, line.id));
    }
    const first = await partner.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`);
    expect(first.status).toBe(200);
    expect((await json(first)).status).toBe("inProgress");
    expect((await partner.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`)).status).toBe(409);
    const last = await partner.post(`/v1/jobs/${job.id}/lines/${job.lines[1].id}/complete`);
    expect((await json(last)).status).toBe("completed");
    const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.accountId, FABRIKAM));
    expect(audit.filter((a) => a.code === "workoutSessionJobLineCompleted" && a.data?.jobId === job.id)).toHaveLength(2);
    expect(audit.filter((a) => a.code === "workoutJobCompleted" && a.subjectId === job.id)).toHaveLength(1);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(409);
  });

  it("a customer cannot use the partner's actions (403)", async () => {
    const job = await json(await requestBooking(110));
    expect((await customer.post(`/v1/jobs/${job.id}/confirm`, { lines: [] })).status).toBe(403);
  });
});

describe("slots", () => {
  it("refuses more seats than max attendees, a foreign session, a customer and another partner", async () => {
    const s = await sessions();
    const tooMany = await partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, 0).id, startsAt: inDays(120), capacity: 13 });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.fields.capacity).toMatch(/At most 12 seats/);
    const other = await sessions(DEMO.workouts.dataLiteracy);
    expect((await partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(other, 0).id, startsAt: inDays(120), capacity: 2 })).status).toBe(400);
    expect((await customer.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, 0).id, startsAt: inDays(120), capacity: 2 })).status).toBe(403);
    const contoso = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
    expect((await contoso.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, 0).id, startsAt: inDays(120), capacity: 2 })).status).toBe(404);
    expect((await call("/v1/admin/slots?workoutId=" + WORKOUT)).status).toBe(401);
  });

  it("closes an unbooked slot and refuses to close a booked one", async () => {
    const s = await sessions();
    const free = await publishSlot(nth(s, 0).id, inDays(130), 3);
    const listed = await json(await partner.get(`/v1/admin/slots?workoutId=${WORKOUT}`));
    expect(listed.map((x: { id: string }) => x.id)).toContain(free);
    expect((await partner.delete(`/v1/admin/slots/${free}`)).status).toBe(204);
    const { a, body } = await twoSlots(131, [3, 3]);
    await customer.post("/v1/bookings", body);
    expect((await partner.delete(`/v1/admin/slots/${a}`)).status).toBe(409);
  });
});

describe("GET /v1/admin/slots/workouts", () => {
  it("lists the workouts the partner delivers, with sessions; not to customers or without a token", async () => {
    const list = await json(await partner.get("/v1/admin/slots/workouts"));
    const copilot = list.find((w: { id: string }) => w.id === WORKOUT);
    expect(copilot.sessions).toHaveLength(2);
    expect(list.every((w: { id: string }) => w.id !== DEMO.workouts.secureByDefault)).toBe(true);
    expect((await customer.get("/v1/admin/slots/workouts")).status).toBe(403);
    expect((await call("/v1/admin/slots/workouts")).status).toBe(401);
  });
});

describe("partner members read jobs and slots; acting on them needs owner or admin", () => {
  it("answers 403 to a partner member for every move of a job and every slot change, changing nothing", async () => {
    const member = apiAs("partnerMember", { accountId: DEMO.northwind.id });
    const s = await sessions();
    const slot = await publishSlot(nth(s, 0).id, inDays(140), 3);
    const job = await json(await requestBooking(141));
    const line = job.lines[0];
    // Members still read.
    expect((await member.get("/v1/jobs")).status).toBe(200);
    const seen = await member.get(`/v1/jobs/${job.id}`);
    expect(seen.status).toBe(200);
    // The screens offer a member no actions; the owner sees them.
    expect((await json(seen)).actions).toEqual([]);
    expect((await json(await partner.get(`/v1/jobs/${job.id}`))).actions).toEqual(["confirm", "proposeTimes", "deny", "cancel"]);
    expect((await member.get(`/v1/admin/slots?workoutId=${WORKOUT}`)).status).toBe(200);
    const [before] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    const mails = await count(schema.mailOutbox);
    const moves: [string, unknown][] = [
      [`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })) }],
      [`/v1/jobs/${job.id}/deny`, { reason: "availability" }],
      [`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: line.id, time: inDays(150) }] }],
      [`/v1/jobs/${job.id}/lines/${line.id}/complete`, undefined],
      [`/v1/jobs/${job.id}/complete`, undefined],
      [`/v1/jobs/${job.id}/cancel`, { reason: "requested" }],
      ["/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, 0).id, startsAt: inDays(142), capacity: 2 }],
    ];
    for (const [path, body] of moves) {
      const res = await member.post(path, body);
      expect(res.status, path).toBe(403);
      // Completing is also for the session's instructor, which this member is not.
      expect((await json(res)).error.message).toBe(path.includes("complete") ? NOT_INSTRUCTOR : "Only owners and admins can do this");
    }
    expect((await member.delete(`/v1/admin/slots/${slot}`)).status).toBe(403);
    const [after] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(after).toEqual(before);
    expect(await count(schema.mailOutbox)).toBe(mails);
    expect(await db.select().from(schema.slots).where(eq(schema.slots.id, slot))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(schema.slots)
        .where(eq(schema.slots.startsAt, inDays(142))),
    ).toHaveLength(0);
    // The owner may.
    expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" })).status).toBe(200);
  }, 60_000);

  it("a slot closed while a booking takes it: the booking answers 409 and nothing is half-written", async () => {
    const { a, b, body } = await twoSlots(160, [3, 3]);
    const jobsBefore = await count(schema.jobs);
    const [book, close] = await Promise.all([customer.post("/v1/bookings", body), partner.delete(`/v1/admin/slots/${a}`)]);
    const [slotRow] = await db.select().from(schema.slots).where(eq(schema.slots.id, a));
    const other = nth(await db.select().from(schema.slots).where(eq(schema.slots.id, b)), 0);
    const outcome = {
      book: book.status,
      close: close.status,
      seats: slotRow?.seatsTaken ?? null,
      otherSeats: other.seatsTaken,
      newJobs: (await count(schema.jobs)) - jobsBefore,
    };
    // Either the booking took the seat first (the close is refused), or the close came first (the booking is refused and took nothing).
    expect([
      { book: 201, close: 409, seats: 1, otherSeats: 1, newJobs: 1 },
      { book: 409, close: 204, seats: null, otherSeats: 0, newJobs: 0 },
    ]).toContainEqual(outcome);
  });
});
