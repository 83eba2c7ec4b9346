/**
 * "Add to calendar" for one booked session: the calendar file of a job line,
 * for the customer that booked it or a partner that sees the job, with the
 * same UID and the job's current version as SEQUENCE as the mails carry, so
 * adding it after a mail (or a mail after it) keeps one event.
 */
import { DEFAULT_STYLING } from "../../contract/styling";
import { and, eq, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accounts, jobLines, jobs, workoutSessions, workouts } from "../../db/schema";
import type { Db } from "../env";
import type { Acting } from "../identity/context";
import { conflict, notFound } from "../http/errors";
import { sessionCalendar } from "../mail/calendar";
import { jobLink } from "./job-mail";
import { partnerMails, type OriginEnv } from "./mail-context";

const customer = alias(accounts, "customer_acc");

export type CalendarSide = "customer" | "partner";

/** Which jobs a side may read: the customer's own; a partner's customers' and those it delivers. */
function visible(scope: Acting, side: CalendarSide): SQL {
  return side === "customer"
    ? eq(jobs.accountId, scope.account.id)
    : or(eq(jobs.partnerAccountId, scope.account.id), eq(jobs.deliveryPartnerAccountId, scope.account.id))!;
}

/** The .ics of one session line: 404 when the job is not this side's (or absent), 409 when it has no booked time. */
export async function lineCalendar(
  db: Db,
  env: OriginEnv,
  scope: Acting,
  side: CalendarSide,
  jobId: string,
  lineId: string,
): Promise<{ filename: string; content: string }> {
  const [row] = await db
    .select({
      jobStatus: jobs.status,
      version: jobs.version,
      partnerAccountId: jobs.partnerAccountId,
      scheduledAt: jobLines.scheduledAt,
      lengthMinutes: workoutSessions.lengthMinutes,
      sessionName: workoutSessions.name,
      workoutName: workouts.name,
      workoutTitle: workouts.title,
      customerName: customer.name,
      location: jobLines.location,
      defaultLocation: workouts.defaultLocation,
    })
    .from(jobLines)
    .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
    .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .innerJoin(customer, eq(customer.id, jobs.accountId))
    .where(and(eq(jobLines.id, lineId), eq(jobs.id, jobId), visible(scope, side)))
    .limit(1);
  if (!row) throw notFound("Session not found");
  if (!row.scheduledAt || row.jobStatus === "cancelled") throw conflict("This session has no booked time");
  // The customer's file speaks for its partner; a partner's for itself.
  const brandId = side === "customer" ? row.partnerAccountId : scope.account.id;
  const brand = (await partnerMails(db, env, [brandId])).get(brandId)?.brand;
  const workoutName = row.workoutTitle ?? row.workoutName;
  const content = sessionCalendar(
    {
      platformName: brand?.platformName ?? DEFAULT_STYLING.platformName,
      workoutName,
      customerName: row.customerName,
      link: jobLink(brand?.origin ?? new URL(env.MAIN_ORIGIN).origin, side, jobId),
      sequence: row.version,
      sessions: [
        { lineId, name: row.sessionName, scheduledAt: row.scheduledAt, lengthMinutes: row.lengthMinutes, location: row.location ?? row.defaultLocation },
      ],
    },
    "publish",
  )!;
  const slug =
    `${workoutName}-${row.sessionName}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "session";
  return { filename: `${slug}.ics`, content };
}
