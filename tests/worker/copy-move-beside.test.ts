import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, tokenFor } from "./auth";
import { asks, at, claimsOf, confirm, confirmBody, contosoDeliversThere, fabrikam, harbour, stored, type Job } from "./claims-setup";
import { capturedQueue, first, resetSecondShard, second } from "./flows-setup";
import { call, json } from "./helpers";
import { giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { nth } from "../present";

/**
 * Contoso (weur-1) delivers Northwind's workout; a move on its delivery copy
 * reads the job on the shards Contoso delivers for beside its first look
 * here (docs/decisions/2026-11-27-copy-moves-read-in-one-round.md), and the
 * copy is rewritten from the job as the move's own batch read it back. The
 * look here still decides; the copy follows the job exactly, without waiting
 * for the queue's step.
 */
const CONTOSO = DEMO.contoso.id;
const linesOf = (db: typeof first, jobId: string) =>
  db
    .select({
      id: schema.jobLines.id,
      status: schema.jobLines.status,
      scheduledAt: schema.jobLines.scheduledAt,
      requestedTimes: schema.jobLines.requestedTimes,
    })
    .from(schema.jobLines)
    .where(eq(schema.jobLines.jobId, jobId))
    .orderBy(schema.jobLines.id);
const itemsOf = (db: typeof first, jobId: string) =>
  db
    .select({ id: schema.jobActionItems.id, dueAt: schema.jobActionItems.dueAt })
    .from(schema.jobActionItems)
    .where(eq(schema.jobActionItems.jobId, jobId))
    .orderBy(schema.jobActionItems.id);

/** The copy on weur-1 is the job on the first shard: its version, status, lines and action items' due dates. */
async function copyIsJob(jobId: string) {
  const [job, copy] = await Promise.all([stored(first, jobId), stored(second, jobId)]);
  expect({ version: copy.version, extrasVersion: copy.extrasVersion, status: copy.status }).toEqual({
    version: job.version,
    extrasVersion: job.extrasVersion,
    status: job.status,
  });
  expect(await linesOf(second, jobId)).toEqual(await linesOf(first, jobId));
  expect(await itemsOf(second, jobId)).toEqual(await itemsOf(first, jobId));
}

beforeEach(async () => {
  await giveFabrikamCredits(40);
  await contosoDeliversThere();
});
afterEach(resetSecondShard);

describe("a delivering partner's move on its delivery copy, read beside its first look", () => {
  it("confirms and reschedules on the job's shard; the copy is the job as the move's batch read it back, its due dates moved with it", async () => {
    const times = [at(200), at(201)];
    const job = await asks(fabrikam, times);
    // The queue's steps are not run: the copy follows from the move's own request.
    const q = capturedQueue();
    const res = await confirm(job, times, q.bindings);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await stored(first, job.id)).toMatchObject({ status: "confirmed", version: job.version + 1 });
    await copyIsJob(job.id);
    expect((await itemsOf(second, job.id)).some((i) => i.dueAt !== null)).toBe(true);
    expect(await claimsOf(job.id)).toHaveLength(2);
    const moved = await apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings: q.bindings }).post(`/v1/jobs/${job.id}/reschedule`, {
      reason: "availability",
      lines: [{ lineId: nth(job.lines, 0).id, time: at(200, 11) }],
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await stored(first, job.id)).toMatchObject({ version: job.version + 2 });
    await copyIsJob(job.id);
    expect((await claimsOf(job.id)).map((c) => c.startsAt).sort()).toEqual([at(200, 11), at(201)].sort());
  });

  it("moves a job of its own shard as before: the job read on the other shard is left unused, nothing written there", async () => {
    const times = [at(210), at(211)];
    const home = await asks(harbour, times);
    const before = await first.select().from(schema.jobs);
    const res = await confirm(home, times);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await stored(second, home.id)).toMatchObject({ status: "confirmed", version: home.version + 1 });
    expect(await first.select().from(schema.jobs)).toEqual(before);
  });

  it("is 404 for a job it delivers whose copy its shard does not hold, though that job was read on its shard; nothing written", async () => {
    const s = await sessions();
    // Fabrikam's request, its delivery step never run: no copy on weur-1.
    const res = await fabrikam(capturedQueue().bindings).post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(220 + i)] })),
    });
    expect(res.status).toBe(201);
    const job = await json<Job>(res);
    expect((await second.select().from(schema.jobs).where(eq(schema.jobs.id, job.id))).length).toBe(0);
    const refused = await confirm(job, [at(220), at(221)]);
    expect(refused.status).toBe(404);
    expect(await stored(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
    expect(await claimsOf(job.id)).toEqual([]);
  });

  it("is 403 to a caller not of the delivering partner, or only a member, and 409 on an older version; nothing written, no claim taken", async () => {
    const times = [at(230), at(231)];
    const job = await asks(fabrikam, times);
    for (const [who, accountId] of [
      ["partnerAdmin", CONTOSO],
      ["partnerMember", DEMO.northwind.id],
    ] as const)
      expect((await apiAs(who, { accountId }).post(`/v1/jobs/${job.id}/confirm`, confirmBody(job, times))).status, who).toBe(403);
    const stale = await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).post(`/v1/jobs/${job.id}/reschedule`, {
      version: job.version + 1,
      reason: "availability",
      lines: [{ lineId: nth(job.lines, 0).id, time: at(230, 11) }],
    });
    expect(stale.status).toBe(409);
    expect(await stored(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
    expect(await claimsOf(job.id)).toEqual([]);
  });

  it("answers the guard first though the body is read beside it: 401 without a token, 403 to a non-member, even for a body that is no JSON", async () => {
    const times = [at(240), at(241)];
    const job = await asks(fabrikam, times);
    const send = async (token: string | null, body: string) =>
      (
        await call(`/v1/jobs/${job.id}/confirm`, {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", "X-Account-Id": CONTOSO, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        })
      ).status;
    const northwind = await tokenFor("partnerAdmin");
    const erin = await tokenFor("otherPartnerAdmin");
    expect(await send(null, "{not json")).toBe(401);
    expect(await send(null, JSON.stringify(confirmBody(job, times)))).toBe(401);
    expect(await send(northwind, "{not json")).toBe(403);
    expect(await send(northwind, JSON.stringify(confirmBody(job, times)))).toBe(403);
    expect(await send(erin, "{not json")).toBe(400);
    expect(await stored(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
    expect(await claimsOf(job.id)).toEqual([]);
    expect(await send(erin, JSON.stringify(confirmBody(job, times)))).toBe(200);
  });
});
