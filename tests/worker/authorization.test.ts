/**
 * Walks every registered /v1 operation (the endpoint registry of
 * worker/http/endpoint.ts) so that an endpoint is covered the day it is
 * added:
 * - without a token, every operation that is not public answers 401;
 * - with a forged X-Account-Id (another tenant's account), 403;
 * - on a resource of Northwind or its customer Fabrikam that exists, a
 *   member of another tenant (Contoso, or its customer Harbour) whose role
 *   passes the endpoint's guard answers 403 or 404 and never 2xx.
 * An operation with path parameters and no entry in RESOURCES below fails the
 * test: say whose resource it reads before it ships.
 *
 * Ids in a body or query are walked too: every field of a declared body,
 * query or multipart schema that names a record (tests/worker/id-fields.ts)
 * needs a probe in BODY_RESOURCES (tests/worker/body-probes.ts) that puts
 * another tenant's existing record there. The answer is a refusal (403, 404,
 * or 400/409 naming that field) and the database is exactly as before; the
 * same request with the caller's own record succeeds.
 */
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS, demoId, type DemoUserKey } from "../../db/seed";
import "../../worker/index";
import { endpoints, type RegisteredEndpoint } from "../../worker/http/endpoint";
import { apiAs, type Api } from "./auth";
import { json } from "./helpers";
import { first } from "../present";
import { BODY_RESOURCES, NOT_REFERENCES, prepareBodyProbes, type BodyProbe } from "./body-probes";
import { idFields, namesField } from "./id-fields";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

const db = drizzle(env.DB, { schema });
const NORTHWIND = DEMO.northwind.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const OWN_WORKOUT = DEMO.workouts.powerAutomate;

type Resource =
  | "adaUser"
  | "attachment"
  | "fabrikamMember"
  | "fabrikamTeam"
  | "job"
  | "jobLine"
  | "jobActionItem"
  | "jobArtifact"
  | "jobSession"
  | "northwindDomain"
  | "northwindInvite"
  | "northwindMember"
  | "ownAttachment"
  | "ownSession"
  | "savedItem"
  | "slot";
/** Which tenant-A resource each path parameter names, filled in beforeAll. */
const ids = {} as Record<Resource, string>;

/** `body` and `query`: valid ones, so that what answers is the ownership check and not the validation. */
type Probe = { as: DemoUserKey; params: () => Record<string, string>; body?: () => unknown; query?: () => Record<string, string> };
const partnerProbe = (params: () => Record<string, string>, body?: () => unknown, query?: () => Record<string, string>): Probe => ({
  as: "otherPartnerAdmin",
  params,
  body,
  query,
});
const customerProbe = (params: () => Record<string, string>, body?: () => unknown, query?: () => Record<string, string>): Probe => ({
  as: "otherCustomerAdmin",
  params,
  body,
  query,
});

const FUTURE = new Date(Date.UTC(2031, 0, 6, 9)).toISOString();
const PROFILE = {
  name: "Taken Over",
  website: "https://example.com",
  industry: "technology",
  size: "1-10",
  primaryEmail: "owner@example.com",
  currency: "USD",
  location: "US",
  language: "enUS",
};
const lineTime = () => ({ lines: [{ lineId: ids.jobLine, time: FUTURE }] });
const sessionTimes = () => ({ mode: "request", sessions: [{ sessionId: ids.jobSession, times: [FUTURE] }] });
const lineTimes = () => ({ lines: [{ lineId: ids.jobLine, times: [FUTURE] }] });
/** A week of open times from FUTURE. */
const week = { from: FUTURE, to: new Date(Date.UTC(2031, 0, 13, 9)).toISOString() };
const lineWindow = () => ({ lineId: ids.jobLine, ...week });

/** For each operation with path parameters: a resource of Northwind/Fabrikam, and the outsider who asks for it. */
const RESOURCES: Record<string, Probe[]> = {
  "/v1/admin/account-users/{id}": [partnerProbe(() => ({ id: ids.northwindMember })), customerProbe(() => ({ id: ids.fabrikamMember }))],
  "/v1/admin/account-users/invites/{id}/revoke": [partnerProbe(() => ({ id: ids.northwindInvite }))],
  "/v1/accounts/{id}": [partnerProbe(() => ({ id: NORTHWIND })), customerProbe(() => ({ id: FABRIKAM }))],
  "/v1/accounts/{accountId}/invites/{inviteId}/accept": [partnerProbe(() => ({ accountId: NORTHWIND, inviteId: ids.northwindInvite }))],
  "/v1/admin/accounts/{accountId}/profile": [
    partnerProbe(
      () => ({ accountId: NORTHWIND }),
      () => PROFILE,
    ),
    customerProbe(
      () => ({ accountId: FABRIKAM }),
      () => PROFILE,
    ),
  ],
  "/v1/admin/accounts/{accountId}/time-zone": [
    partnerProbe(
      () => ({ accountId: NORTHWIND }),
      () => ({ timeZone: "Asia/Tokyo" }),
    ),
  ],
  "/v1/admin/accounts/{accountId}/currency-change": [
    partnerProbe(
      () => ({ accountId: NORTHWIND }),
      undefined,
      () => ({ currency: "GBP" }),
    ),
  ],
  "/v1/admin/accounts/{accountId}/details-prompt": [partnerProbe(() => ({ accountId: NORTHWIND })), customerProbe(() => ({ accountId: FABRIKAM }))],
  "/v1/admin/accounts/{accountId}/details-prompt/dismiss": [partnerProbe(() => ({ accountId: NORTHWIND })), customerProbe(() => ({ accountId: FABRIKAM }))],
  "/v1/admin/accounts/{accountId}/assign-parent": [
    customerProbe(
      () => ({ accountId: FABRIKAM }),
      () => ({ tan: DEMO.contoso.tan }),
    ),
  ],
  "/v1/bookings/options/{id}": [customerProbe(() => ({ id: OWN_WORKOUT }))],
  "/v1/bookings/{id}": [customerProbe(() => ({ id: ids.job }))],
  "/v1/bookings/{id}/schedule": [customerProbe(() => ({ id: ids.job }), sessionTimes)],
  "/v1/bookings/{id}/attendees": [
    customerProbe(
      () => ({ id: ids.job }),
      () => ({ userIds: [] }),
    ),
  ],
  "/v1/bookings/{id}/accept": [customerProbe(() => ({ id: ids.job }), lineTime)],
  "/v1/bookings/{id}/open-times": [customerProbe(() => ({ id: ids.job }), undefined, lineWindow)],
  "/v1/bookings/options/{id}/open-times": [
    customerProbe(
      () => ({ id: OWN_WORKOUT }),
      undefined,
      () => ({ sessionId: ids.ownSession, ...week }),
    ),
  ],
  "/v1/admin/availability/workouts/{id}": [partnerProbe(() => ({ id: OWN_WORKOUT }))],
  "/v1/bookings/{id}/cancel": [
    customerProbe(
      () => ({ id: ids.job }),
      () => ({ reason: "requested" }),
    ),
  ],
  "/v1/bookings/{id}/lines/{lineId}/calendar": [customerProbe(() => ({ id: ids.job, lineId: ids.jobLine }))],
  "/v1/workouts/{id}": [customerProbe(() => ({ id: OWN_WORKOUT }))],
  "/v1/admin/custom-domains/{id}/connect": [partnerProbe(() => ({ id: ids.northwindDomain }))],
  "/v1/admin/custom-domains/{id}": [partnerProbe(() => ({ id: ids.northwindDomain }))],
  "/v1/admin/dependents/{id}": [partnerProbe(() => ({ id: FABRIKAM }))],
  "/v1/admin/homepage/preview/customers/{id}": [
    partnerProbe(
      () => ({ id: FABRIKAM }),
      () => ({ rows: [{ isHero: true, slots: [{ itemType: "featuredGroup", heroText: "Welcome" }] }] }),
    ),
  ],
  "/v1/admin/dependents/{id}/scores": [partnerProbe(() => ({ id: FABRIKAM }))],
  "/v1/admin/dependents/{id}/assessments": [partnerProbe(() => ({ id: FABRIKAM }))],
  "/v1/admin/dependents/{id}/assessment-recipients": [partnerProbe(() => ({ id: FABRIKAM }))],
  "/v1/admin/dependents/{id}/assessment-links": [
    partnerProbe(
      () => ({ id: FABRIKAM }),
      // Dan Moreau, Fabrikam's member: the seed's fourth user.
      () => ({ userIds: [demoId("user", 4)] }),
    ),
  ],
  "/v1/admin/dependents/{id}/price-group": [
    partnerProbe(
      () => ({ id: FABRIKAM }),
      () => ({ priceGroupId: null }),
    ),
  ],
  "/v1/admin/dependents/{id}/audit": [partnerProbe(() => ({ id: FABRIKAM }))],
  "/v1/admin/entitlements/plans/{planEntryId}/cancel": [
    partnerProbe(
      () => ({ planEntryId: DEMO.customers.fabrikam.planEntryId }),
      () => ({ endDate: "2031-12-31" }),
    ),
  ],
  "/v1/admin/entitlements/plans/{planId}": [
    partnerProbe(
      () => ({ planId: DEMO.northwind.planId }),
      () => ({ planName: "Taken", variantName: "Over", commitmentTerm: "monthly", credits: 1, refreshPeriod: "monthly" }),
    ),
  ],
  "/v1/admin/entitlements/plans/{planEntryId}/change": [
    partnerProbe(
      () => ({ planEntryId: DEMO.customers.fabrikam.planEntryId }),
      () => ({ planId: DEMO.contoso.planId, startDate: "2031-12-31" }),
    ),
  ],
  "/v1/admin/featured-groups/{id}": [
    partnerProbe(
      () => ({ id: DEMO.northwind.featuredGroupId }),
      () => ({ title: "Taken", workoutIds: [DEMO.workouts.secureByDefault] }),
    ),
  ],
  "/v1/jobs/{id}": [partnerProbe(() => ({ id: ids.job }))],
  "/v1/jobs/{id}/confirm": [partnerProbe(() => ({ id: ids.job }), lineTime)],
  "/v1/jobs/{id}/deny": [
    partnerProbe(
      () => ({ id: ids.job }),
      () => ({ reason: "availability" }),
    ),
  ],
  "/v1/jobs/{id}/propose": [partnerProbe(() => ({ id: ids.job }), lineTimes)],
  "/v1/jobs/{id}/open-times": [partnerProbe(() => ({ id: ids.job }), undefined, lineWindow)],
  "/v1/jobs/{id}/reschedule": [
    partnerProbe(
      () => ({ id: ids.job }),
      () => ({ reason: "availability", ...lineTime() }),
    ),
  ],
  "/v1/jobs/{id}/lines/{lineId}/complete": [partnerProbe(() => ({ id: ids.job, lineId: ids.jobLine }))],
  "/v1/jobs/{id}/lines/{lineId}/calendar": [partnerProbe(() => ({ id: ids.job, lineId: ids.jobLine }))],
  "/v1/jobs/{id}/complete": [partnerProbe(() => ({ id: ids.job }))],
  "/v1/jobs/{id}/cancel": [
    partnerProbe(
      () => ({ id: ids.job }),
      () => ({ reason: "requested" }),
    ),
  ],
  "/v1/jobs/{id}/audit": [partnerProbe(() => ({ id: ids.job }))],
  "/v1/jobs/{id}/action-items/{itemId}": [
    partnerProbe(
      () => ({ id: ids.job, itemId: ids.jobActionItem }),
      () => ({ done: true }),
    ),
  ],
  "/v1/bookings/{id}/action-items/{itemId}": [
    customerProbe(
      () => ({ id: ids.job, itemId: ids.jobActionItem }),
      () => ({ done: true }),
    ),
  ],
  "/v1/jobs/{id}/artifacts": [
    partnerProbe(
      () => ({ id: ids.job }),
      () => ({ value: "https://example.com/taken" }),
    ),
  ],
  "/v1/bookings/{id}/artifacts": [
    customerProbe(
      () => ({ id: ids.job }),
      () => ({ value: "https://example.com/taken" }),
    ),
  ],
  "/v1/jobs/{id}/artifacts/{artifactId}": [partnerProbe(() => ({ id: ids.job, artifactId: ids.jobArtifact }))],
  "/v1/bookings/{id}/artifacts/{artifactId}": [customerProbe(() => ({ id: ids.job, artifactId: ids.jobArtifact }))],
  "/v1/jobs/{id}/artifacts/{artifactId}/file": [partnerProbe(() => ({ id: ids.job, artifactId: ids.jobArtifact }))],
  "/v1/bookings/{id}/artifacts/{artifactId}/file": [customerProbe(() => ({ id: ids.job, artifactId: ids.jobArtifact }))],
  "/v1/jobs/{id}/location": [
    partnerProbe(
      () => ({ id: ids.job }),
      () => ({ location: { kind: "online", url: "https://meet.example.test/x" } }),
    ),
  ],
  "/v1/jobs/{id}/instructor": [
    partnerProbe(
      () => ({ id: ids.job }),
      () => ({ userId: null }),
    ),
  ],
  "/v1/jobs/{id}/lines/{lineId}/attendance": [
    partnerProbe(
      () => ({ id: ids.job, lineId: ids.jobLine }),
      () => ({ attendance: [] }),
    ),
  ],
  "/v1/admin/price-groups/{id}": [
    partnerProbe(
      () => ({ id: DEMO.northwind.priceGroupId }),
      () => ({ name: "Taken" }),
    ),
  ],
  "/v1/workouts/{id}/reviews": [
    customerProbe(
      () => ({ id: OWN_WORKOUT }),
      () => ({ rating: 1, comment: "Not mine" }),
    ),
  ],
  "/v1/admin/saved-items/{id}": [
    customerProbe(
      () => ({ id: ids.savedItem }),
      () => ({ id: ids.savedItem, sequence: 0 }),
    ),
    partnerProbe(
      () => ({ id: ids.savedItem }),
      () => ({ id: ids.savedItem, sequence: 0 }),
    ),
  ],
  "/v1/admin/slots/{id}": [partnerProbe(() => ({ id: ids.slot }))],
  "/v1/admin/teams/{id}": [
    customerProbe(
      () => ({ id: ids.fabrikamTeam }),
      () => ({ name: "Taken", department: "finance" }),
    ),
  ],
  "/v1/users/{id}": [partnerProbe(() => ({ id: ids.adaUser }))],
  "/v1/users/{id}/time-zone": [
    partnerProbe(
      () => ({ id: ids.adaUser }),
      () => ({ timeZone: "Asia/Tokyo" }),
    ),
  ],
  "/v1/admin/users/{id}/clear-onboarding-invites": [partnerProbe(() => ({ id: ids.adaUser }))],
  "/v1/admin/workouts/{id}/sessions/{sessionId}/attachments": [
    partnerProbe(
      () => ({ id: OWN_WORKOUT, sessionId: ids.ownSession }),
      () => ({ type: "link", value: "https://example.com" }),
    ),
  ],
  "/v1/admin/workouts/{id}/attachments/{attachmentId}": [partnerProbe(() => ({ id: DEMO.workouts.copilotFoundations, attachmentId: ids.attachment }))],
  "/v1/workouts/{id}/attachments/{attachmentId}/file": [customerProbe(() => ({ id: OWN_WORKOUT, attachmentId: ids.ownAttachment }))],
  "/v1/admin/workouts/{id}": [partnerProbe(() => ({ id: OWN_WORKOUT }))],
  "/v1/admin/workouts/{id}/status": [
    partnerProbe(
      () => ({ id: OWN_WORKOUT }),
      () => ({ status: "archived" }),
    ),
  ],
  "/v1/admin/workouts/{id}/library": [partnerProbe(() => ({ id: DEMO.draftWorkoutId }))],
  "/v1/admin/workouts/{id}/variants": [
    partnerProbe(
      () => ({ id: OWN_WORKOUT }),
      () => ({ name: "Taken" }),
    ),
  ],
  "/v1/admin/workouts/{id}/variants/{variantId}": [
    partnerProbe(
      () => ({ id: OWN_WORKOUT, variantId: DEMO.variants.powerAutomate }),
      () => ({ name: "Taken" }),
    ),
  ],
};

const hasParams = (e: RegisteredEndpoint) => /\{\w+\}/.test(e.path);
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`no value for {${name}} in ${path}`);
    return value;
  });
const anyIds = (path: string) => fill(path, Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n, crypto.randomUUID()])));

/** What `e` is sent (an empty object by default: the guard must answer before the body is read); none for a GET or DELETE. */
function payload(e: RegisteredEndpoint, body: unknown = {}): unknown {
  if (e.method === "get" || e.method === "delete") return undefined;
  if (!e.form) return body;
  const fd = new FormData();
  fd.set("data", JSON.stringify(body));
  return fd;
}

/** Sends `e` to `path` as `caller`. */
const sendAs = (caller: Api, e: RegisteredEndpoint, path: string, body?: unknown) => caller.send(e.method.toUpperCase(), path, payload(e, body));

const acting: Record<DemoUserKey, string> = Object.fromEntries(Object.entries(DEMO_USERS).map(([k, u]) => [k, u.accountId])) as Record<DemoUserKey, string>;

/** A demo user acting as their own account, or as `accountId`. */
const as = (who: DemoUserKey, accountId = acting[who]) => apiAs(who, { accountId });

const operations = () => endpoints.filter((e) => e.fullPath.startsWith("/v1/") && e.auth !== "public");

beforeAll(async () => {
  const adaUser = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.partnerAdmin.email));
  ids.adaUser = first(adaUser).id;
  // Tenant A's own rows, read as tenant A through the API.
  const members = await json(await as("partnerAdmin").get("/v1/admin/account-users"));
  ids.northwindMember = members.items.find((m: { email: string }) => m.email === DEMO_USERS.partnerMember.email).id;
  const fabrikamMembers = await json(await as("customerAdmin").get("/v1/admin/account-users"));
  ids.fabrikamMember = fabrikamMembers.items.find((m: { email: string }) => m.email === DEMO_USERS.customerMember.email).id;
  const invite = await as("partnerAdmin").post("/v1/admin/account-users/invites", { emails: "new-colleague@northwind.test", role: "member" });
  expect(invite.status).toBeLessThan(300);
  const afterInvite = await json(await as("partnerAdmin").get("/v1/admin/account-users"));
  ids.northwindInvite = afterInvite.items.find((m: { kind?: string; email: string }) => m.kind === "invite" && m.email === "new-colleague@northwind.test").id;
  const domains = await db.select().from(schema.customDomains).where(eq(schema.customDomains.accountId, NORTHWIND));
  ids.northwindDomain = first(domains).id;
  const teams = await json(await as("customerAdmin").get("/v1/admin/teams"));
  ids.fabrikamTeam = (teams.items ?? teams)[0].id;
  const sessions = await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, OWN_WORKOUT));
  ids.ownSession = first(sessions).id;
  const attachments = await db.select().from(schema.sessionAttachments).where(eq(schema.sessionAttachments.accountId, NORTHWIND));
  ids.attachment = first(attachments).id;
  ids.ownAttachment = crypto.randomUUID();
  await db.insert(schema.sessionAttachments).values({
    id: ids.ownAttachment,
    accountId: NORTHWIND,
    workoutId: OWN_WORKOUT,
    sessionId: ids.ownSession,
    type: "link",
    category: "usefulLinks",
    description: "Northwind's own guide",
    value: "https://northwind.test/guide",
  });
  const saved = await as("customerAdmin").post("/v1/admin/saved-items", { workoutId: DEMO.workouts.copilotFoundations });
  expect(saved.status).toBeLessThan(300);
  ids.savedItem = (await json(saved)).id;
  const slot = await as("partnerAdmin").post("/v1/admin/slots", {
    workoutId: DEMO.workouts.copilotFoundations,
    sessionId: first(await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, DEMO.workouts.copilotFoundations))).id,
    startsAt: new Date(Date.UTC(2030, 2, 3, 9)).toISOString(),
    capacity: 3,
  });
  expect(slot.status).toBe(201);
  ids.slot = (await json(slot)).id;
  // A job of Fabrikam with Northwind: a booking request.
  const booked = await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, DEMO.workouts.copilotFoundations));
  const job = await as("customerAdmin").post("/v1/bookings", {
    workoutId: DEMO.workouts.copilotFoundations,
    mode: "request",
    sessions: booked.sort((a, b) => a.sequence - b.sequence).map((s, i) => ({ sessionId: s.id, times: [new Date(Date.UTC(2030, 3, 1 + i, 9)).toISOString()] })),
  });
  expect(job.status).toBe(201);
  const jobBody = await json(job);
  ids.job = jobBody.id;
  ids.jobLine = jobBody.lines[0].id;
  ids.jobSession = jobBody.lines[0].sessionId;
  ids.jobActionItem = jobBody.lines[0].actionItems[0].id;
  const shared = new FormData();
  shared.set("data", JSON.stringify({ name: "Fabrikam's notes" }));
  shared.set("file", new File(["notes"], "notes.txt", { type: "text/plain" }));
  const artifact = await as("customerAdmin").post(`/v1/bookings/${ids.job}/artifacts`, shared);
  expect(artifact.status).toBe(201);
  ids.jobArtifact = (await json(artifact)).id;
  // Northwind's own hours for one of its workouts: what removing a workout's availability would take away.
  const hours = await as("partnerAdmin").put("/v1/admin/availability", {
    workoutId: OWN_WORKOUT,
    timeZone: "Europe/London",
    weekly: [{ day: 2, ranges: [{ start: "09:00", end: "12:00" }] }],
    overrides: [],
    minNoticeMinutes: 0,
    bufferMinutes: 0,
  });
  expect(hours.status).toBe(200);
  await prepareBodyProbes({ jobLine: ids.jobLine, slot: ids.slot, savedItem: ids.savedItem, fabrikamTeam: ids.fabrikamTeam });
});

/** Tables that change by themselves after a call has answered, and the columns that do not: the mail queue's consumer marks outbox rows sent. */
const SETTLING: Record<string, string> = { mail_outbox: "id" };

/** Every row of every table (sorted JSON per table), to tell whether a call changed anything. */
async function snapshot(): Promise<Map<string, string[]>> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const rows = await env.DB.batch(tables.map(({ name }) => env.DB.prepare(`SELECT ${SETTLING[name] ?? "*"} FROM "${name}"`)));
  return new Map(tables.map(({ name }, i) => [name, (rows[i]?.results ?? []).map((r) => JSON.stringify(r)).sort()]));
}

/** The tables whose rows differ between two snapshots, keeping only rows that mention `only` when given. */
function changed(before: Map<string, string[]>, after: Map<string, string[]>, only?: string): string[] {
  const keep = (rows: string[] = []) => (only ? rows.filter((r) => r.includes(only)) : rows);
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => JSON.stringify(keep(before.get(t))) !== JSON.stringify(keep(after.get(t))));
}

const v1 = () => endpoints.filter((e) => e.fullPath.startsWith("/v1/"));
const operationKey = (e: RegisteredEndpoint) => `${e.method.toUpperCase()} ${e.fullPath}`;

/** Sends `probe`'s request with `id` in its field, as its caller. */
async function sendProbe(e: RegisteredEndpoint, probe: BodyProbe, id: string) {
  const sent = probe.request(id);
  const query = sent.query ? `?${new URLSearchParams(sent.query)}` : "";
  return sendAs(as(probe.as), e, fill(e.fullPath, sent.params ?? {}) + query, sent.body);
}

/** What is wrong with the answer to another tenant's id (nothing: null). */
function refusalFault(probe: BodyProbe, status: number, text: string): string | null {
  if (status === 403 || status === 404) return null;
  if (status === 400 || status === 409) {
    const fields = Object.keys((JSON.parse(text) as { error?: { fields?: Record<string, string> } }).error?.fields ?? {});
    return fields.some((k) => namesField(k, probe.field)) ? null : `${status} without an error on ${probe.field}: ${text}`;
  }
  return `${status}: ${text.slice(0, 300)}`;
}

describe("every registered operation", { timeout: 60_000 }, () => {
  it("is registered (the registry is not empty)", () => {
    expect(operations().length).toBeGreaterThan(60);
  });

  it("answers 401 without a token, unless it is public", async () => {
    const wrong: string[] = [];
    for (const e of operations()) {
      const res = await sendAs(apiAs(null), e, anyIds(e.fullPath));
      if (res.status !== 401) wrong.push(`${e.method.toUpperCase()} ${e.fullPath} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to a forged X-Account-Id of another tenant", async () => {
    const wrong: string[] = [];
    for (const e of operations().filter((o) => o.auth !== "user")) {
      const res = await sendAs(as("otherPartnerAdmin", NORTHWIND), e, anyIds(e.fullPath));
      if (res.status !== 403) wrong.push(`${e.method.toUpperCase()} ${e.fullPath} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("names whose resource each operation with path parameters reads", () => {
    const missing = operations()
      .filter(hasParams)
      .map((e) => e.fullPath)
      .filter((p) => !RESOURCES[p]);
    expect(missing).toEqual([]);
  });

  it("answers 403 or 404 to a member of another tenant on a resource that exists", async () => {
    const wrong: string[] = [];
    for (const e of operations().filter(hasParams)) {
      for (const probe of RESOURCES[e.fullPath] ?? []) {
        const query = probe.query ? `?${new URLSearchParams(probe.query())}` : "";
        const res = await sendAs(as(probe.as), e, fill(e.fullPath, probe.params()) + query, probe.body?.());
        if (res.status !== 403 && res.status !== 404) wrong.push(`${probe.as}: ${e.method.toUpperCase()} ${e.fullPath} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names, for every id in a body or query, a probe with another tenant's record", () => {
    const missing: string[] = [];
    for (const e of v1()) {
      const key = operationKey(e);
      for (const field of idFields(e)) {
        if (NOT_REFERENCES[key]?.[field]) continue;
        if (!(BODY_RESOURCES[key] ?? []).some((p) => p.field === field)) missing.push(`${key} ${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("probes only fields the operations have", () => {
    const fields = new Map(v1().map((e) => [operationKey(e), idFields(e)]));
    const stale = [
      ...Object.entries(BODY_RESOURCES).flatMap(([key, probes]) => probes.map((p) => [key, p.field] as const)),
      ...Object.entries(NOT_REFERENCES).flatMap(([key, named]) => Object.keys(named).map((f) => [key, f] as const)),
    ]
      .filter(([key, field]) => !fields.get(key)?.includes(field))
      .map(([key, field]) => `${key} ${field}`);
    expect(stale).toEqual([]);
  });

  it("refuses another tenant's record named in a body or query, changing nothing, and accepts the caller's own", { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const e of v1()) {
      for (const probe of BODY_RESOURCES[operationKey(e)] ?? []) {
        const label = `${probe.as}: ${operationKey(e)} ${probe.field}`;
        await probe.setup?.();
        const other = probe.other();
        const before = await snapshot();
        const res = await sendProbe(e, probe, other);
        const text = await res.text();
        const after = await snapshot();
        if (probe.outcome === "ignored" && res.status >= 200 && res.status <= 299) {
          if (text.includes(other)) wrong.push(`${label}: the answer shows the other tenant's record`);
          const touched = changed(before, after, other);
          if (touched.length) wrong.push(`${label}: rows naming the other tenant's record changed in ${touched.join(", ")}`);
        } else {
          const fault = refusalFault(probe, res.status, text);
          if (fault) wrong.push(`${label} → ${fault}`);
          const touched = changed(before, after);
          if (touched.length) wrong.push(`${label}: changed ${touched.join(", ")}`);
        }
        const own = await sendProbe(e, probe, probe.own());
        if (own.status < 200 || own.status > 299) wrong.push(`${label}: with its own record → ${own.status} ${(await own.text()).slice(0, 300)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("left tenant A's resources as they were", async () => {
    const job = await as("partnerAdmin").get(`/v1/jobs/${ids.job}`);
    expect(job.status).toBe(200);
    expect((await json(job)).status).toBe("awaitingConfirmation");
    expect(await db.select().from(schema.slots).where(eq(schema.slots.id, ids.slot))).toHaveLength(1);
    const [northwind] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, NORTHWIND));
    expect(northwind?.name).toBe(DEMO.northwind.name);
    const [fabrikam] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM));
    expect(fabrikam?.name).toBe(DEMO.customers.fabrikam.name);
    expect(fabrikam?.parentAccountId).toBe(NORTHWIND);
    expect(fabrikam?.priceGroupId).toBe(DEMO.northwind.priceGroupId);
    const [priceGroup] = await db.select().from(schema.priceGroups).where(eq(schema.priceGroups.id, DEMO.northwind.priceGroupId));
    expect(priceGroup?.name).not.toBe("Taken");
    const [team] = await db.select().from(schema.teams).where(eq(schema.teams.id, ids.fabrikamTeam));
    expect(team?.name).not.toBe("Taken");
    expect(await db.select().from(schema.reviews).where(eq(schema.reviews.workoutId, OWN_WORKOUT))).toEqual([]);
    const domain = await db.select().from(schema.customDomains).where(eq(schema.customDomains.id, ids.northwindDomain));
    expect(domain).toHaveLength(1);
    const item = await db.select().from(schema.savedItems).where(eq(schema.savedItems.id, ids.savedItem));
    expect(item).toHaveLength(1);
    const hours = await json(await as("partnerAdmin").get(`/v1/admin/availability?workoutId=${OWN_WORKOUT}`));
    expect(hours).toMatchObject({ workoutId: OWN_WORKOUT, inherited: false });
  });
});
