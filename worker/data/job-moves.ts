import { eq } from "drizzle-orm";
import type { JobDto } from "../../contract/bookings";
import type { JobStatus } from "../../contract/enums";
import { jobLines } from "../../db/schema";
import type { LineChoice } from "../domain/booking-rules";
import { applyActions, completionActions, lineStatusFor, nextStatus } from "../domain/jobs";
import type { Db } from "../env";
import { conflict, notFound } from "../http/errors";
import { audit, jobMoveAudit, type AuditWrite } from "./audit";
import { holdsOf } from "./away-seats";
import { inList } from "./bound";
import { dueDates, freeSeat, moveJob, returnCredits, scheduleLines, type Statements } from "./job-writes";
import { projectJob } from "./job-store";
import type { JobOwner, Move, MoveRows, MoveSubject } from "./jobs";

/**
 * The writes of the moves on a job that are not a partner's alone (a
 * partner's own are in ./partner-moves.ts): cancelling, confirming or
 * accepting times, scheduling, and completing sessions. Each is a list of
 * statements led by the job's compare-and-set, and the job as it will read.
 */

/** Cancelling (with a reason) from any state but completed; before the first session the credits come back and the seats are freed. */
export function cancelStatements(db: Db, owner: JobOwner, s: MoveSubject, reason: string, comment: string | undefined): Move {
  const { job, lines } = s;
  if (!nextStatus(job.status, "cancel")) throw conflict(`A booking that is ${job.status} cannot be cancelled`);
  const now = Date.now();
  const started = lines.some((l) => l.status === "completed" || l.status === "inProgress" || (l.scheduledAt && Date.parse(l.scheduledAt) <= now));
  const entryId = !started && job.creditsConsumed > 0 ? s.creditEntryId : null;
  const updatedAt = new Date().toISOString();
  const set = { cancelReason: reason as never, cancelComment: comment ?? null, cancelledAt: updatedAt, updatedAt, ...(entryId ? { creditsConsumed: 0 } : {}) };
  const statements: Statements = [...moveJob(db, job, "cancelled", set)];
  const open = lines.filter((l) => l.status !== "completed").map((l) => l.id);
  for (const l of lines) if (l.slotId && l.status !== "completed") statements.push(...freeSeat(l.slotId));
  if (entryId) statements.push(...returnCredits(db, job, entryId, owner.userId, s.dto.workout.title ?? s.dto.workout.name));
  // Seats held on the delivery partner's shard are given back there once the cancellation is written.
  return {
    statements,
    after: projectJob(s.dto, "cancelled"),
    seats: { take: [], release: holdsOf(s.holds, open) },
    rows: { job: { status: "cancelled", ...set }, lines: new Map(), due: new Map() },
  };
}

/**
 * Confirms a request (the partner) or accepts a counter-proposal (the
 * customer, `accept`, with its audit entry): the chosen proposed time of every
 * line waiting becomes its booked time.
 */
export function confirmStatements(
  db: Db,
  s: MoveSubject,
  times: Map<string, string>,
  accept?: { userId: string },
): { statements: Statements; after: JobDto; to: JobStatus; rows: MoveRows } {
  const to = nextStatus(s.job.status, accept ? "acceptProposal" : "confirm");
  if (!to) throw conflict(`A job that is ${s.job.status} cannot be confirmed`);
  const updatedAt = new Date().toISOString();
  const rows: MoveRows = { job: { status: to, updatedAt }, lines: new Map(), due: new Map() };
  const statements: Statements = [...moveJob(db, s.job, to, { updatedAt })];
  if (accept) statements.push(jobMoveAudit(s.job, "bookingProposalAccepted", accept.userId, to, { times: Object.fromEntries(times) }));
  for (const line of s.lines) {
    const time = times.get(line.id) ?? line.scheduledAt!;
    const set = { status: "confirmed", scheduledAt: time, updatedAt } as const;
    rows.lines.set(line.id, set);
    if (times.has(line.id)) rows.due.set(line.id, { scheduledAt: time, lengthMinutes: line.lengthMinutes });
    statements.push(db.update(jobLines).set(set).where(eq(jobLines.id, line.id)), ...(times.has(line.id) ? dueDates(line, time) : []));
  }
  const after = projectJob(s.dto, to, (l) => ({ status: "confirmed", scheduledAt: times.get(l.id) ?? l.scheduledAt }));
  return { statements, after, to, rows };
}

/**
 * The customer schedules (from To Be Booked: every session) or reschedules
 * (from Booked: the sessions chosen, with a reason). By request the job waits
 * for the partner's confirmation of the moved sessions; the others keep
 * their booked time.
 */
export function scheduleStatements(
  db: Db,
  s: MoveSubject,
  to: JobStatus,
  choice: Map<string, LineChoice>,
  reschedule: { reason: string; comment?: string } | null,
  deliveryPartnerId: string | null,
  answeredBy?: string,
): Move {
  const statements: Statements = [
    ...moveJob(db, s.job, to, deliveryPartnerId ? { deliveryPartnerAccountId: deliveryPartnerId } : {}),
    ...scheduleLines(db, to, s.lines, choice),
  ];
  // Answering a counter-proposal with other times is a step of the negotiation: audited with the move.
  if (s.job.status === "timesProposed" && answeredBy)
    statements.push(
      jobMoveAudit(s.job, "bookingTimesRequestedAgain", answeredBy, to, {
        times: Object.fromEntries(s.lines.filter((l) => choice.has(l.sessionId)).map((l) => [l.id, choice.get(l.sessionId)!.times ?? []])),
      }),
    );
  if (reschedule) {
    const moved = s.lines.filter((l) => choice.has(l.sessionId)).map((l) => l.id);
    statements.push(
      db
        .update(jobLines)
        .set({ rescheduleReason: reschedule.reason as never, rescheduleComment: reschedule.comment ?? null })
        .where(inList(jobLines.id, moved)),
    );
  }
  const after = projectJob(s.dto, to, (l) => {
    const ch = choice.get(l.sessionId);
    return ch
      ? { status: lineStatusFor(to, l.status), scheduledAt: ch.slot?.startsAt ?? null, slotId: ch.slot?.id ?? null, requestedTimes: ch.times ?? [] }
      : {};
  });
  // A slot on the delivery partner's shard is held there before the move is written; the seats of the lines moved are given back after.
  const moved = s.lines.filter((l) => choice.has(l.sessionId));
  const take = moved.flatMap((l) => {
    const slot = choice.get(l.sessionId)!.slot;
    return slot?.holdId ? [{ id: slot.holdId, slotId: slot.id, jobId: s.job.id, lineId: l.id }] : [];
  });
  return {
    statements,
    after,
    seats: {
      take,
      release: holdsOf(
        s.holds,
        moved.map((l) => l.id),
      ),
    },
  };
}

/**
 * Completes lines: the job goes In Progress with the first and Completed with
 * the last, writing the audit entries. A line is completed only once its
 * session has started (`notStarted` says which has not).
 */
export function completeStatements(
  db: Db,
  owner: JobOwner,
  s: MoveSubject,
  lineIds: string[] | "all",
  notStarted: (lines: JobDto["lines"]) => string | null,
): { statements: Statements; after: JobDto; to: JobStatus } {
  const { job, lines } = s;
  const open = lines.filter((l) => l.status !== "completed");
  const targets = lineIds === "all" ? open : open.filter((l) => lineIds.includes(l.id));
  if (lineIds !== "all" && !lines.some((l) => lineIds.includes(l.id))) throw notFound("Session not found");
  if (!targets.length) throw conflict("That session is already completed");
  const actions = completionActions(job.status, open.length - targets.length);
  const to = actions ? applyActions(job.status, actions) : null;
  if (!actions || !to) throw conflict(`A job that is ${job.status} cannot be completed`);
  const why = notStarted(targets);
  if (why) throw conflict(why);
  const now = new Date().toISOString();
  const statements: Statements = [...moveJob(db, job, to, to === "completed" ? { completedAt: now } : {})];
  statements.push(
    db
      .update(jobLines)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(
        inList(
          jobLines.id,
          targets.map((l) => l.id),
        ),
      ),
  );
  if (to === "inProgress") {
    const rest = open.filter((l) => !targets.includes(l));
    if (rest.length)
      statements.push(
        db
          .update(jobLines)
          .set({ status: "inProgress" })
          .where(
            inList(
              jobLines.id,
              rest.map((l) => l.id),
            ),
          ),
      );
  }
  // The completion's own entries (the caller records no others for it).
  audit(
    statements,
    ...targets.map((line): AuditWrite => ({
      accountId: job.accountId,
      code: "workoutSessionJobLineCompleted",
      subjectType: "jobLine",
      subjectId: line.id,
      userId: owner.userId,
      data: { jobId: job.id },
      change: { kind: "status", from: line.status, to: "completed" },
    })),
  );
  if (to === "completed")
    audit(statements, {
      accountId: job.accountId,
      code: "workoutJobCompleted",
      subjectType: "job",
      subjectId: job.id,
      userId: owner.userId,
      data: { workoutId: job.workoutId },
      change: { kind: "status", from: job.status, to },
    });
  const done = new Set(targets.map((l) => l.id));
  const after = projectJob(s.dto, to, (l) =>
    done.has(l.id) ? { status: "completed", completedAt: now } : l.status === "completed" ? {} : { status: to === "inProgress" ? "inProgress" : l.status },
  );
  return { statements, after, to };
}
