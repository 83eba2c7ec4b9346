import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { FABRIKAM, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, contosoDeliversThere as deliversThere, first, runFlows, second } from "./flows-setup";
import { json } from "./helpers";

/**
 * Contoso (weur-1) delivers Northwind's Copilot Foundations, asked for by
 * Fabrikam (Northwind's customer, its job on the first shard) and by Harbour
 * (Contoso's own customer, its job on weur-1): the parties and steps of the
 * delivering partner's time claims' tests. Every time booked holds a claim on
 * weur-1 (`time_claims`).
 */
export const HARBOUR = DEMO.customers.harbour.id;
export const contoso = (bindings?: Partial<Env>) => apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id, bindings });
export const fabrikam = (bindings?: Partial<Env>) => apiAs("customerAdmin", { accountId: FABRIKAM, bindings });
export const harbour = (bindings?: Partial<Env>) => apiAs("otherCustomerAdmin", { accountId: HARBOUR, bindings });
export const at = (d: number, h = 9) => new Date(Date.UTC(2031, 8, 1 + d, h)).toISOString();
export type Line = { id: string; sessionId: string; requestedTimes: string[]; scheduledAt: string | null };
export type Job = { id: string; version: number; status: string; lines: Line[] };

let theSessions: Promise<Awaited<ReturnType<typeof sessions>>> | undefined;
/** The workout's sessions, read once (their ids stay when Northwind moves to another shard). */
export const sessionsOnce = () => (theSessions ??= sessions().then((rows) => rows));

/** Contoso delivers the workout, and its shard's copy says so (flows-setup.ts). */
export const contosoDeliversThere = () => deliversThere(WORKOUT);

/** Runs what a request sent to the flow queue: the delivery copies follow the jobs. */
export async function sent(send: (q: ReturnType<typeof capturedQueue>) => Promise<Response>): Promise<Response> {
  const q = capturedQueue();
  const res = await send(q);
  await runFlows(q.sent);
  return res;
}

/** `who` asks Contoso for the two sessions at `times` (201); the delivery copy of a Fabrikam job is written on weur-1. */
export async function asks(who: typeof fabrikam, times: string[]): Promise<Job> {
  const s = await sessionsOnce();
  const res = await sent((q) =>
    who(q.bindings).post("/v1/bookings", { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [times[i]] })) }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Job>(res);
}

export const confirmBody = (job: Job, times: string[]) => ({ lines: job.lines.map((l, i) => ({ lineId: l.id, time: times[i] })) });
export const confirm = (job: Job, times: string[], bindings?: Partial<Env>) => contoso(bindings).post(`/v1/jobs/${job.id}/confirm`, confirmBody(job, times));

/** A job as its own shard holds it. */
export const stored = async (db: typeof first, id: string) => (await db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0]!;
/** Contoso's claims on its shard, by job. */
export const claimsOf = (jobId: string) => second.select().from(schema.timeClaims).where(eq(schema.timeClaims.jobId, jobId));

/** Contoso publishes a time of the workout's `i`-th session at `startsAt` (4 seats); answers its id. */
export async function slotAt(i: number, startsAt: string): Promise<string> {
  const s = await sessionsOnce();
  const res = await contoso().post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: s[i]!.id, startsAt, capacity: 4 });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

/** A booking into the published times `ids`, one per session in order. */
export async function slotsBody(ids: string[]) {
  const s = await sessionsOnce();
  return { workoutId: WORKOUT, mode: "slots", sessions: ids.map((slotId, i) => ({ sessionId: s[i]!.id, slotId })) };
}
