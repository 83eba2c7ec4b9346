/**
 * For every id a /v1 operation takes in its body or query (tests/worker/id-fields.ts
 * finds them in the declared zod schemas): a request that puts ANOTHER
 * tenant's existing record there, and the same request with the caller's own
 * record, which must succeed (so the refusal is about the id and nothing else).
 *
 * The tenants: Northwind with its customer Fabrikam, and Contoso with its
 * customer Harbour. Contoso's and Harbour's admins act on their own resources
 * (built by `prepareBodyProbes`) and name Northwind's or Fabrikam's records;
 * the variant probe goes the other way (Fabrikam names Contoso's variant of a
 * workout both partners hold).
 */
import { env } from "cloudflare:workers";
import { and, asc, eq, gt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS, demoId, type DemoUserKey } from "../../db/seed";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { first, nth, present } from "../present";
import { allDatabases, shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });

/** What a probe sends: path parameters, query and body. */
export type Sent = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

export type BodyProbe = {
  as: DemoUserKey;
  /** The field, as the walk names it (`body.sessions[].slotId`). */
  field: string;
  /** The caller's own record of the kind the field names, and another tenant's. */
  own: () => string;
  other: () => string;
  /** The request with `id` in the field; everything else is the caller's own and valid. */
  request: (id: string) => Sent;
  /** Fresh resources for this probe alone (its own request succeeds and may change them). */
  setup?: () => Promise<void>;
  /**
   * "refused" (the default): 403 or 404, or 400/409 whose fields name this
   * field, and nothing in the database changed. "ignored" also lets the call
   * succeed (a filter, a preview, or the key of one of the caller's own rows,
   * where an unknown value makes a new row), provided the answer does not
   * carry the other tenant's id and no row that names it was added, changed
   * or removed.
   */
  outcome?: "refused" | "ignored";
};

/** Contoso's own workouts (Harbour books them), the one both partners hold, and one only Northwind's library has. */
const EXCEL = DEMO.workouts.excelForAnalysts;
const PROMPTING = DEMO.workouts.promptingForProfessionals;
const SHARED = DEMO.sharedWorkoutId;
const NORTHWIND_ONLY = DEMO.workouts.powerAutomate;
const HARBOUR = DEMO.customers.harbour.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
/** A time in March 2031. */
const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, day, hour)).toISOString();

/** Ids of both tenants' records the probes use, filled in by `prepareBodyProbes`. */
const ids = {} as Record<
  | "contosoVariantOfShared"
  | "harbourItem"
  | "harbourMember"
  | "harbourUser"
  | "fabrikamUser"
  | "contosoUser"
  | "northwindUser"
  | "harbourTeam"
  | "northwindAssessment"
  | "northwindJobLine"
  | "northwindSession"
  | "northwindSlot"
  | "fabrikamItem"
  | "fabrikamTeam"
  | "ownAssessment"
  | "ownOrphan"
  | "ownPlainWorkout"
  | "ownPlainSession"
  | "ownJob"
  | "ownLine1"
  | "ownLine2"
  | "slot1"
  | "slot2"
  | "slot2Later",
  string
>;
let excelSessions: string[] = [];
/** Every session of a workout, in order, for a booking request that names them all. */
const sessionsByWorkout = new Map<string, string[]>();
const requestAll = (workoutId: string, day: number) =>
  (sessionsByWorkout.get(workoutId) ?? []).map((sessionId, i) => ({ sessionId, times: [at(day, 9 + 2 * i)] }));

const contoso = () => apiAs("otherPartnerAdmin");
const harbour = () => apiAs("otherCustomerAdmin");

async function created<T = { id: string }>(res: Promise<Response>, what: string): Promise<T> {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return json<T>(answer);
}

type Job = { id: string; lines: { id: string; sessionId: string }[] };

/** A Harbour booking of Spreadsheets for Analysts: into Contoso's open times (Booked) or by request (awaiting Contoso's confirmation). */
async function harbourJob(mode: "slots" | "request") {
  // The request asks times of its own choosing: Contoso publishes no hours (a probe may have saved some).
  if (mode === "request")
    await (await shardDbOf(DEMO.contoso.id)).delete(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.partnerAccountId, DEMO.contoso.id));
  const sessions =
    mode === "slots"
      ? [
          { sessionId: nth(excelSessions, 0), slotId: ids.slot1 },
          { sessionId: nth(excelSessions, 1), slotId: ids.slot2 },
        ]
      : [
          { sessionId: nth(excelSessions, 0), times: [at(10, 9)] },
          { sessionId: nth(excelSessions, 1), times: [at(10, 11)] },
        ];
  const job = await created<Job>(harbour().post("/v1/bookings", { workoutId: EXCEL, mode, sessions }), `Harbour's ${mode} booking`);
  ids.ownJob = job.id;
  ids.ownLine1 = nth(job.lines, 0).id;
  ids.ownLine2 = nth(job.lines, 1).id;
}

/** A Harbour booking with Harbour's user attending, its first session started an hour ago. */
async function startedWithAttendee() {
  await harbourJob("slots");
  await created(harbour().put(`/v1/bookings/${ids.ownJob}/attendees`, { userIds: [ids.harbourUser] }), "Harbour's attendees");
  await (
    await shardDbOf(HARBOUR)
  )
    .update(schema.jobLines)
    .set({ scheduledAt: new Date(Date.now() - 3_600_000).toISOString() })
    .where(eq(schema.jobLines.id, ids.ownLine1));
}

async function orphanOf(partnerId: string) {
  const id = crypto.randomUUID();
  await (
    await shardDbOf(partnerId)
  )
    .insert(schema.scores)
    .values({ id, accountId: null, partnerAccountId: partnerId, category: "dataAndInsights", score: 3, scorePercent: 60, source: "assessment" });
  return id;
}

async function assessmentOf(customerId: string, partnerId: string) {
  const id = crypto.randomUUID();
  await (await shardDbOf(customerId)).insert(schema.assessments).values({
    id,
    accountId: customerId,
    partnerAccountId: partnerId,
    category: "all",
    token: `probe-${id}`,
    expiresAt: new Date(Date.UTC(2031, 0, 1)).toISOString(),
  });
  return id;
}

/** A workout's session ids, on whichever shard holds it (a copy of a listed workout has the author's ids). */
async function sessionsOf(workoutId: string) {
  for (const { d1 } of allDatabases()) {
    const rows = await drizzle(d1, { schema })
      .select({ id: schema.workoutSessions.id })
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, workoutId))
      .orderBy(asc(schema.workoutSessions.sequence));
    if (rows.length) return rows.map((s) => s.id);
  }
  return [];
}

/** Both tenants' records the probes name; run once, after the file's own set-up. */
export async function prepareBodyProbes(northwind: { jobLine: string; slot: string; savedItem: string; fabrikamTeam: string }) {
  ids.northwindJobLine = northwind.jobLine;
  ids.northwindSlot = northwind.slot;
  ids.fabrikamItem = northwind.savedItem;
  ids.fabrikamTeam = northwind.fabrikamTeam;
  ids.northwindSession = first(await sessionsOf(NORTHWIND_ONLY));
  ids.northwindAssessment = await assessmentOf(FABRIKAM, DEMO.northwind.id);
  excelSessions = await sessionsOf(EXCEL);
  const slot = (sessionId: string, startsAt: string) =>
    created(contoso().post("/v1/admin/slots", { workoutId: EXCEL, sessionId, startsAt, capacity: 10 }), "Contoso's slot").then((s) => s.id);
  ids.slot1 = await slot(nth(excelSessions, 0), at(3, 9));
  ids.slot2 = await slot(nth(excelSessions, 1), at(3, 11));
  ids.slot2Later = await slot(nth(excelSessions, 1), at(4, 9));
  const members = await created<{ items: { id: string; email: string }[] }>(harbour().get("/v1/admin/account-users"), "Harbour's members");
  ids.harbourMember = present(
    members.items.find((m) => m.email === DEMO_USERS.otherCustomerAdmin.email),
    "Harbour's admin",
  ).id;
  ids.harbourTeam = first((await created<{ items: { id: string }[] }>(harbour().get("/v1/admin/teams"), "Harbour's teams")).items).id;
  // The people a booking names: attendees (a customer's members) and instructors (a partner's).
  const userOf = async (email: string) => first(await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email))).id;
  ids.harbourUser = await userOf(DEMO_USERS.otherCustomerAdmin.email);
  ids.fabrikamUser = await userOf(DEMO_USERS.customerMember.email);
  ids.contosoUser = await userOf(DEMO_USERS.otherPartnerAdmin.email);
  ids.northwindUser = await userOf(DEMO_USERS.partnerMember.email);
  // Credits for the bookings those probes make.
  await (await shardDbOf(HARBOUR)).insert(schema.creditLines).values({
    accountId: HARBOUR,
    creditEntryId: DEMO.customers.harbour.creditEntryId,
    source: "partner",
    itemType: "bonus",
    updateType: "increase",
    quantity: 20,
    enteredAt: new Date().toISOString(),
    context: "Probe bonus",
  });
  for (const workoutId of [PROMPTING, NORTHWIND_ONLY, SHARED]) sessionsByWorkout.set(workoutId, await sessionsOf(workoutId));
  ids.harbourItem = (await created(harbour().post("/v1/admin/saved-items", { workoutId: EXCEL }), "Harbour's saved item")).id;
  ids.contosoVariantOfShared = (await created(contoso().post(`/v1/admin/workouts/${SHARED}/variants`, { name: "Contoso edition" }), "Contoso's variant")).id;
}

/** Harbour's booking request, to which Contoso has proposed other times (one per session, on the 11th of March 2031). */
async function harbourProposal() {
  await harbourJob("request");
  await created(
    contoso().post(`/v1/jobs/${ids.ownJob}/propose`, {
      lines: [
        { lineId: ids.ownLine1, times: [at(11, 9)] },
        { lineId: ids.ownLine2, times: [at(11, 11)] },
      ],
    }),
    "Contoso's proposal",
  );
}

/** A window of open times: the first week of March 2031. */
const openWindow = { from: at(1, 0), to: at(8, 0) };

/** A weekly series of two Mondays at 08:00 in London, from March 2031. */
const series = { capacity: 2, timeZone: "Europe/London", startDate: "2031-03-24", time: "08:00", weekdays: [1], weeks: 2 };

/** A new workout's details (a SKU of its own each time). */
const workoutDetails = () => ({
  name: "Probe workout",
  sku: `PROBE-${crypto.randomUUID().slice(0, 8)}`,
  type: "workshop",
  category: "dataAndInsights",
  difficulty: "beginner",
  title: "Probe workout",
});

/** A workout of Contoso's own with two 30-minute sessions and nothing booked, to edit freely. */
async function plainWorkout() {
  const { id } = await created(
    contoso().post("/v1/admin/workouts", {
      ...workoutDetails(),
      totalMinutes: 60,
      sessions: [
        { name: "One", lengthMinutes: 30 },
        { name: "Two", lengthMinutes: 30 },
      ],
    }),
    "Contoso's workout",
  );
  ids.ownPlainWorkout = id;
  ids.ownPlainSession = first(await sessionsOf(id));
}

const customerLine = (id: string) => [
  { name: "For one customer", priceType: "customer", customerAccountId: id, pricingType: "value", currency: "GBP", amount: 100 },
];
const groupLine = (id: string) => [
  { name: "For a group", priceType: "customerPriceGroup", priceGroupId: id, pricingType: "value", currency: "GBP", amount: 100 },
];
const workoutPrerequisite = (id: string) => [{ type: "workout", name: "Take this first", requiredWorkoutId: id }];
const withSession = (id: string) => [
  { id, name: "One", lengthMinutes: 30 },
  { name: "Two", lengthMinutes: 30 },
];

const hero = { isHero: true, slots: [{ itemType: "featuredGroup", heroText: "Welcome", title: "Welcome", subtitle: null }] };
const layout = (slot: Record<string, unknown>) => ({
  rows: [hero, { isHero: false, type: "carouselSingle", title: "Picked", subtitle: "For you", slots: [slot] }],
});

const partner = (p: Omit<BodyProbe, "as">): BodyProbe => ({ as: "otherPartnerAdmin", ...p });

/** A homepage preview (nothing stored) with another partner's workout or featured group: they are left out of the answer. */
const previewProbes = (params?: Record<string, string>): BodyProbe[] => [
  partner({
    field: "body.rows[].slots[].workoutIds",
    outcome: "ignored",
    own: () => EXCEL,
    other: () => NORTHWIND_ONLY,
    request: (id) => ({ params, body: layout({ itemType: "workout", workoutIds: [id] }) }),
  }),
  partner({
    field: "body.rows[].slots[].featuredGroupId",
    outcome: "ignored",
    own: () => DEMO.contoso.featuredGroupId,
    other: () => DEMO.northwind.featuredGroupId,
    request: (id) => ({ params, body: layout({ itemType: "featuredGroup", featuredGroupId: id }) }),
  }),
];

/** Harbour's seeded plan ends in 2030; a plan started for 2031 by an earlier probe is removed, so a start then succeeds. */
async function harbourWithoutLaterPlans() {
  await (
    await shardDbOf(HARBOUR)
  )
    .delete(schema.planEntries)
    .where(and(eq(schema.planEntries.accountId, HARBOUR), gt(schema.planEntries.startDate, "2030-12-31")));
}
const customer = (p: Omit<BodyProbe, "as">): BodyProbe => ({ as: "otherCustomerAdmin", ...p });

/**
 * A probe of a line of Harbour's own job (`setup` makes it) against a line
 * of Northwind's: the request names the job in its path, and the line where
 * `send` puts it.
 */
const jobLineProbe = (field: string, setup: BodyProbe["setup"], send: (lineId: string) => Omit<Sent, "params">): Omit<BodyProbe, "as"> => ({
  field,
  own: () => ids.ownLine1,
  other: () => ids.northwindJobLine,
  setup,
  request: (lineId) => ({ params: { id: ids.ownJob }, ...send(lineId) }),
});

/** Both lines of Harbour's job, the first named by `lineId`, each with `timed` of its time on `day` (9:00, then 11:00). */
const bothLines = (lineId: string, day: number, timed: (time: string) => Record<string, unknown>) => ({
  lines: [
    { lineId, ...timed(at(day, 9)) },
    { lineId: ids.ownLine2, ...timed(at(day, 11)) },
  ],
});

/** Every operation with an id in its body or query: one probe per such field (keyed "METHOD /v1/path"). */
export const BODY_RESOURCES: Record<string, BodyProbe[]> = {
  "GET /v1/bookings/options/{id}": [
    {
      as: "customerAdmin",
      field: "query.variantId",
      own: () => DEMO.variants.copilotFoundations,
      other: () => ids.contosoVariantOfShared,
      request: (variantId) => ({ params: { id: SHARED }, query: { variantId } }),
    },
  ],
  "POST /v1/bookings": [
    customer({
      field: "body.attendees",
      own: () => ids.harbourUser,
      other: () => ids.fabrikamUser,
      request: (userId) => ({ body: { workoutId: PROMPTING, mode: "request", sessions: requestAll(PROMPTING, 14), attendees: [userId] } }),
    }),
    customer({
      field: "body.workoutId",
      own: () => PROMPTING,
      other: () => NORTHWIND_ONLY,
      // The request names every session of the workout asked for, so only whose workout it is differs.
      request: (workoutId) => ({ body: { workoutId, mode: "request", sessions: requestAll(workoutId, 12) } }),
    }),
    {
      as: "customerAdmin",
      field: "body.variantId",
      own: () => DEMO.variants.copilotFoundations,
      other: () => ids.contosoVariantOfShared,
      request: (variantId) => ({ body: { workoutId: SHARED, variantId, mode: "request", sessions: requestAll(SHARED, 16) } }),
    },
    customer({
      field: "body.sessions[].sessionId",
      own: () => nth(excelSessions, 1),
      other: () => ids.northwindSession,
      request: (sessionId) => ({
        body: {
          workoutId: EXCEL,
          mode: "request",
          sessions: [
            { sessionId: nth(excelSessions, 0), times: [at(14, 9)] },
            { sessionId, times: [at(14, 11)] },
          ],
        },
      }),
    }),
    customer({
      field: "body.sessions[].slotId",
      own: () => ids.slot2,
      other: () => ids.northwindSlot,
      request: (slotId) => ({
        body: {
          workoutId: EXCEL,
          mode: "slots",
          sessions: [
            { sessionId: nth(excelSessions, 0), slotId: ids.slot1 },
            { sessionId: nth(excelSessions, 1), slotId },
          ],
        },
      }),
    }),
  ],
  "POST /v1/bookings/{id}/schedule": [
    customer({
      field: "body.sessions[].sessionId",
      own: () => nth(excelSessions, 1),
      other: () => ids.northwindSession,
      setup: () => harbourJob("slots"),
      request: (sessionId) => ({ params: { id: ids.ownJob }, body: { mode: "request", reason: "availability", sessions: [{ sessionId, times: [at(6, 9)] }] } }),
    }),
    customer({
      field: "body.sessions[].slotId",
      own: () => ids.slot2Later,
      other: () => ids.northwindSlot,
      setup: () => harbourJob("slots"),
      request: (slotId) => ({
        params: { id: ids.ownJob },
        body: { mode: "slots", reason: "availability", sessions: [{ sessionId: nth(excelSessions, 1), slotId }] },
      }),
    }),
  ],
  "POST /v1/jobs/{id}/confirm": [
    partner(
      jobLineProbe(
        "body.lines[].lineId",
        () => harbourJob("request"),
        (lineId) => ({ body: bothLines(lineId, 10, (time) => ({ time })) }),
      ),
    ),
  ],
  "POST /v1/jobs/{id}/propose": [
    partner(
      jobLineProbe(
        "body.lines[].lineId",
        () => harbourJob("request"),
        (lineId) => ({ body: bothLines(lineId, 11, (time) => ({ times: [time] })) }),
      ),
    ),
  ],
  "POST /v1/bookings/{id}/accept": [
    customer(jobLineProbe("body.lines[].lineId", harbourProposal, (lineId) => ({ body: bothLines(lineId, 11, (time) => ({ time })) }))),
  ],
  "GET /v1/bookings/options/{id}/open-times": [
    customer({
      field: "query.sessionId",
      own: () => nth(excelSessions, 0),
      other: () => ids.northwindSession,
      request: (sessionId) => ({ params: { id: EXCEL }, query: { sessionId, ...openWindow } }),
    }),
  ],
  "GET /v1/bookings/{id}/open-times": [
    customer(
      jobLineProbe(
        "query.lineId",
        () => harbourJob("request"),
        (lineId) => ({ query: { lineId, ...openWindow } }),
      ),
    ),
  ],
  "GET /v1/jobs/{id}/open-times": [
    partner(
      jobLineProbe(
        "query.lineId",
        () => harbourJob("request"),
        (lineId) => ({ query: { lineId, ...openWindow } }),
      ),
    ),
  ],
  "GET /v1/admin/availability": [
    partner({ field: "query.workoutId", own: () => EXCEL, other: () => NORTHWIND_ONLY, request: (workoutId) => ({ query: { workoutId } }) }),
  ],
  "PUT /v1/admin/availability": [
    partner({
      field: "body.workoutId",
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (workoutId) => ({
        body: {
          workoutId,
          timeZone: "Europe/London",
          weekly: [{ day: 1, ranges: [{ start: "09:00", end: "17:00" }] }],
          overrides: [],
          minNoticeMinutes: 0,
          bufferMinutes: 0,
        },
      }),
    }),
  ],
  "PUT /v1/bookings/{id}/attendees": [
    customer({
      field: "body.userIds",
      own: () => ids.harbourUser,
      other: () => ids.fabrikamUser,
      setup: () => harbourJob("request"),
      request: (userId) => ({ params: { id: ids.ownJob }, body: { userIds: [userId] } }),
    }),
  ],
  "PUT /v1/jobs/{id}/location": [
    partner(
      jobLineProbe(
        "body.lineId",
        () => harbourJob("slots"),
        (lineId) => ({ body: { lineId, location: { kind: "online", url: "https://meet.example.test/p" } } }),
      ),
    ),
  ],
  "PUT /v1/jobs/{id}/instructor": [
    partner(
      jobLineProbe(
        "body.lineId",
        () => harbourJob("slots"),
        (lineId) => ({ body: { lineId, userId: ids.contosoUser } }),
      ),
    ),
    partner({
      field: "body.userId",
      own: () => ids.contosoUser,
      other: () => ids.northwindUser,
      setup: () => harbourJob("slots"),
      request: (userId) => ({ params: { id: ids.ownJob }, body: { userId } }),
    }),
  ],
  "PUT /v1/jobs/{id}/lines/{lineId}/attendance": [
    partner({
      field: "body.attendance[].userId",
      own: () => ids.harbourUser,
      other: () => ids.fabrikamUser,
      setup: startedWithAttendee,
      request: (userId) => ({ params: { id: ids.ownJob, lineId: ids.ownLine1 }, body: { attendance: [{ userId, present: true }] } }),
    }),
  ],
  "POST /v1/jobs/{id}/lines/{lineId}/complete": [
    partner({
      field: "body.attendance[].userId",
      own: () => ids.harbourUser,
      other: () => ids.fabrikamUser,
      setup: startedWithAttendee,
      request: (userId) => ({ params: { id: ids.ownJob, lineId: ids.ownLine1 }, body: { attendance: [{ userId, present: true }] } }),
    }),
  ],
  "POST /v1/jobs/{id}/complete": [
    partner({
      field: "body.attendance[].userId",
      own: () => ids.harbourUser,
      other: () => ids.fabrikamUser,
      setup: async () => {
        await startedWithAttendee();
        await (
          await shardDbOf(HARBOUR)
        )
          .update(schema.jobLines)
          .set({ scheduledAt: new Date(Date.now() - 1_800_000).toISOString() })
          .where(eq(schema.jobLines.id, ids.ownLine2));
      },
      request: (userId) => ({ params: { id: ids.ownJob }, body: { attendance: [{ userId, present: true }] } }),
    }),
  ],
  "POST /v1/jobs/{id}/reschedule": [
    partner({
      field: "body.lines[].lineId",
      own: () => ids.ownLine2,
      other: () => ids.northwindJobLine,
      setup: () => harbourJob("slots"),
      request: (lineId) => ({ params: { id: ids.ownJob }, body: { reason: "availability", lines: [{ lineId, time: at(7, 9) }] } }),
    }),
  ],
  "GET /v1/admin/slots": [
    partner({ field: "query.workoutId", own: () => EXCEL, other: () => NORTHWIND_ONLY, request: (workoutId) => ({ query: { workoutId } }) }),
    partner({
      field: "query.sessionId",
      outcome: "ignored",
      own: () => nth(excelSessions, 0),
      other: () => ids.northwindSession,
      request: (sessionId) => ({ query: { workoutId: EXCEL, sessionId } }),
    }),
  ],
  "POST /v1/admin/slots": [
    partner({
      field: "body.workoutId",
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (workoutId) => ({ body: { workoutId, sessionId: nth(excelSessions, 0), startsAt: at(20, 9), capacity: 2 } }),
    }),
    partner({
      field: "body.sessionId",
      own: () => nth(excelSessions, 0),
      other: () => ids.northwindSession,
      request: (sessionId) => ({ body: { workoutId: EXCEL, sessionId, startsAt: at(21, 9), capacity: 2 } }),
    }),
  ],
  "POST /v1/admin/slots/series": [
    partner({
      field: "body.workoutId",
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (workoutId) => ({ body: { ...series, workoutId, sessionId: nth(excelSessions, 0) } }),
    }),
    partner({
      field: "body.sessionId",
      own: () => nth(excelSessions, 0),
      other: () => ids.northwindSession,
      request: (sessionId) => ({ body: { ...series, workoutId: EXCEL, sessionId } }),
    }),
  ],
  "PUT /v1/admin/account-users/{id}": [
    customer({
      field: "body.teamIds",
      own: () => ids.harbourTeam,
      other: () => ids.fabrikamTeam,
      request: (teamId) => ({ params: { id: ids.harbourMember }, body: { teamIds: [teamId] } }),
    }),
  ],
  "POST /v1/admin/entitlements/credit": [
    partner({
      field: "body.accountId",
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (accountId) => ({ body: { accountId, itemType: "bonus", quantity: 1, context: "Probe" } }),
    }),
    partner({
      field: "body.creditEntryId",
      own: () => DEMO.customers.harbour.creditEntryId,
      other: () => DEMO.customers.fabrikam.creditEntryId,
      request: (creditEntryId) => ({ body: { accountId: HARBOUR, itemType: "bonus", quantity: 1, context: "Probe", creditEntryId } }),
    }),
  ],
  "POST /v1/admin/entitlements/plans/{planEntryId}/change": [
    partner({
      field: "body.planId",
      own: () => DEMO.contoso.planId,
      other: () => DEMO.northwind.planId,
      request: (planId) => ({ params: { planEntryId: DEMO.customers.harbour.planEntryId }, body: { planId, startDate: "2031-12-31" } }),
    }),
  ],
  "POST /v1/admin/entitlements/plan-entries": [
    partner({
      field: "body.accountId",
      own: () => HARBOUR,
      other: () => FABRIKAM,
      setup: harbourWithoutLaterPlans,
      request: (accountId) => ({ body: { accountId, planId: DEMO.contoso.planId, startDate: "2031-01-01" } }),
    }),
    partner({
      field: "body.planId",
      own: () => DEMO.contoso.planId,
      other: () => DEMO.northwind.planId,
      setup: harbourWithoutLaterPlans,
      request: (planId) => ({ body: { accountId: HARBOUR, planId, startDate: "2031-01-01" } }),
    }),
  ],
  "PUT /v1/admin/dependents/{id}/price-group": [
    partner({
      field: "body.priceGroupId",
      own: () => DEMO.contoso.priceGroupId,
      other: () => DEMO.northwind.priceGroupId,
      request: (priceGroupId) => ({ params: { id: HARBOUR }, body: { priceGroupId } }),
    }),
  ],
  "POST /v1/admin/workouts": [
    partner({
      field: "body.sessions[].id",
      outcome: "ignored",
      own: () => crypto.randomUUID(),
      other: () => ids.northwindSession,
      request: (id) => ({ body: { ...workoutDetails(), totalMinutes: 60, sessions: withSession(id) } }),
    }),
    partner({
      field: "body.prerequisites[].requiredWorkoutId",
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (id) => ({ body: { ...workoutDetails(), prerequisites: workoutPrerequisite(id) } }),
    }),
    partner({
      field: "body.pricing[].customerAccountId",
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (id) => ({ body: { ...workoutDetails(), pricing: customerLine(id) } }),
    }),
    partner({
      field: "body.pricing[].priceGroupId",
      own: () => DEMO.contoso.priceGroupId,
      other: () => DEMO.northwind.priceGroupId,
      request: (id) => ({ body: { ...workoutDetails(), pricing: groupLine(id) } }),
    }),
  ],
  "PUT /v1/admin/workouts/{id}": [
    partner({
      field: "body.sessions[].id",
      outcome: "ignored",
      setup: plainWorkout,
      own: () => ids.ownPlainSession,
      other: () => ids.northwindSession,
      request: (id) => ({ params: { id: ids.ownPlainWorkout }, body: { sessions: withSession(id) } }),
    }),
    partner({
      field: "body.prerequisites[].requiredWorkoutId",
      setup: plainWorkout,
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (id) => ({ params: { id: ids.ownPlainWorkout }, body: { prerequisites: workoutPrerequisite(id) } }),
    }),
    partner({
      field: "body.pricing[].customerAccountId",
      setup: plainWorkout,
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (id) => ({ params: { id: ids.ownPlainWorkout }, body: { pricing: customerLine(id) } }),
    }),
    partner({
      field: "body.pricing[].priceGroupId",
      setup: plainWorkout,
      own: () => DEMO.contoso.priceGroupId,
      other: () => DEMO.northwind.priceGroupId,
      request: (id) => ({ params: { id: ids.ownPlainWorkout }, body: { pricing: groupLine(id) } }),
    }),
  ],
  "POST /v1/admin/workouts/{id}/variants": [
    partner({
      field: "body.pricing[].customerAccountId",
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (id) => ({ params: { id: EXCEL }, body: { name: "Probe", pricing: customerLine(id) } }),
    }),
    partner({
      field: "body.pricing[].priceGroupId",
      own: () => DEMO.contoso.priceGroupId,
      other: () => DEMO.northwind.priceGroupId,
      request: (id) => ({ params: { id: EXCEL }, body: { name: "Probe", pricing: groupLine(id) } }),
    }),
  ],
  "PUT /v1/admin/workouts/{id}/variants/{variantId}": [
    partner({
      field: "body.pricing[].customerAccountId",
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (id) => ({ params: { id: EXCEL, variantId: DEMO.variants.excelForAnalysts }, body: { name: "Standard", pricing: customerLine(id) } }),
    }),
    partner({
      field: "body.pricing[].priceGroupId",
      own: () => DEMO.contoso.priceGroupId,
      other: () => DEMO.northwind.priceGroupId,
      request: (id) => ({ params: { id: EXCEL, variantId: DEMO.variants.excelForAnalysts }, body: { name: "Standard", pricing: groupLine(id) } }),
    }),
  ],
  "POST /v1/admin/featured-groups": [
    partner({ field: "body.workoutIds", own: () => EXCEL, other: () => NORTHWIND_ONLY, request: (id) => ({ body: { title: "Probe", workoutIds: [id] } }) }),
  ],
  "PUT /v1/admin/featured-groups/{id}": [
    partner({
      field: "body.workoutIds",
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (id) => ({ params: { id: DEMO.contoso.featuredGroupId }, body: { title: "Start here", workoutIds: [id] } }),
    }),
  ],
  "POST /v1/admin/saved-items": [
    customer({ field: "body.workoutId", own: () => PROMPTING, other: () => NORTHWIND_ONLY, request: (workoutId) => ({ body: { workoutId } }) }),
  ],
  "PUT /v1/admin/saved-items/{id}": [
    customer({
      field: "body.id",
      own: () => ids.harbourItem,
      other: () => ids.fabrikamItem,
      request: (id) => ({ params: { id: ids.harbourItem }, body: { id, sequence: 0 } }),
    }),
  ],
  "POST /v1/admin/scores/fitness/associate-assessment": [
    partner({
      field: "body.scoreId",
      setup: async () => {
        ids.ownOrphan = await orphanOf(DEMO.contoso.id);
      },
      own: () => ids.ownOrphan,
      other: () => DEMO.scores.orphaned,
      request: (scoreId) => ({ body: { scoreId, accountId: HARBOUR } }),
    }),
    partner({
      field: "body.accountId",
      setup: async () => {
        ids.ownOrphan = await orphanOf(DEMO.contoso.id);
      },
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (accountId) => ({ body: { scoreId: ids.ownOrphan, accountId } }),
    }),
  ],
  "POST /v1/admin/scores/fitness": [
    partner({
      field: "body.accountId",
      own: () => HARBOUR,
      other: () => FABRIKAM,
      request: (accountId) => ({ body: { accountId, category: "dataAndInsights", scorePercent: 70 } }),
    }),
  ],
  "POST /v1/admin/scores/fitness/mark-assessed": [
    partner({
      field: "body.assessmentId",
      setup: async () => {
        ids.ownAssessment = await assessmentOf(HARBOUR, DEMO.contoso.id);
        // Only an assessment with scores can be marked assessed.
        await (await shardDbOf(HARBOUR)).insert(schema.scores).values({
          accountId: HARBOUR,
          partnerAccountId: DEMO.contoso.id,
          assessmentId: ids.ownAssessment,
          category: "strategy",
          score: 3,
          scorePercent: 60,
          source: "assessment",
        });
      },
      own: () => ids.ownAssessment,
      other: () => ids.northwindAssessment,
      request: (assessmentId) => ({ body: { assessmentId } }),
    }),
  ],
  "POST /v1/admin/dependents/{id}/assessment-links": [
    partner({
      field: "body.userIds",
      // Finn Harper, Harbour's member, and Dan Moreau, Fabrikam's (the seed's sixth and fourth users).
      own: () => demoId("user", 6),
      other: () => demoId("user", 4),
      request: (userId) => ({ params: { id: HARBOUR }, body: { userIds: [userId] } }),
    }),
  ],
  "PUT /v1/admin/homepage": [
    partner({
      field: "body.rows[].slots[].workoutIds",
      own: () => EXCEL,
      other: () => NORTHWIND_ONLY,
      request: (id) => ({ body: layout({ itemType: "workout", workoutIds: [id] }) }),
    }),
    partner({
      field: "body.rows[].slots[].featuredGroupId",
      own: () => DEMO.contoso.featuredGroupId,
      other: () => DEMO.northwind.featuredGroupId,
      request: (id) => ({ body: layout({ itemType: "featuredGroup", featuredGroupId: id }) }),
    }),
  ],
  "POST /v1/admin/homepage/preview": previewProbes(),
  // As one of its own customers, a partner's draft naming another partner's workout or group shows nothing of it.
  "POST /v1/admin/homepage/preview/customers/{id}": previewProbes({ id: HARBOUR }),
};

/** Ids in a body that name no record of anyone's: why each is left out of the probes. */
export const NOT_REFERENCES: Record<string, Record<string, string>> = {
  "POST /v1/telemetry": {
    "body.userId": "the client's own report of who it is, written to analytics as sent; the product never reads it back",
    "body.accountId": "the client's own report of its account, written to analytics as sent; the product never reads it back",
  },
};
