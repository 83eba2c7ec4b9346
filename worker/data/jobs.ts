/**
 * Jobs and bookings as each side may touch them. Every function takes the
 * caller's scope (as a `JobOwner`) and applies its ownership filter itself:
 * a job of another tenant reads as absent (404, like a missing one).
 *
 * Round trips: a move reads the job, its lines, the addresses to mail and the
 * credit entry in ONE D1 batch, writes every effect (led by the job's
 * compare-and-set, its mail included) in ONE batch, and reads the job back in
 * ONE batch. A new booking is data/new-booking.ts; the writes of each move
 * are data/job-moves.ts and data/partner-moves.ts.
 */
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { JobDto } from "../../contract/bookings";
import { accounts, jobLines, jobs, slots, type Job, type SessionLocation } from "../../db/schema";
import type { LineChoice } from "../domain/booking-rules";
import type { JobEvent } from "../mail/job-mail";
import type { Db } from "../env";
import type { CustomerScope, PartnerScope } from "../http/endpoint";
import { conflict, notFound } from "../http/errors";
import { audit } from "./audit";
import { getJob, refuseFormerJob } from "./former-jobs";
import { loadJobWithMail, type AlsoRead } from "./job-move-read";
import { jobFromReads, oneJobReads, type Side } from "./job-store";
import { customerSide, distinctRecipients, jobMailRows, partnerSide, type JobSides, type MailPerson, type Recipient } from "./job-mail";
import type { OriginEnv } from "./mail-context";
import { CHANGED_MEANWHILE, jobBatchFailure, type Statements } from "./job-writes";
import { writeThenRead } from "./reusable";
import type { CalendarRows } from "./availability";
import { moveAuditEntries, type MoveAudit } from "./job-move-audit";
import { deliveryCopyOf } from "./delivery";
import type { Hold } from "./away-seats";
import type { TimeClaim } from "../domain/time-claims";

/**
 * Whose jobs a caller sees and how: the ownership filter, the side, and
 * whether it may act. `shard`: the job's shard when it is not the request's
 * (a delivering partner acting on the job behind its delivery copy; see
 * `onJobShard`), the shard the database a move reads and writes is.
 */
export type JobOwner = { side: Side; where: SQL; readOnly: boolean; accountId: string; userId: string; actor: MailPerson; shard?: string };

/**
 * The job's own shard, as the directory places the job's partner: the
 * database a delivering partner's move on a job of another shard reads and
 * writes (the job's compare-and-set there), with the owner acting there.
 */
export type JobShard = { name: string; db: Db };
export { getJob, refuseFormerJob };

export const onJobShard = (owner: JobOwner, shard: JobShard): JobOwner => ({ ...owner, shard: shard.name });

/** A customer sees its own bookings. */
export const customerJobs = (scope: CustomerScope): JobOwner => ({
  side: "customer",
  where: eq(jobs.accountId, scope.account.id),
  readOnly: false,
  accountId: scope.account.id,
  userId: scope.user.id,
  actor: scope.user,
});

/** A partner sees the jobs of its customers and the jobs it delivers; its members read them without acting. */
export const partnerJobs = (scope: PartnerScope): JobOwner => partnerJobsOf(scope.account.id, scope.user, scope.role === "member");

/** The same for the partner `accountId` and its user `user` (`readOnly`: a member), before its scope is checked (reads started beside the guard). */
export const partnerJobsOf = (accountId: string, user: MailPerson & { id: string }, readOnly: boolean): JobOwner => ({
  side: "partner",
  where: or(eq(jobs.partnerAccountId, accountId), eq(jobs.deliveryPartnerAccountId, accountId))!,
  readOnly,
  accountId,
  userId: user.id,
  actor: user,
});

/**
 * Not a delivery copy (worker/data/delivery.ts): the job's partner is on the
 * acting account's shard (or, acting on the job's shard, on that one). A
 * copy, on the delivering partner's shard, names a partner whose reference
 * row says another shard; it is read there, and moved only on the job's own
 * shard (404 on the copy, nothing written there).
 */
export const notDeliveryCopy = (owner: JobOwner) =>
  owner.shard === undefined
    ? sql`not ${deliveryCopyOf(owner.accountId)}`
    : sql`not exists (select 1 from ${accounts} p where p.id = ${jobs.partnerAccountId} and p.shard <> ${owner.shard})`;

/** A job as read before a move (the move's compare-and-set is on this version), with its mail addresses. */
export type MoveSubject = {
  job: Job;
  dto: JobDto;
  lines: JobDto["lines"];
  recipients: JobSides;
  creditEntryId: string | null;
  openSlots: (typeof slots.$inferSelect)[];
  /** The workout's default location (a session without its own happens there). */
  defaultLocation: SessionLocation | null;
  /** The delivery partner's schedule and booked sessions (this job's left out) in the window the move asked for. */
  calendars: CalendarRows;
  /** The shard the delivery partner's row names (null: none, or unplaced). */
  deliveryShard: string | null;
  /** The seats its lines hold on slots of the delivery partner's shard when it is another (./away-seats.ts). */
  holds: Hold[];
};

/** The owner's job for a move, in one round trip, or 404; 409 when the caller saw an older version (`seen`). */
export async function jobForMove(
  db: Db,
  env: OriginEnv,
  owner: JobOwner,
  id: string,
  seen?: number,
  window?: { busyFrom: string; busyTo: string },
  history: () => Promise<Db[]> = async () => [],
  also?: AlsoRead,
): Promise<MoveSubject> {
  const read = await loadJobWithMail(db, env, id, and(owner.where, notDeliveryCopy(owner))!, owner.side, owner.readOnly, owner.userId, window, also);
  if (!read) await refuseFormerJob(history, owner, id);
  if (!read) throw notFound("Booking not found");
  if (seen !== undefined && seen !== read.job.version) throw conflict(CHANGED_MEANWHILE);
  return { ...read, lines: read.dto.lines };
}

export type MoveMail = { event: JobEvent; reason?: string | null; comment?: string | null; only?: Set<string> };

/**
 * Who hears of a move, whichever side made it: the customer's side (the
 * booker and the attendees) and the partner's (the staff member who made it,
 * the instructors of the sessions it is about, and the primary address when
 * the customer made it); each address once.
 */
export function moveRecipients(owner: JobOwner, subject: MoveSubject, lines: JobDto["lines"]): Recipient[] {
  const partnerActed = owner.side === "partner";
  return distinctRecipients([
    ...customerSide(subject.recipients),
    ...partnerSide(subject.recipients, { actor: partnerActed ? owner.actor : null, lines, primary: !partnerActed }),
  ]);
}

/**
 * Commits a move: its statements (led by the job's compare-and-set) and the
 * mail about it (`moveRecipients`), written from the job as it will read
 * after the move, in ONE batch; then reads the job back (one batch). `only`
 * limits the mail to the lines the move changed. The mail's calendar files
 * carry the job's version after the move as their SEQUENCE; their bodies go to
 * `bucket` before the batch. Answers the job and the outbox ids to hand to the
 * queue.
 */
/** A move as the statement builders answer it: its writes, the job as it will read after them, and the partner's buffer its claims keep (./time-claims.ts). */
export type Move = {
  statements: Statements;
  after: JobDto;
  seats?: { take: Hold[]; release: Hold[] };
  bufferMinutes?: number;
  /** Claims already taken for it beside the job's read on the delivery partner's shard (./early-claims.ts): not taken again, given back if its write fails. */
  taken?: TimeClaim[];
  /** What its statements write on the job's row and lines, the same values: a delivery copy is written from it beside the job's write (./copy-ahead.ts). */
  rows?: MoveRows;
};

/**
 * A move's writes on its job's row (`job`, the version raised besides) and
 * lines (`lines`, by id), and the lines whose action items' due dates it
 * recomputes from their new start (`due`), as its statements write them.
 */
export type MoveRows = {
  job: Partial<Job>;
  lines: Map<string, Partial<typeof jobLines.$inferSelect>>;
  due: Map<string, { scheduledAt: string | null; lengthMinutes: number }>;
};

export async function commitMove<R extends readonly BatchItem<"sqlite">[] = []>(
  db: Db,
  bucket: R2Bucket,
  owner: JobOwner,
  subject: MoveSubject,
  { statements, after }: Move,
  mail: MoveMail,
  record?: MoveAudit,
  also?: R,
) {
  const shown = mail.only ? { ...after, lines: after.lines.filter((l) => mail.only!.has(l.id)) } : after;
  const to = moveRecipients(owner, subject, shown.lines);
  const rows = await jobMailRows(db, bucket, to, mail.event, shown, {
    sequence: subject.job.version + 1,
    reason: mail.reason,
    comment: mail.comment,
    actor: owner.side,
  });
  const entries = record ? audit([], ...moveAuditEntries(owner, subject, after, record)) : [];
  const { dto, also: read } = await writeMove(db, owner, subject, [...statements, ...entries, ...rows.statements], also);
  return { dto, mailIds: rows.ids, also: read as BatchResponse<R> | undefined };
}

/**
 * The writes of a move (its mail included) and the job read back after them:
 * one batch, one round trip. `also`: more reads of the job's shard after the
 * writes in the same batch (what a delivery copy is rewritten from).
 */
async function writeMove(db: Db, owner: JobOwner, subject: MoveSubject, statements: Statements, also: readonly BatchItem<"sqlite">[] = []) {
  const job = oneJobReads(db, subject.job.id, owner.where, owner.side);
  const reads = await writeThenRead(db, statements, [...job, ...also]).catch((err: unknown) => {
    throw jobBatchFailure(err, "Not enough credits to book this workout.");
  });
  const dto = jobFromReads(reads.slice(0, job.length) as unknown as BatchResponse<typeof job>, owner.side, owner.readOnly, owner.userId)!;
  return { dto, also: also.length ? reads.slice(job.length) : undefined };
}

/** A notice of a change of places or people: the people it concerns, the event, and the sessions it is about (all when absent). */
export type Notice = { to: Recipient[]; event: JobEvent; lines?: Set<string> };

/**
 * Commits a change of places or people with its notices (each recipient in
 * their own language, zone and side's branding, with the calendar file that
 * adds or removes the sessions concerned) in the change's own batch, and
 * reads the job back. Answers the job and the outbox ids to hand to the queue.
 */
export async function commitWithNotices(db: Db, bucket: R2Bucket, owner: JobOwner, subject: MoveSubject, { statements, after }: Move, notices: Notice[]) {
  const mail = await Promise.all(
    notices
      .filter((n) => n.to.length)
      .map((n) =>
        jobMailRows(db, bucket, n.to, n.event, n.lines ? { ...after, lines: after.lines.filter((l) => n.lines!.has(l.id)) } : after, {
          sequence: subject.job.version + 1,
          actor: owner.side,
        }),
      ),
  );
  const { dto } = await writeMove(db, owner, subject, [...statements, ...mail.flatMap((m) => m.statements)]);
  return { dto, mailIds: mail.flatMap((m) => m.ids) };
}

/** What a session's line is booked with (the rules are in worker/domain/booking-rules.ts). */
export type { LineChoice };
