/**
 * What the booking test files share: Fabrikam (Northwind's customer) books
 * Copilot Foundations; its admin and Northwind's admin act; credits are
 * granted up front and balances read from the credit lines.
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, expect } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { first } from "../present";
import { json } from "./helpers";

export const db = drizzle(env.DB, { schema });
export const FABRIKAM = DEMO.customers.fabrikam.id;
export const WORKOUT = DEMO.workouts.copilotFoundations;

/** Fabrikam's admin, acting for Fabrikam. */
export const customer = apiAs("customerAdmin", { accountId: FABRIKAM });
/** Northwind's admin, acting for Northwind. */
export const partner = apiAs("partnerAdmin", { accountId: DEMO.northwind.id });

/** The workout's sessions in their order. */
export const sessions = (workoutId = WORKOUT) =>
  db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, workoutId)).orderBy(schema.workoutSessions.sequence);

/** Fabrikam's booking request of every session of the workout, the i-th session at the times `timesOf(i)`: the answer. */
export async function requestTimes(timesOf: (i: number) => string[]): Promise<Response> {
  const s = await sessions();
  return customer.post("/v1/bookings", { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: timesOf(i) })) });
}

/** The same request, answered 201: the job. */
export async function requestedJob<T = any>(timesOf: (i: number) => string[]): Promise<T> {
  const res = await requestTimes(timesOf);
  expect(res.status).toBe(201);
  return json<T>(res);
}

/** A slot Northwind publishes for a session of the workout (answered 201): its id. */
export async function publishSlot(sessionId: string, startsAt: string, capacity: number): Promise<string> {
  const res = await partner.post("/v1/admin/slots", { workoutId: WORKOUT, sessionId, startsAt, capacity });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

/** An account's credit balance: the sum of its credit lines. */
export const balance = async (accountId = FABRIKAM) =>
  Number(
    first(
      await db
        .select({ t: sql<number>`coalesce(sum(quantity),0)` })
        .from(schema.creditLines)
        .where(eq(schema.creditLines.accountId, accountId)),
    ).t,
  );

/** A partner bonus of `quantity` credits for Fabrikam, now. */
export async function giveFabrikamCredits(quantity: number) {
  await db.insert(schema.creditLines).values({
    accountId: FABRIKAM,
    creditEntryId: DEMO.customers.fabrikam.creditEntryId,
    source: "partner",
    itemType: "bonus",
    updateType: "increase",
    quantity,
    enteredAt: new Date().toISOString(),
    context: "Test bonus",
  });
}

/** Before the file's tests: enough credits for every booking the file makes. */
export function grantFabrikamCredits(quantity: number) {
  beforeAll(() => giveFabrikamCredits(quantity));
}

/** A booking of the workout's two sessions into fresh slots of `seats` seats at `times`: the body to post. */
export async function slotsBooking(times: [string, string], seats: number) {
  const [first, second] = await sessions();
  const slotIds = [await publishSlot(first!.id, times[0], seats), await publishSlot(second!.id, times[1], seats)];
  return {
    workoutId: WORKOUT,
    mode: "slots" as const,
    sessions: [
      { sessionId: first!.id, slotId: slotIds[0] },
      { sessionId: second!.id, slotId: slotIds[1] },
    ],
  };
}
