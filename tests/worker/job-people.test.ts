import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { withBodies } from "./mail-bodies";
import { DEMO, DEMO_USERS, type DemoUserKey } from "../../db/seed";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { customer, db, FABRIKAM, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

const inDays = (d: number, h = 9) => new Date(Date.UTC(2031, 0, 1 + d, h)).toISOString();

grantFabrikamCredits(50);

const partnerMember = apiAs("partnerMember", { accountId: DEMO.northwind.id });
const customerMember = apiAs("customerMember", { accountId: FABRIKAM });
const otherPartner = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
const otherCustomer = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });

async function userId(who: DemoUserKey): Promise<string> {
  const [u] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, DEMO_USERS[who].email));
  return u!.id;
}

/** A booking request of Copilot Foundations, `day` days into 2031, confirmed by the partner unless `confirm` is false. */
async function booked(day: number, extra: Record<string, unknown> = {}, confirm = true) {
  const s = await sessions();
  const res = await customer.post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "request",
    sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(day + i)] })),
    ...extra,
  });
  expect(res.status).toBe(201);
  const job = await json(res);
  if (!confirm) return job;
  const ok = await partner.post(`/v1/jobs/${job.id}/confirm`, {
    lines: job.lines.map((l: { id: string }, i: number) => ({ lineId: l.id, time: inDays(day + i) })),
  });
  expect(ok.status).toBe(200);
  return json(ok);
}

/** The sessions of a job took place: each line's start moved into the past. */
async function takePlace(job: { lines: { id: string }[] }) {
  for (const [i, line] of job.lines.entries())
    await db
      .update(schema.jobLines)
      .set({ scheduledAt: new Date(Date.now() - (3 - i) * 86_400_000).toISOString() })
      .where(eq(schema.jobLines.id, line.id));
}

const auditOf = (code: schema.AuditEntry["code"], subjectId: string) =>
  db
    .select()
    .from(schema.auditEntries)
    .where(and(eq(schema.auditEntries.code, code), eq(schema.auditEntries.subjectId, subjectId)));

describe("where a session happens", () => {
  it("the partner sets an online link on confirming; the job, the confirmation mail and its calendar file carry it", async () => {
    const job = await booked(10, {}, false);
    const res = await partner.post(`/v1/jobs/${job.id}/confirm`, {
      lines: job.lines.map((l: { id: string }, i: number) => ({ lineId: l.id, time: inDays(10 + i) })),
      location: { kind: "online", url: "https://meet.example.test/copilot" },
    });
    expect(res.status).toBe(200);
    const dto = await json(res);
    expect(dto.lines.map((l: { location: unknown }) => l.location)).toEqual([
      { kind: "online", url: "https://meet.example.test/copilot" },
      { kind: "online", url: "https://meet.example.test/copilot" },
    ]);
    const [mail] = await withBodies(
      db
        .select()
        .from(schema.mailOutbox)
        .where(eq(schema.mailOutbox.to, "cara@fabrikam.test"))
        .orderBy(schema.mailOutbox.createdAt)
        .then((rows) => rows.slice(-1)),
    );
    expect(mail!.text).toContain("Online: https://meet.example.test/copilot");
    const ics = mail!.attachments.find((a) => a.filename === "booking.ics")!.content;
    expect(ics).toContain("LOCATION:https://meet.example.test/copilot");
    expect(ics).toContain("URL;VALUE=URI:https://meet.example.test/copilot");
    const audit = await auditOf("jobLocationChanged", job.lines[0].id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ from: null, to: { kind: "online", url: "https://meet.example.test/copilot" } });
  });

  it("sets one session in person; the calendar download carries the address as LOCATION and keeps the booking's link as URL", async () => {
    const job = await booked(20);
    const res = await partner.put(`/v1/jobs/${job.id}/location`, {
      lineId: job.lines[1].id,
      location: { kind: "inPerson", address: "1 Harbour Street, Leeds" },
      version: job.version,
    });
    expect(res.status).toBe(200);
    const dto = await json(res);
    expect(dto.lines[1].location).toEqual({ kind: "inPerson", address: "1 Harbour Street, Leeds" });
    expect(dto.lines[0].location).toBeNull();
    expect(dto.version).toBe(job.version + 1);
    const ics = await (await customer.get(`/v1/bookings/${job.id}/lines/${job.lines[1].id}/calendar`)).text();
    expect(ics).toContain("LOCATION:1 Harbour Street\\, Leeds");
    expect(ics).toMatch(/URL;VALUE=URI:http[^\r\n]*\/bookings\?job=/);
    expect(ics).toContain("SEQUENCE:" + (job.version + 1));
    const audit = await auditOf("jobLocationChanged", job.lines[1].id);
    expect(audit[0]).toMatchObject({
      userId: await userId("partnerAdmin"),
      data: { from: null, to: { kind: "inPerson", address: "1 Harbour Street, Leeds" } },
    });
  });

  it("falls back to the workout's default location, which the public catalogue never shows", async () => {
    await db
      .update(schema.workouts)
      .set({ defaultLocation: { kind: "inPerson", address: "Northwind HQ, Room 4" } })
      .where(eq(schema.workouts.id, WORKOUT));
    try {
      const job = await booked(30);
      expect(job.lines[0].location).toEqual({ kind: "inPerson", address: "Northwind HQ, Room 4" });
      const catalogue = await customer.get(`/v1/catalogue/workouts/${WORKOUT}`);
      expect(await catalogue.text()).not.toContain("Northwind HQ");
    } finally {
      await db.update(schema.workouts).set({ defaultLocation: null }).where(eq(schema.workouts.id, WORKOUT));
    }
  });

  it("refuses http, javascript: and over-long links and addresses with clear messages, changing nothing", async () => {
    const job = await booked(40);
    for (const [location, field, message] of [
      [{ kind: "online", url: "http://meet.example.test/x" }, "location.url", "Must be an https:// link"],
      [{ kind: "online", url: "javascript:alert(1)" }, "location.url", "Must be an https:// link"],
      [{ kind: "online", url: `https://x.test/${"a".repeat(500)}` }, "location.url", "Link must be at most 500 characters"],
      [{ kind: "inPerson", address: "a".repeat(301) }, "location.address", "Address must be at most 300 characters"],
      [{ kind: "inPerson", address: "  " }, "location.address", "Required"],
    ] as const) {
      const res = await partner.put(`/v1/jobs/${job.id}/location`, { location });
      expect(res.status, JSON.stringify(location).slice(0, 60)).toBe(400);
      expect((await json(res)).error.fields[field]).toBe(message);
    }
    expect((await partner.put(`/v1/jobs/${job.id}/location`, { lineId: crypto.randomUUID(), location: null })).status).toBe(404);
    const [row] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(row!.version).toBe(job.version);
  });

  it("answers 401 without a token, 403 to a partner member and a customer, 404 to another partner", async () => {
    const job = await booked(50);
    const body = { location: { kind: "online", url: "https://meet.example.test/a" } };
    expect((await call(`/v1/jobs/${job.id}/location`, { method: "PUT", body: JSON.stringify(body) })).status).toBe(401);
    expect((await partnerMember.put(`/v1/jobs/${job.id}/location`, body)).status).toBe(403);
    expect((await customer.put(`/v1/jobs/${job.id}/location`, body)).status).toBe(403);
    expect((await otherPartner.put(`/v1/jobs/${job.id}/location`, body)).status).toBe(404);
    expect(await auditOf("jobLocationChanged", job.lines[0].id)).toHaveLength(0);
  });
});

describe("attendees", () => {
  it("are named when booking and get the booking mail with its calendar file", async () => {
    const dan = await userId("customerMember");
    const job = await booked(60, { attendees: [dan] });
    expect(job.attendees).toEqual([{ id: dan, name: "Dan Moreau", email: "dan@fabrikam.test" }]);
    const [workout] = await db.select().from(schema.workouts).where(eq(schema.workouts.id, WORKOUT));
    expect(job.seats).toBe(workout!.maxAttendees);
    const mails = await withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "dan@fabrikam.test")));
    const confirmed = mails.filter((m) => m.subject.includes("Copilot Foundations") && m.attachments?.some((a) => a.filename === "booking.ics"));
    expect(confirmed.length).toBeGreaterThan(0);
    expect((await auditOf("jobAttendeesChanged", job.id))[0]!.data).toEqual({ from: [], to: [dan] });
  });

  it("are edited afterwards (any member of the customer) with an audit entry from → to", async () => {
    const [cara, dan] = [await userId("customerAdmin"), await userId("customerMember")];
    const job = await booked(70, { attendees: [dan] });
    const res = await customerMember.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara, dan], version: job.version });
    expect(res.status).toBe(200);
    expect((await json(res)).attendees.map((a: { id: string }) => a.id).sort()).toEqual([cara, dan].sort());
    const audit = await auditOf("jobAttendeesChanged", job.id);
    expect(audit.map((a) => a.data)).toContainEqual({ from: [dan], to: [cara, dan] });
    expect(audit.at(-1)!.userId).toBe(dan);
  });

  it("refuses a member of another organisation, a repeated one and more than the seats booked, changing nothing", async () => {
    const [cara, finn, ada] = [await userId("customerAdmin"), await userId("otherCustomerAdmin"), await userId("partnerAdmin")];
    const job = await booked(80);
    const foreign = await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara, finn] });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error.fields).toEqual({ "userIds.1": "Not a member of your organization" });
    const partnerStaff = await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [ada] });
    expect((await json(partnerStaff)).error.fields).toEqual({ "userIds.0": "Not a member of your organization" });
    const twice = await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara, cara] });
    expect((await json(twice)).error.fields).toEqual({ "userIds.1": "Value already exists" });
    const [workout] = await db.select().from(schema.workouts).where(eq(schema.workouts.id, WORKOUT));
    await db.update(schema.workouts).set({ maxAttendees: 1 }).where(eq(schema.workouts.id, WORKOUT));
    try {
      const over = await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara, await userId("customerMember")] });
      expect(over.status).toBe(400);
      expect((await json(over)).error.fields).toEqual({ userIds: "More attendees than seats booked" });
    } finally {
      await db.update(schema.workouts).set({ maxAttendees: workout!.maxAttendees }).where(eq(schema.workouts.id, WORKOUT));
    }
    const badBooking = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: (await sessions()).map((x, i) => ({ sessionId: x.id, times: [inDays(85 + i)] })),
      attendees: [finn],
    });
    expect(badBooking.status).toBe(400);
    expect((await json(badBooking)).error.fields).toEqual({ "attendees.0": "Not a member of your organization" });
    expect(await db.select().from(schema.jobAttendees).where(eq(schema.jobAttendees.jobId, job.id))).toEqual([]);
  });

  it("answers 401 without a token, 403 to a partner, 404 to another customer, 409 once completed", async () => {
    const cara = await userId("customerAdmin");
    const job = await booked(90);
    expect((await call(`/v1/bookings/${job.id}/attendees`, { method: "PUT", body: JSON.stringify({ userIds: [cara] }) })).status).toBe(401);
    expect((await partner.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara] })).status).toBe(403);
    expect((await otherCustomer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara] })).status).toBe(404);
    await takePlace(job);
    expect((await partner.post(`/v1/jobs/${job.id}/complete`)).status).toBe(200);
    expect((await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara] })).status).toBe(409);
  });

  it("lists the organisation's members to choose from, not another's", async () => {
    const res = await customer.get("/v1/bookings/people");
    expect(res.status).toBe(200);
    const emails = (await json(res)).items.map((p: { email: string }) => p.email);
    expect(emails).toEqual(expect.arrayContaining(["cara@fabrikam.test", "dan@fabrikam.test"]));
    expect(emails).not.toContain("finn@harbour.test");
    expect((await partner.get("/v1/bookings/people")).status).toBe(403);
  });
});

describe("instructors", () => {
  it("the partner assigns a member to the job; the instructor sees it under My sessions, gets the partner's notices and completes a session", async () => {
    const ben = await userId("partnerMember");
    const dan = await userId("customerMember");
    const job = await booked(100, { attendees: [dan] });
    const res = await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: ben });
    expect(res.status).toBe(200);
    const dto = await json(res);
    expect(dto.instructor).toEqual({ id: ben, name: "Ben Okafor", email: "ben@northwind.test" });
    expect(dto.lines.every((l: { instructor: { id: string } }) => l.instructor.id === ben)).toBe(true);
    expect((await auditOf("jobInstructorChanged", job.id))[0]!.data).toEqual({ from: null, to: ben });

    const mine = await json(await partnerMember.get("/v1/jobs?mine=true"));
    expect(mine.items.map((j: { id: string }) => j.id)).toContain(job.id);
    expect((await json(await partner.get("/v1/jobs?mine=true"))).items.map((j: { id: string }) => j.id)).not.toContain(job.id);
    const agenda = await json(await partnerMember.get(`/v1/jobs/sessions?mine=true&from=${inDays(99)}&to=${inDays(110)}`));
    expect(agenda.items.filter((s: { jobId: string }) => s.jobId === job.id)).toHaveLength(2);
    expect(agenda.items[0].instructor.id).toBe(ben);

    // The customer reschedules: the partner's address and the instructor hear of it.
    const moved = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      reason: "availability",
      sessions: [{ sessionId: job.lines[0].sessionId, times: [inDays(100, 14)] }],
    });
    expect(moved.status).toBe(200);
    const benMail = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "ben@northwind.test"));
    expect(benMail.some((m) => m.subject.includes("Copilot Foundations"))).toBe(true);

    const confirmed = await json(await partner.get(`/v1/jobs/${job.id}`));
    await partner.post(`/v1/jobs/${job.id}/confirm`, { lines: [{ lineId: confirmed.lines[0].id, time: inDays(100, 14) }] });
    await takePlace(job);
    const asBen = await json(await partnerMember.get(`/v1/jobs/${job.id}`));
    expect(asBen.actions).toEqual(expect.arrayContaining(["completeLine"]));
    expect(asBen.actions).not.toContain("cancel");
    const marked = await partnerMember.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [{ userId: dan, present: true }] });
    expect(marked.status).toBe(200);
    expect((await json(marked)).lines[0].attendance).toEqual([{ userId: dan, present: true }]);
    const done = await partnerMember.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`);
    expect(done.status).toBe(200);
    expect((await json(done)).lines[0].status).toBe("completed");
    const stored = await db.select().from(schema.jobAttendance).where(eq(schema.jobAttendance.jobLineId, job.lines[0].id));
    expect(stored).toMatchObject([{ userId: dan, present: true, markedByUserId: ben }]);
    expect((await auditOf("jobAttendanceMarked", job.lines[0].id))[0]!.data).toEqual({ jobId: job.id, from: [], to: [{ userId: dan, present: true }] });
  });

  it("a session's own instructor overrides the job's; a member not instructing it may not complete it", async () => {
    const ben = await userId("partnerMember");
    const job = await booked(120);
    const res = await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: ben, lineId: job.lines[1].id });
    expect(res.status).toBe(200);
    const dto = await json(res);
    expect([dto.lines[0].instructor, dto.lines[1].instructor?.id]).toEqual([null, ben]);
    expect((await auditOf("jobInstructorChanged", job.lines[1].id))[0]!.data).toEqual({ jobId: job.id, from: null, to: ben });
    await takePlace(job);
    expect((await partnerMember.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`)).status).toBe(403);
    expect((await partnerMember.post(`/v1/jobs/${job.id}/complete`)).status).toBe(403);
    expect((await partnerMember.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [] })).status).toBe(403);
    expect((await partnerMember.post(`/v1/jobs/${job.id}/lines/${job.lines[1].id}/complete`)).status).toBe(200);
  });

  it("refuses someone outside the partner account, and answers 401, 403 and 404 as for every job change", async () => {
    const job = await booked(130);
    const [cara, erin] = [await userId("customerAdmin"), await userId("otherPartnerAdmin")];
    for (const who of [cara, erin]) {
      const res = await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: who });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toEqual({ userId: "Not a member of your team" });
    }
    expect((await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: "nope" })).status).toBe(400);
    expect((await call(`/v1/jobs/${job.id}/instructor`, { method: "PUT", body: JSON.stringify({ userId: null }) })).status).toBe(401);
    expect((await partnerMember.put(`/v1/jobs/${job.id}/instructor`, { userId: null })).status).toBe(403);
    expect((await otherPartner.put(`/v1/jobs/${job.id}/instructor`, { userId: null })).status).toBe(404);
    expect(await auditOf("jobInstructorChanged", job.id)).toHaveLength(0);
    const staff = (await json(await partner.get("/v1/jobs/instructors"))).items.map((p: { email: string }) => p.email);
    expect(staff).toEqual(expect.arrayContaining(["ada@northwind.test", "ben@northwind.test"]));
    expect(staff).not.toContain("erin@contoso.test");
    expect((await customer.get("/v1/jobs/instructors")).status).toBe(403);
  });
});

describe("attendance", () => {
  it("names attendees of the booking only, once the session has started", async () => {
    const finn = await userId("otherCustomerAdmin");
    const dan = await userId("customerMember");
    const job = await booked(140, { attendees: [dan] });
    const early = await partner.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [{ userId: dan, present: false }] });
    expect(early.status).toBe(409);
    await takePlace(job);
    const foreign = await partner.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [{ userId: finn, present: true }] });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error.fields).toEqual({ "attendance.0.userId": "Not an attendee of this booking" });
    const bad = await partner.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [{ userId: dan, present: "yes" }] });
    expect(bad.status).toBe(400);
    expect((await otherPartner.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [] })).status).toBe(404);
    expect((await call(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { method: "PUT", body: "{}" })).status).toBe(401);
    const absent = await partner.put(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/attendance`, { attendance: [{ userId: dan, present: false }] });
    expect((await json(absent)).lines[0].attendance).toEqual([{ userId: dan, present: false }]);
  });
});

describe("next session", () => {
  it("is the earliest booked session not completed, on the customer's and the partner's list", async () => {
    const job = await booked(150);
    const list = await json(await customer.get("/v1/bookings?limit=100"));
    expect(list.items.find((j: { id: string }) => j.id === job.id).nextSessionAt).toBe(inDays(150));
    expect((await json(await partner.get(`/v1/jobs/${job.id}`))).nextSessionAt).toBe(inDays(150));
  });
});

describe("mail about places and people", () => {
  /** The mail to `to` written since `since` (outbox rows are never removed), with their bodies. */
  const mailTo = async (to: string, since: number) =>
    (await withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to)).orderBy(schema.mailOutbox.createdAt))).slice(since);
  const countTo = async (to: string) => (await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to))).length;
  const setZone = (email: string, timeZone: string) => db.update(schema.users).set({ timeZone }).where(eq(schema.users.email, email));
  const ics = (mail: { attachments?: { content: string }[] | null }) => mail.attachments?.[0]?.content ?? "";

  it("an attendee added gets the booking with its calendar file, one removed its cancellation, each in their own zone", async () => {
    const [cara, dan] = [await userId("customerAdmin"), await userId("customerMember")];
    await setZone("dan@fabrikam.test", "Asia/Tokyo");
    await setZone("cara@fabrikam.test", "America/New_York");
    const job = await booked(155, { attendees: [dan] });
    const before = { cara: await countTo("cara@fabrikam.test"), dan: await countTo("dan@fabrikam.test"), partner: await countTo("hello@northwind.test") };

    const refused = await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [await userId("otherCustomerAdmin")], version: job.version });
    expect(refused.status).toBe(400);
    expect(await countTo("dan@fabrikam.test")).toBe(before.dan);

    const res = await customer.put(`/v1/bookings/${job.id}/attendees`, { userIds: [cara], version: job.version });
    expect(res.status).toBe(200);
    const [added] = await mailTo("cara@fabrikam.test", before.cara);
    const [removed, ...more] = await mailTo("dan@fabrikam.test", before.dan);
    expect(more).toHaveLength(0);
    expect(added!.subject).toBe("You're attending Copilot Foundations");
    expect(ics(added!)).toContain("METHOD:PUBLISH");
    expect(added!.text).toContain("America/New_York");
    expect(removed!.subject).toBe("You're no longer attending Copilot Foundations");
    expect(ics(removed!)).toContain("METHOD:CANCEL");
    expect(removed!.text).toContain("Asia/Tokyo");
    // 09:00 UTC is 18:00 in Tokyo and 05:00 in New York (summer time).
    expect(removed!.text).toMatch(/6:00\s?PM/);
    expect(added!.text).toMatch(/5:00\s?AM EDT/);
    expect(await countTo("hello@northwind.test")).toBe(before.partner);
  });

  it("a new place or join link goes to the booker and the attendees, about the sessions it changed; the same place again sends nothing", async () => {
    const dan = await userId("customerMember");
    const job = await booked(160, { attendees: [dan] });
    const before = { cara: await countTo("cara@fabrikam.test"), dan: await countTo("dan@fabrikam.test"), partner: await countTo("hello@northwind.test") };
    const location = { kind: "online", url: "https://meet.example.test/new-room" };
    const res = await partner.put(`/v1/jobs/${job.id}/location`, { lineId: job.lines[1].id, location, version: job.version });
    expect(res.status).toBe(200);
    for (const who of ["cara@fabrikam.test", "dan@fabrikam.test"] as const) {
      const mails = await mailTo(who, before[who === "cara@fabrikam.test" ? "cara" : "dan"]);
      expect(mails.map((m) => m.subject)).toEqual(["New place for Copilot Foundations"]);
      expect(mails[0]!.text).toContain("https://meet.example.test/new-room");
      expect(mails[0]!.text).not.toContain(job.lines[0].sessionName);
      expect(ics(mails[0]!)).toContain("LOCATION:https://meet.example.test/new-room");
    }
    expect(await countTo("hello@northwind.test")).toBe(before.partner);
    const again = await partner.put(`/v1/jobs/${job.id}/location`, { lineId: job.lines[1].id, location, version: (await json(res)).version });
    expect(again.status).toBe(200);
    expect(await countTo("dan@fabrikam.test")).toBe(before.dan + 1);
  });

  it("an instructor assigned is told with the calendar file, the one replaced gets its cancellation, each in their own zone", async () => {
    const [ben, ada] = [await userId("partnerMember"), await userId("partnerAdmin")];
    await setZone("ben@northwind.test", "Europe/Berlin");
    const job = await booked(170);
    const before = { ben: await countTo("ben@northwind.test"), ada: await countTo("ada@northwind.test") };
    expect((await otherPartner.put(`/v1/jobs/${job.id}/instructor`, { userId: null })).status).toBe(404);
    expect((await call(`/v1/jobs/${job.id}/instructor`, { method: "PUT", body: JSON.stringify({ userId: ben }) })).status).toBe(401);
    expect(await countTo("ben@northwind.test")).toBe(before.ben);

    const assigned = await json(await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: ben }));
    const [told] = await mailTo("ben@northwind.test", before.ben);
    expect(told!.subject).toBe("You're instructing Copilot Foundations");
    expect(ics(told!)).toContain("METHOD:PUBLISH");
    expect(told!.text).toContain("Europe/Berlin");

    await partner.put(`/v1/jobs/${job.id}/instructor`, { userId: ada, version: assigned.version });
    const benMail = await mailTo("ben@northwind.test", before.ben);
    expect(benMail.map((m) => m.subject)).toEqual(["You're instructing Copilot Foundations", "You're no longer instructing Copilot Foundations"]);
    expect(ics(benMail[1]!)).toContain("METHOD:CANCEL");
    expect((await mailTo("ada@northwind.test", before.ada)).map((m) => m.subject)).toEqual(["You're instructing Copilot Foundations"]);
  });
});

describe("completing with attendance", () => {
  it("completes a session and stores who attended in one batch", async () => {
    const dan = await userId("customerMember");
    const job = await booked(180, { attendees: [dan] });
    await takePlace(job);
    const res = await partner.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`, { attendance: [{ userId: dan, present: true }] });
    expect(res.status).toBe(200);
    const dto = await json(res);
    expect(dto.lines[0]).toMatchObject({ status: "completed", attendance: [{ userId: dan, present: true }] });
    expect(await db.select().from(schema.jobAttendance).where(eq(schema.jobAttendance.jobLineId, job.lines[0].id))).toMatchObject([
      { userId: dan, present: true },
    ]);
    const all = await partner.post(`/v1/jobs/${job.id}/complete`, { attendance: [{ userId: dan, present: false }] });
    expect(all.status).toBe(200);
    expect((await json(all)).lines.map((l: { status: string; attendance: unknown }) => [l.status, l.attendance])).toEqual([
      ["completed", [{ userId: dan, present: true }]],
      ["completed", [{ userId: dan, present: false }]],
    ]);
  });

  it("writes neither when one fails: a mark for someone not attending, or a session not started", async () => {
    const [dan, finn] = [await userId("customerMember"), await userId("otherCustomerAdmin")];
    const job = await booked(190, { attendees: [dan] });
    const early = await partner.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`, { attendance: [{ userId: dan, present: true }] });
    expect(early.status).toBe(409);
    await takePlace(job);
    const foreign = await partner.post(`/v1/jobs/${job.id}/lines/${job.lines[0].id}/complete`, { attendance: [{ userId: finn, present: true }] });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error.fields).toEqual({ "attendance.0.userId": "Not an attendee of this booking" });
    expect((await partner.post(`/v1/jobs/${job.id}/complete`, { attendance: [{ userId: dan, present: "yes" }] })).status).toBe(400);
    expect((await json(await partner.get(`/v1/jobs/${job.id}`))).lines.map((l: { status: string }) => l.status)).toEqual(["confirmed", "confirmed"]);
    expect(await db.select().from(schema.jobAttendance).where(eq(schema.jobAttendance.jobLineId, job.lines[0].id))).toEqual([]);
    expect((await call(`/v1/jobs/${job.id}/complete`, { method: "POST", body: "{}" })).status).toBe(401);
    expect((await otherPartner.post(`/v1/jobs/${job.id}/complete`, { attendance: [] })).status).toBe(404);
    expect((await customer.post(`/v1/jobs/${job.id}/complete`, { attendance: [] })).status).toBe(403);
  });
});

describe("a session that has begun", () => {
  it("is not moved by either side's reschedule (400 on its field); a later one still is", async () => {
    const job = await booked(200);
    await db
      .update(schema.jobLines)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where(eq(schema.jobLines.id, job.lines[0].id));
    const byPartner = await partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: job.lines[0].id, time: inDays(210) }] });
    expect(byPartner.status).toBe(400);
    expect((await json(byPartner)).error.fields).toEqual({ "lines.0.lineId": "This session has already started and cannot be moved" });
    const byCustomer = await customer.post(`/v1/bookings/${job.id}/schedule`, {
      mode: "request",
      reason: "availability",
      sessions: [{ sessionId: job.lines[0].sessionId, times: [inDays(210)] }],
    });
    expect(byCustomer.status).toBe(400);
    expect((await json(byCustomer)).error.fields).toEqual({ "sessions.0.sessionId": "This session has already started and cannot be moved" });
    expect((await json(await partner.get(`/v1/jobs/${job.id}`))).version).toBe(job.version);
    const later = await partner.post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: job.lines[1].id, time: inDays(210) }] });
    expect(later.status).toBe(200);
  });
});
