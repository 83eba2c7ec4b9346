import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { MESSAGES } from "../../contract/messages";
import { apiAs } from "./auth";
import { contosoDelivers, failingD1, first, resetSecondShard, second } from "./flows-setup";
import { d1Figures as figures, warmAnswer } from "./d1-figures";
import { call, json } from "./helpers";

/**
 * A partner sets its own hours and publishes its own times for a workout it
 * delivers for a partner on another shard: Contoso (weur-1) delivers
 * Northwind's workouts (first shard). Its settings are written on its own
 * shard, beside a copy of the workout; whether it delivers the workout is
 * read on Northwind's shard, and Northwind's customers' open times follow
 * Contoso's hours from there.
 */
const CONTOSO = DEMO.contoso.id;
/** Private to Northwind: no copy of it on weur-1 until Contoso writes a setting of its own. */
const AUTOMATE = DEMO.workouts.powerAutomate;
/** Listed by Northwind and in Contoso's library: weur-1 holds a copy, whose delivery partners are Northwind's as seeded. */
const COPILOT = DEMO.workouts.copilotFoundations;
/** Delivered by Northwind only. */
const DASHBOARDS = DEMO.workouts.dashboards;

const contoso = apiAs("otherPartnerAdmin", { accountId: CONTOSO });
const northwind = apiAs("partnerAdmin", { accountId: DEMO.northwind.id });
const fabrikam = apiAs("customerAdmin", { accountId: DEMO.customers.fabrikam.id });
const harbour = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });

/** Contoso's hours: Monday and Tuesday afternoons in London, no notice or buffer (Northwind's are Berlin mornings and afternoons). */
const afternoons = (workoutId: string | null) => ({
  workoutId,
  timeZone: "Europe/London",
  weekly: [1, 2].map((day) => ({ day, ranges: [{ start: "14:00", end: "17:00" }] })),
  overrides: [],
  minNoticeMinutes: 0,
  bufferMinutes: 0,
});
/** Monday 7 January 2030 (London is on UTC in January). */
const monday = { from: "2030-01-07T00:00:00.000Z", to: "2030-01-08T00:00:00.000Z" };

const sessionsOf = (workoutId: string) =>
  first.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, workoutId)).orderBy(schema.workoutSessions.sequence);
const heldOn = async (shard: typeof first, workoutId: string) => (await shard.select().from(schema.workouts).where(eq(schema.workouts.id, workoutId)))[0];
const schedulesOn = (shard: typeof first, workoutId: string) =>
  shard
    .select()
    .from(schema.availabilitySchedules)
    .where(and(eq(schema.availabilitySchedules.partnerAccountId, CONTOSO), eq(schema.availabilitySchedules.workoutId, workoutId)));
const slotsOn = (shard: typeof first, workoutId: string) =>
  shard
    .select()
    .from(schema.slots)
    .where(and(eq(schema.slots.partnerAccountId, CONTOSO), eq(schema.slots.workoutId, workoutId)));

beforeEach(async () => {
  await contosoDelivers(AUTOMATE);
  await contosoDelivers(COPILOT);
});
afterEach(resetSecondShard);

describe("the workouts a partner delivers for a partner on another shard", () => {
  it("are listed with their sessions, read on their author's shard beside its own (side by side), never from a copy", async () => {
    const res = await warmAnswer(() => contoso.get("/v1/admin/slots/workouts"));
    expect(res.status).toBe(200);
    const listed: { id: string; partnerName: string | null; sessions: { id: string }[] }[] = await json(res);
    const ids = listed.map((w) => w.id);
    expect(ids).toEqual(expect.arrayContaining([AUTOMATE, COPILOT, DEMO.workouts.excelForAnalysts]));
    expect(ids).not.toContain(DASHBOARDS);
    expect(new Set(ids).size).toBe(ids.length);
    const automate = listed.find((w) => w.id === AUTOMATE)!;
    expect(automate.sessions.map((s) => s.id)).toEqual((await sessionsOf(AUTOMATE)).map((s) => s.id));
    // Named with the partner it is delivered for; Contoso's own workouts with none.
    expect(automate.partnerName).toBe(DEMO.northwind.name);
    expect(listed.find((w) => w.id === DEMO.workouts.excelForAnalysts)?.partnerName).toBeNull();
    // The request's shard and the other one, read at the same time.
    expect(figures(res).depth).toBeLessThanOrEqual(2);
    // Northwind no longer delivers them; a copy on weur-1 naming Contoso is not the author's word.
    const northwinds = (await json<{ id: string }[]>(await northwind.get("/v1/admin/slots/workouts"))).map((w) => w.id);
    expect(northwinds).not.toContain(AUTOMATE);
    expect(northwinds).toContain(DASHBOARDS);
    await second.insert(schema.deliveryPartners).values({
      accountId: DEMO.northwind.id,
      workoutId: COPILOT,
      partnerTan: DEMO.contoso.tan,
      partnerAccountId: CONTOSO,
      name: DEMO.contoso.name,
    });
    await first.delete(schema.deliveryPartners).where(eq(schema.deliveryPartners.workoutId, COPILOT));
    expect((await json<{ id: string }[]>(await contoso.get("/v1/admin/slots/workouts"))).map((w) => w.id)).not.toContain(COPILOT);
    expect((await contoso.get(`/v1/admin/availability?workoutId=${COPILOT}`)).status).toBe(404);
  });
});

describe("a delivering partner's own hours for a workout of another shard", () => {
  it("are saved on its shard beside a copy of the workout, read back, and bound Northwind's customer's open times", async () => {
    const [session] = await sessionsOf(AUTOMATE);
    const openTimes = async () =>
      json<{ times: string[]; hasAvailability: boolean }>(
        await fabrikam.get(
          `/v1/bookings/options/${AUTOMATE}/open-times?sessionId=${session!.id}&from=${encodeURIComponent(monday.from)}&to=${encodeURIComponent(monday.to)}`,
        ),
      );
    // No hours yet: Contoso may be asked for any time.
    expect((await openTimes()).hasAvailability).toBe(false);
    expect(await heldOn(second, AUTOMATE)).toBeUndefined();

    const saved = await contoso.put("/v1/admin/availability", afternoons(AUTOMATE));
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ workoutId: AUTOMATE, timeZone: "Europe/London", inherited: false });
    // Written on Contoso's shard only, with the workout's copy at Northwind's version.
    expect(await schedulesOn(second, AUTOMATE)).toHaveLength(1);
    expect(await schedulesOn(first, AUTOMATE)).toHaveLength(0);
    expect((await heldOn(second, AUTOMATE))?.version).toBe((await heldOn(first, AUTOMATE))?.version);
    const [entry] = await second.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, AUTOMATE));
    expect(entry).toMatchObject({ code: "availabilityChanged", partnerAccountId: CONTOSO, data: { name: "Automating Everyday Workflows" } });

    const read = await contoso.get(`/v1/admin/availability?workoutId=${AUTOMATE}`);
    expect(await json(read)).toMatchObject({ workoutId: AUTOMATE, timeZone: "Europe/London", inherited: false });

    // Fabrikam (Northwind's customer) is offered Monday 14:00 to 16:00 (a 60-minute session), nothing else.
    const open = await openTimes();
    expect(open.hasAvailability).toBe(true);
    expect(open.times).toEqual(["14:00", "14:30", "15:00", "15:30", "16:00"].map((t) => `2030-01-07T${t}:00.000Z`));

    // A change saved again replaces it; removed, the workout follows Contoso's general hours (none: any time).
    expect((await contoso.put("/v1/admin/availability", { ...afternoons(AUTOMATE), bufferMinutes: 15 })).status).toBe(200);
    expect(await schedulesOn(second, AUTOMATE)).toMatchObject([{ bufferMinutes: 15 }]);
    expect((await contoso.delete(`/v1/admin/availability/workouts/${AUTOMATE}`)).status).toBe(204);
    expect((await contoso.delete(`/v1/admin/availability/workouts/${AUTOMATE}`)).status).toBe(404);
    expect(await json(await contoso.get(`/v1/admin/availability?workoutId=${AUTOMATE}`))).toBeNull();
    expect((await openTimes()).hasAvailability).toBe(false);
  });

  it("brings an older copy held on its shard to the author's version in the same write", async () => {
    await first.update(schema.workouts).set({ version: 7 }).where(eq(schema.workouts.id, COPILOT));
    expect((await heldOn(second, COPILOT))?.version).toBeLessThan(7);
    expect((await contoso.put("/v1/admin/availability", afternoons(COPILOT))).status).toBe(200);
    expect((await heldOn(second, COPILOT))?.version).toBe(7);
    // The copy now carries the author's delivery partners (Contoso), as on Northwind's shard.
    const named = await second.select().from(schema.deliveryPartners).where(eq(schema.deliveryPartners.workoutId, COPILOT));
    expect(named.map((p) => p.partnerAccountId)).toEqual([CONTOSO]);
  });

  it("refuses invalid hours with the fields' messages (400, nothing written on either shard)", async () => {
    const { timeZone: _zone, ...noZone } = afternoons(AUTOMATE);
    const res = await contoso.put("/v1/admin/availability", {
      ...noZone,
      weekly: [{ day: 1, ranges: [{ start: "17:00", end: "14:00" }] }],
      minNoticeMinutes: -1,
    });
    expect(res.status).toBe(400);
    const fields = (await json(res)).error.fields;
    expect(fields.timeZone).toBe(MESSAGES.required);
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(["weekly.0.ranges.0.end", "minNoticeMinutes"]));
    const notId = await contoso.put("/v1/admin/availability", afternoons("not-a-workout"));
    expect(notId.status).toBe(400);
    expect((await json(notId)).error.fields.workoutId).toBe(MESSAGES.invalidUuid);
    expect(await schedulesOn(second, AUTOMATE)).toHaveLength(0);
    expect(await heldOn(second, AUTOMATE)).toBeUndefined();
  });

  it("writes the copy and the hours in one batch: a failed write leaves neither", async () => {
    const failing = failingD1(env.SHARD_WEUR_1, /insert into "availability_schedules"/i, Infinity);
    const res = await apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings: { SHARD_WEUR_1: failing } }).put(
      "/v1/admin/availability",
      afternoons(AUTOMATE),
    );
    expect(res.status).toBe(500);
    expect(failing.failures).toBeGreaterThan(0);
    expect(await heldOn(second, AUTOMATE)).toBeUndefined();
    expect(await schedulesOn(second, AUTOMATE)).toHaveLength(0);
  });
});

describe("a delivering partner's own times for a workout of another shard", () => {
  it("are published one by one and as a series on its shard, listed, and closed", async () => {
    const [session] = await sessionsOf(AUTOMATE);
    const one = await contoso.post("/v1/admin/slots", { workoutId: AUTOMATE, sessionId: session!.id, startsAt: "2030-01-07T14:00:00.000Z", capacity: 4 });
    expect(one.status).toBe(201);
    const slot = await json(one);
    expect(slot).toMatchObject({ workoutId: AUTOMATE, sessionId: session!.id, capacity: 4, partnerName: DEMO.contoso.name });
    const series = await contoso.post("/v1/admin/slots/series", {
      workoutId: AUTOMATE,
      sessionId: session!.id,
      timeZone: "Europe/London",
      weekdays: [2],
      time: "15:00",
      startDate: "2030-01-08",
      weeks: 3,
      capacity: 2,
    });
    expect(series.status).toBe(201);
    expect(await json(series)).toHaveLength(3);
    expect(await slotsOn(second, AUTOMATE)).toHaveLength(4);
    expect(await slotsOn(first, AUTOMATE)).toHaveLength(0);
    const listed = await warmAnswer(() => contoso.get(`/v1/admin/slots?workoutId=${AUTOMATE}`));
    // The membership, this shard's read, then the author's shard (Contoso's times are read beside them).
    expect(figures(listed).depth).toBeLessThanOrEqual(3);
    expect((await json<{ id: string }[]>(listed)).map((s) => s.id)).toContain(slot.id);
    expect((await contoso.delete(`/v1/admin/slots/${slot.id}`)).status).toBe(204);
    expect(await slotsOn(second, AUTOMATE)).toHaveLength(3);
  });

  it("refuses seats over the workout's max attendees, a session of another workout and no seats (400, nothing written)", async () => {
    const [session] = await sessionsOf(AUTOMATE);
    const [other] = await sessionsOf(DASHBOARDS);
    const publish = (over: Record<string, unknown>) =>
      contoso.post("/v1/admin/slots", { workoutId: AUTOMATE, sessionId: session!.id, startsAt: "2030-01-07T14:00:00.000Z", capacity: 2, ...over });
    const tooMany = await publish({ capacity: 9 });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.fields.capacity).toMatch(/At most 8 seats/);
    const elsewhere = await publish({ sessionId: other!.id });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).error.fields.sessionId).toBe("Not a session of this workout");
    const none = await publish({ capacity: 0 });
    expect(none.status).toBe(400);
    expect((await json(none)).error.fields.capacity).toBe(MESSAGES.invalidQuantity);
    expect(await slotsOn(second, AUTOMATE)).toHaveLength(0);
    expect(await heldOn(second, AUTOMATE)).toBeUndefined();
  });
});

describe("who may set them", () => {
  it("answers 404 to a partner that does not deliver the workout, 403 to a customer and a member, 401 without a token", async () => {
    const [session] = await sessionsOf(DASHBOARDS);
    expect((await contoso.get(`/v1/admin/availability?workoutId=${DASHBOARDS}`)).status).toBe(404);
    expect((await contoso.put("/v1/admin/availability", afternoons(DASHBOARDS))).status).toBe(404);
    expect((await contoso.delete(`/v1/admin/availability/workouts/${DASHBOARDS}`)).status).toBe(404);
    expect((await contoso.get(`/v1/admin/slots?workoutId=${DASHBOARDS}`)).status).toBe(404);
    expect(
      (await contoso.post("/v1/admin/slots", { workoutId: DASHBOARDS, sessionId: session!.id, startsAt: "2030-01-07T14:00:00.000Z", capacity: 2 })).status,
    ).toBe(404);
    // Northwind authored it but Contoso alone delivers it now.
    expect((await northwind.put("/v1/admin/availability", afternoons(AUTOMATE))).status).toBe(404);
    expect(await heldOn(second, DASHBOARDS)).toBeUndefined();

    const member = apiAs("partnerMember", { accountId: DEMO.northwind.id });
    expect((await member.put("/v1/admin/availability", afternoons(null))).status).toBe(403);
    for (const customer of [harbour, fabrikam]) {
      expect((await customer.get("/v1/admin/slots/workouts")).status).toBe(403);
      expect((await customer.put("/v1/admin/availability", afternoons(AUTOMATE))).status).toBe(403);
    }
    expect((await call("/v1/admin/slots/workouts")).status).toBe(401);
    expect((await call("/v1/admin/availability", { method: "PUT", body: JSON.stringify(afternoons(AUTOMATE)) })).status).toBe(401);
    expect(await schedulesOn(second, AUTOMATE)).toHaveLength(0);
  });
});
