/**
 * The partner's answers to a job other than confirming or completing it:
 * denying a request, proposing other times, moving booked sessions. Each
 * answers its writes and the job as it will read after them, for
 * `commitMove` (./jobs.ts) to write in one batch.
 */
import { eq } from "drizzle-orm";
import { jobLines } from "../../db/schema";
import { nextStatus } from "../domain/jobs";
import type { Db } from "../env";
import { conflict } from "../http/errors";
import { jobMoveAudit } from "./audit";
import { projectJob } from "./job-store";
import { dueDates, freeSeat, moveJob, type Statements } from "./job-writes";
import type { JobOwner, Move, MoveRows, MoveSubject } from "./jobs";
import { holdsOf } from "./away-seats";

/** Denies a request (reason): the lines go back to To Be Booked, their proposed times cleared and the seats they held given back. */
export function denyStatements(db: Db, s: MoveSubject, reason: string, comment: string | undefined): Move {
  const to = nextStatus(s.job.status, "deny");
  if (!to) throw conflict(`A job that is ${s.job.status} cannot be denied`);
  const updatedAt = new Date().toISOString();
  const set = {
    status: "awaitingScheduling" as const,
    requestedTimes: [] as string[],
    rescheduleReason: reason as never,
    rescheduleComment: comment ?? null,
    slotId: null,
    awaySlotId: null,
    awayHoldId: null,
    updatedAt,
  };
  const statements: Statements = [
    ...moveJob(db, s.job, to, { updatedAt }),
    db.update(jobLines).set(set).where(eq(jobLines.jobId, s.job.id)),
    // The sessions go back to be scheduled: the seats they held are given back (on this shard here, on the delivery partner's after the write).
    ...s.lines.flatMap((l) => (l.slotId && l.status !== "completed" ? freeSeat(l.slotId) : [])),
  ];
  return {
    rows: { job: { status: to, updatedAt }, lines: new Map(s.lines.map((l) => [l.id, set])), due: new Map() },
    statements,
    after: projectJob(s.dto, to, () => ({ status: "awaitingScheduling", requestedTimes: [], slotId: null })),
    seats: { take: [], release: s.holds },
  };
}

/**
 * The partner proposes other times instead of confirming or denying: each
 * waiting line's proposed times become the partner's, for the customer to
 * accept one or propose again; the audit entry (who, from → to, the times)
 * goes in the same batch.
 */
export function proposeStatements(db: Db, owner: JobOwner, s: MoveSubject, times: Map<string, string[]>): Move {
  const to = nextStatus(s.job.status, "proposeTimes");
  if (!to) throw conflict(`A job that is ${s.job.status} cannot get other times proposed`);
  const updatedAt = new Date().toISOString();
  const rows: MoveRows = { job: { status: to, updatedAt }, lines: new Map(), due: new Map() };
  const statements: Statements = [
    ...moveJob(db, s.job, to, { updatedAt }),
    jobMoveAudit(s.job, "bookingTimesProposed", owner.userId, to, { times: Object.fromEntries(times) }),
  ];
  for (const [lineId, proposed] of times) {
    const set = { status: "timesProposed", requestedTimes: proposed, updatedAt } as const;
    rows.lines.set(lineId, set);
    statements.push(db.update(jobLines).set(set).where(eq(jobLines.id, lineId)));
  }
  return { statements, rows, after: projectJob(s.dto, to, (l) => (times.has(l.id) ? { status: "timesProposed", requestedTimes: times.get(l.id)! } : {})) };
}

/** The partner moves booked sessions (some or all) to new times (reason); the job stays Booked and a seat held on a slot is given back. */
export function partnerRescheduleStatements(db: Db, s: MoveSubject, times: Map<string, string>, reason: string, comment: string | undefined): Move {
  const to = nextStatus(s.job.status, "rescheduleSlots");
  if (!to) throw conflict(`A job that is ${s.job.status} cannot be rescheduled`);
  const updatedAt = new Date().toISOString();
  const rows: MoveRows = { job: { status: to, updatedAt }, lines: new Map(), due: new Map() };
  const statements: Statements = [...moveJob(db, s.job, to, { updatedAt })];
  for (const line of s.lines) {
    const time = times.get(line.id);
    if (!time) continue;
    const set = {
      scheduledAt: time,
      slotId: null,
      awaySlotId: null,
      awayHoldId: null,
      rescheduleReason: reason as never,
      rescheduleComment: comment ?? null,
      updatedAt,
    };
    rows.lines.set(line.id, set);
    rows.due.set(line.id, { scheduledAt: time, lengthMinutes: line.lengthMinutes });
    statements.push(db.update(jobLines).set(set).where(eq(jobLines.id, line.id)), ...(line.slotId ? freeSeat(line.slotId) : []), ...dueDates(line, time));
  }
  return {
    rows,
    statements,
    after: projectJob(s.dto, to, (l) => (times.has(l.id) ? { scheduledAt: times.get(l.id)!, slotId: null } : {})),
    seats: { take: [], release: holdsOf(s.holds, times.keys()) },
  };
}
