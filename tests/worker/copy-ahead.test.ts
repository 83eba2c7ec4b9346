import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { giveFabrikamCredits } from "./bookings-setup";
import { asks, at, claimsOf, confirm, contoso, contosoDeliversThere, fabrikam, harbour, stored, type Job } from "./claims-setup";
import { dueAndRun, stoppedAt } from "./cut-off-setup";
import { capturedQueue, failingD1, first, resetSecondShard, second } from "./flows-setup";
import { d1Figures } from "./d1-figures";
import { json } from "./helpers";
import { keptFor } from "./kept-setup";
import { nth } from "../present";
import { BACKFILL_DONE, backfillCursor } from "../../worker/data/claim-backfill";
import { followStatements } from "../../worker/data/copy-ahead";
import { deliverySource } from "../../worker/data/delivery";
import { batch } from "../../worker/data/query";
import { database } from "../../worker/db";
import type { FollowJobMessage } from "../../worker/domain/flows";

/**
 * Contoso (weur-1) moves a Northwind job (the first shard) from its delivery
 * copy; the copy is written beside the job's write, ahead of it
 * (docs/decisions/2026-11-27-copy-written-beside-its-job.md). A job write
 * that fails, is refused or never comes leaves no copy ahead of its job: the
 * request puts it back, or the step kept in the copy's batch does; a move that
 * completed is never undone, and of two moves at once the copy is the winner's.
 */

/** Everything of the job its copy carries (the slot, price line, variant and session items stay the job shard's own). */
async function rowsOf(db: typeof first, jobId: string) {
  const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, jobId));
  const { pricingLineId: _p, variantId: _v, ...row } = job!;
  const lines = (await db.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, jobId))).map(({ slotId: _s, ...l }) => l);
  const items = (await db.select().from(schema.jobActionItems).where(eq(schema.jobActionItems.jobId, jobId))).map(({ sessionActionItemId: _i, ...i }) => i);
  const byId = <T extends { id: string }>(list: T[]) => list.sort((a, b) => a.id.localeCompare(b.id));
  return { row, lines: byId(lines), items: byId(items) };
}

/** The copy on weur-1 is the job on the first shard, row for row. */
const copyIsJob = async (jobId: string) => expect(await rowsOf(second, jobId)).toEqual(await rowsOf(first, jobId));

const startsOf = async (jobId: string) => (await claimsOf(jobId)).map((c) => c.startsAt).sort();

/** The repair steps kept on weur-1 (in the copy's batches). */
const followSteps = () => keptFor(env.SHARD_WEUR_1, null, "followJob");

/** The first shard, where the job's move batch finds the job changed meanwhile (another move went through first): its compare-and-set loses. */
function rivalMovesFirst(d1: D1Database, jobId: string): D1Database {
  let armed = false;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key) {
        const d = obj as unknown as D1Database;
        if (key === "prepare")
          return (sql: string) => {
            if (/UPDATE jobs SET version/.test(sql)) armed = true;
            return d.prepare(sql);
          };
        if (key === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (armed) {
              armed = false;
              await d
                .prepare("UPDATE jobs SET version = version + 1, updated_at = ?1 WHERE id = ?2")
                .bind(new Date(Date.now() + 1000).toISOString(), jobId)
                .run();
            }
            return d.batch(statements);
          };
        if (key === "withSession") return (...args: unknown[]) => wrap(d.withSession(...(args as [string])));
        const value = Reflect.get(obj, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
      },
    });
  return wrap(d1);
}

const reschedule = (job: Job, time: string, bindings?: Partial<Env>) =>
  contoso(bindings).post(`/v1/jobs/${job.id}/reschedule`, { reason: "availability", lines: [{ lineId: nth(job.lines, 0).id, time }] });

beforeEach(async () => {
  await giveFabrikamCredits(40);
  await contosoDeliversThere();
});
afterEach(resetSecondShard);

describe("a delivery copy written beside its job's write", () => {
  it("is the job at once after a confirm and a reschedule, its step run later changing nothing", async () => {
    const times = [at(300), at(301)];
    const job = await asks(fabrikam, times);
    const before = (await followSteps()).map((s) => s.id);
    const q = capturedQueue();
    expect((await confirm(job, times, q.bindings)).status).toBe(200);
    await copyIsJob(job.id);
    const moved = await reschedule(job, at(300, 11), q.bindings);
    expect(moved.status, await moved.clone().text()).toBe(200);
    await copyIsJob(job.id);
    expect(await startsOf(job.id)).toEqual([at(300, 11), at(301)].sort());
    // Each move kept its repair step in the copy's batch; run by the cron, they leave the move that completed, the second one.
    const steps = (await followSteps()).filter((s) => !before.includes(s.id));
    expect(steps).toHaveLength(2);
    await dueAndRun(
      null,
      steps.map((s) => s.id),
      env.SHARD_WEUR_1,
    );
    await copyIsJob(job.id);
    expect(await stored(second, job.id)).toMatchObject({ status: "confirmed", version: job.version + 2 });
    expect(await startsOf(job.id)).toEqual([at(300, 11), at(301)].sort());
  });

  it("follows a deny, a proposal and a cancel the same way: the job's write and the copy's side by side, the copy the job at once", async () => {
    const [one, two, three] = await Promise.all([asks(fabrikam, [at(360), at(361)]), asks(fabrikam, [at(362), at(363)]), asks(fabrikam, [at(364), at(365)])]);
    const moves: [Job, string, unknown][] = [
      [one, "deny", { reason: "availability" }],
      [two, "propose", { lines: two.lines.map((l, i) => ({ lineId: l.id, times: [at(366 + i)] })) }],
    ];
    expect((await confirm(three, [at(364), at(365)])).status).toBe(200);
    moves.push([three, "cancel", { reason: "duplicateBooking" }]);
    const before = (await followSteps()).length;
    for (const [job, move, body] of moves) {
      const res = await contoso(capturedQueue().bindings).post(`/v1/jobs/${job.id}/${move}`, body);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(d1Figures(res).depth, move).toBeLessThanOrEqual(3);
      await copyIsJob(job.id);
      expect(await claimsOf(job.id), move).toEqual([]);
    }
    // Each copy was written ahead (its batch kept its step), and was the job as the move's batch read it back: no rewrite after (no fourth level).
    expect((await followSteps()).length).toBe(before + 3);
  });

  it("is put back to the job when the job's write fails after it, and the claims the copy's batch gave back are taken again", async () => {
    const times = [at(310), at(311)];
    const job = await asks(fabrikam, times);
    const broken = { SHARD_FIRST: failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/) };
    expect((await confirm(job, times, broken)).status).toBe(500);
    expect(await stored(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
    await copyIsJob(job.id);
    expect(await claimsOf(job.id)).toEqual([]);

    expect((await confirm(job, times)).status).toBe(200);
    const failed = await reschedule(job, at(310, 11), { SHARD_FIRST: failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/) });
    expect(failed.status).toBe(500);
    expect(await stored(first, job.id)).toMatchObject({ status: "confirmed", version: job.version + 1 });
    await copyIsJob(job.id);
    // The old time, given back in the copy's batch, is the job's again; the new one is given back.
    expect(await startsOf(job.id)).toEqual(times);
  });

  it("is put back to the job when the job changed meanwhile (409), though the copy carried the same version", async () => {
    const times = [at(320), at(321)];
    const job = await asks(fabrikam, times);
    const res = await confirm(job, times, { SHARD_FIRST: rivalMovesFirst(env.SHARD_FIRST, job.id) });
    expect(res.status).toBe(409);
    expect(await stored(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version + 1 });
    await copyIsJob(job.id);
    expect(await claimsOf(job.id)).toEqual([]);
  });

  it("stopped between its two writes, is ahead of its job until the cron runs the step kept with it: then the job's again, its claims given back", async () => {
    const times = [at(330), at(331)];
    const job = await asks(fabrikam, times);
    const before = (await keptFor(env.SHARD_WEUR_1, null)).map((s) => s.id);
    const res = await stoppedAt("copyAhead", () => confirm(job, times, { SHARD_FIRST: failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/) }));
    expect(res.status).toBe(500);
    // Half done: the copy confirmed ahead of its job, the times claimed.
    expect(await stored(second, job.id)).toMatchObject({ status: "confirmed", version: job.version + 1 });
    expect(await stored(first, job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
    expect(await claimsOf(job.id)).toHaveLength(2);
    const kept = (await keptFor(env.SHARD_WEUR_1, null)).filter((s) => !before.includes(s.id));
    expect(kept.map((k) => k.kind).sort()).toEqual(["followJob", "releaseClaims"]);
    await dueAndRun(
      null,
      kept.map((k) => k.id),
      env.SHARD_WEUR_1,
    );
    await copyIsJob(job.id);
    expect(await claimsOf(job.id)).toEqual([]);
    // Whole again: the confirm goes through.
    expect((await confirm(job, times)).status).toBe(200);
    await copyIsJob(job.id);
  });

  it("a reschedule cut off after giving back its old time keeps that time when another job took it meanwhile: both claimed, the overlap in Contoso's trail", async () => {
    const times = [at(370), at(371)];
    const job = await asks(fabrikam, times);
    expect((await confirm(job, times)).status).toBe(200);
    const before = (await keptFor(env.SHARD_WEUR_1, null)).map((s) => s.id);
    // The copy's batch gives back the first session's time; the job's write never lands.
    await stoppedAt("copyAhead", () => reschedule(job, at(370, 11), { SHARD_FIRST: failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/) }));
    expect(await stored(first, job.id)).toMatchObject({ status: "confirmed", version: job.version + 1 });
    // Meanwhile a job of Contoso's own customer (on its own shard, where only the claims tell) takes the time the first session still has.
    const rival = await asks(harbour, [at(370), at(372)]);
    const taken = await confirm(rival, [at(370), at(372)]);
    expect(taken.status, await taken.clone().text()).toBe(200);
    const kept = (await keptFor(env.SHARD_WEUR_1, null)).filter((s) => !before.includes(s.id));
    // The claims' backfill finished long ago on every shard: only the step can give the session its claim again.
    for (const shard of ["first", "weur-1"])
      await database(env.DB)
        .insert(schema.sweepCursors)
        .values({ sweep: backfillCursor(shard), position: BACKFILL_DONE })
        .onConflictDoUpdate({ target: schema.sweepCursors.sweep, set: { position: BACKFILL_DONE } });
    await dueAndRun(
      null,
      kept.map((k) => k.id),
      env.SHARD_WEUR_1,
    );
    await copyIsJob(job.id);
    // The step's retake is refused by the rival's claim: the session keeps its time's claim beside it, and Contoso's own
    // trail says the two overlap, once.
    expect(await startsOf(job.id)).toEqual(times);
    expect(await startsOf(rival.id)).toEqual([at(370), at(372)]);
    const overlaps = await second.select().from(schema.auditEntries).where(eq(schema.auditEntries.code, "bookedSessionsOverlap"));
    expect(overlaps.map((e) => [e.accountId, e.subjectId].join(" "))).toEqual([[DEMO.contoso.id, nth(job.lines, 0).id].join(" ")]);
  });

  it("never undoes a move that completed: a repair read before it is refused, and the step run after it leaves it", async () => {
    const times = [at(340), at(341)];
    const job = await asks(fabrikam, times);
    const before = (await followSteps()).map((s) => s.id);
    await stoppedAt("copyAhead", () => confirm(job, times, { SHARD_FIRST: failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/) }));
    const [failed] = (await followSteps()).filter((s) => !before.includes(s.id));
    const [row] = await second.select().from(schema.flowSteps).where(eq(schema.flowSteps.id, failed!.id));
    const step = row!.message as unknown as FollowJobMessage;
    // The repair reads the job as it is before the confirm goes through (the job at its version, the copy ahead of it)...
    const [dir, jobShard, copyShard] = [database(env.DB), database(env.SHARD_FIRST), database(env.SHARD_WEUR_1)];
    const stale = await deliverySource(dir, jobShard, job.id, { copyOn: copyShard });
    expect(stale?.snapshot.job.version).toBe(job.version);
    // ...then the confirm goes through on the job (read there at its version), and the copy follows it at the same version.
    const res = await confirm(job, times);
    expect(res.status, await res.clone().text()).toBe(200);
    await copyIsJob(job.id);
    // The repair's write, from the job as it was read, no longer finds the copy it wrote ahead: refused, the move kept.
    await expect(batch(copyShard, followStatements(copyShard, stale!, step.ahead))).rejects.toThrow();
    await copyIsJob(job.id);
    // A reschedule since; the failed confirm's step, run now, leaves the job's latest move.
    const booked = await json<Job>(await contoso().get(`/v1/jobs/${job.id}`));
    expect((await reschedule(booked, at(340, 11))).status).toBe(200);
    await dueAndRun(null, [failed!.id], env.SHARD_WEUR_1);
    await copyIsJob(job.id);
    expect(await stored(second, job.id)).toMatchObject({ status: "confirmed", version: job.version + 2 });
    expect((await rowsOf(second, job.id)).lines.map((l) => l.scheduledAt).sort()).toEqual([at(340, 11), at(341)].sort());
  });

  it("of two reschedules at once, is the winner's", async () => {
    const times = [at(350), at(351)];
    const job = await asks(fabrikam, times);
    expect((await confirm(job, times)).status).toBe(200);
    const booked = await json<Job>(await contoso().get(`/v1/jobs/${job.id}`));
    const answers = await Promise.all([reschedule(booked, at(350, 11)), reschedule(booked, at(350, 14))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = nth(answers, 0).status === 200 ? at(350, 11) : at(350, 14);
    await copyIsJob(job.id);
    expect((await rowsOf(first, job.id)).lines.map((l) => l.scheduledAt).sort()).toEqual([won, at(351)].sort());
    expect(await startsOf(job.id)).toEqual([won, at(351)].sort());
  });
});
