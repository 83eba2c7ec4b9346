/**
 * Places and people on a job: where each session happens, who attends (the
 * customer's members, at most the seats booked), who instructs (a member of
 * the delivery partner) and who was there. Every change is a move on the
 * job's version (data/job-writes.ts `moveJob`, so a change from a stale
 * screen is refused and calendar files' SEQUENCE rises) with its audit entry
 * (who, from → to) in the same batch.
 */
import { and, asc, eq, gte, inArray, lte, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { JobDto } from "../../contract/bookings";
import type { JobPerson, SessionLocation, UpcomingSession } from "../../contract/job-people";
import { MESSAGES } from "../../contract/messages";
import type { AuditCode } from "../../contract/enums";
import { accountUsers, accounts, auditEntries, jobAttendance, jobAttendees, jobLines, jobs, users, workoutSessions, workouts } from "../../db/schema";
import type { Db } from "../env";
import type { Acting } from "../identity/context";
import { conflict, invalid, notFound } from "../http/errors";
import { inList } from "./bound";
import { personName, projectJob, type Side } from "./job-store";
import { moveRecipients, type JobOwner, type Move, type MoveSubject, type Notice } from "./jobs";
import { asRecipients } from "./job-mail";
import { moveJob, type Statements } from "./job-writes";
import { visibleJobs } from "./jobs-search";

/** A member as a job names them, with what their mail needs. */
export type AttendeeRow = { id: string; email: string; firstName: string | null; lastName: string | null; language: string; timeZone: string | null };

export const attendeePerson = (a: AttendeeRow): JobPerson => ({ id: a.id, name: personName(a), email: a.email });

/** The active members of `accountId`, all or those among `userIds`, by name. */
export async function membersOf(db: Db, accountId: string, userIds?: string[]): Promise<AttendeeRow[]> {
  if (userIds && !userIds.length) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language, timeZone: users.timeZone })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.status, "active"), userIds ? inList(accountUsers.userId, userIds) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(500);
}

/**
 * The attendees named, checked: each an active member of the customer's
 * organisation (400 on each one that is not, `field.i`), at most `seats`
 * (400 on `field`). In the order given.
 */
export async function checkedAttendees(db: Db, accountId: string, userIds: string[], seats: number, field: string): Promise<AttendeeRow[]> {
  const fields: Record<string, string> = {};
  if (userIds.length > seats) fields[field] = MESSAGES.moreAttendeesThanSeats;
  const rows = await membersOf(db, accountId, userIds);
  userIds.forEach((id, i) => {
    if (!rows.some((r) => r.id === id)) fields[`${field}.${i}`] = MESSAGES.notOrganizationMember;
  });
  if (Object.keys(fields).length) throw invalid(fields, "Check the attendees");
  return userIds.map((id) => rows.find((r) => r.id === id)!);
}

/** An active member of the partner account, as an instructor; 400 on `userId` otherwise. */
export async function checkedInstructor(db: Db, partnerAccountId: string, userId: string): Promise<AttendeeRow> {
  const [row] = await membersOf(db, partnerAccountId, [userId]);
  if (!row) throw invalid({ userId: MESSAGES.notTeamMember }, "Check the instructor");
  return row;
}

/** One audit entry of a change on a job or a session: who (`userId`), what, from → to. */
export function auditChange(
  db: Db,
  accountId: string,
  code: AuditCode,
  subject: { type: "job" | "jobLine"; id: string },
  userId: string,
  from: unknown,
  to: unknown,
  extra: Record<string, unknown> = {},
) {
  return db.insert(auditEntries).values({ accountId, code, subjectType: subject.type, subjectId: subject.id, userId, data: { ...extra, from, to } });
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The attendee rows of a job (replacing `before`), and the audit entry when the list changed. */
export function attendeeInserts(db: Db, accountId: string, jobId: string, before: string[], after: AttendeeRow[], userId: string): Statements {
  const out: Statements = after.map((a) => db.insert(jobAttendees).values({ accountId, jobId, userId: a.id }));
  const ids = after.map((a) => a.id);
  if (!sameIds(before, ids)) out.push(auditChange(db, accountId, "jobAttendeesChanged", { type: "job", id: jobId }, userId, before, ids));
  return out;
}

/** A job whose people and places may still change: neither completed nor cancelled (409 otherwise). */
function requireOpen(s: MoveSubject, what: string) {
  if (s.job.status === "completed" || s.job.status === "cancelled") throw conflict(`The ${what} of a booking that is ${s.job.status} cannot change`);
}

/** The session `lineId` of the job (404 otherwise), still open (409 when completed). */
function openLine(s: MoveSubject, lineId: string) {
  const line = s.lines.find((l) => l.id === lineId);
  if (!line) throw notFound("Session not found");
  if (line.status === "completed") throw conflict("That session is already completed");
  return line;
}

/** The customer names the booking's attendees (the whole list). */
export function attendeesStatements(db: Db, s: MoveSubject, after: AttendeeRow[], userId: string): Move {
  requireOpen(s, "attendees");
  const before = s.dto.attendees.map((a) => a.id);
  const statements: Statements = [
    ...moveJob(db, s.job, s.job.status),
    db.delete(jobAttendees).where(eq(jobAttendees.jobId, s.job.id)),
    ...attendeeInserts(db, s.job.accountId, s.job.id, before, after, userId),
  ];
  return { statements, after: { ...projectJob(s.dto, s.job.status), attendees: after.map(attendeePerson) } };
}

/** The partner assigns the job's instructor, or one session's (`lineId`); null unassigns. */
export function instructorStatements(db: Db, s: MoveSubject, lineId: string | undefined, person: AttendeeRow | null, userId: string): Move {
  requireOpen(s, "instructor");
  const to = person ? attendeePerson(person) : null;
  const now = new Date().toISOString();
  if (lineId) {
    const line = openLine(s, lineId);
    const statements: Statements = [
      ...moveJob(db, s.job, s.job.status),
      db
        .update(jobLines)
        .set({ instructorUserId: to?.id ?? null, updatedAt: now })
        .where(eq(jobLines.id, line.id)),
      auditChange(db, s.job.accountId, "jobInstructorChanged", { type: "jobLine", id: line.id }, userId, line.instructor?.id ?? null, to?.id ?? null, {
        jobId: s.job.id,
      }),
    ];
    return { statements, after: projectJob(s.dto, s.job.status, (l) => (l.id === line.id ? { instructor: to ?? s.dto.instructor } : {})) };
  }
  const statements: Statements = [
    ...moveJob(db, s.job, s.job.status, { instructorUserId: to?.id ?? null }),
    auditChange(db, s.job.accountId, "jobInstructorChanged", { type: "job", id: s.job.id }, userId, s.dto.instructor?.id ?? null, to?.id ?? null),
  ];
  const before = s.dto.instructor?.id ?? null;
  // Sessions that followed the job's instructor (none: no instructor at all) follow the new one.
  const after = projectJob(s.dto, s.job.status, (l) => ((l.instructor?.id ?? null) === before ? { instructor: to } : {}));
  return { statements, after: { ...after, instructor: to } };
}

/**
 * The writes that set where one session happens (`lineId`) or every open
 * one, with an audit entry per session; null goes back to the workout's
 * default (`fallback`). For a move's batch (the caller leads with the move).
 */
export function locationWrites(
  db: Db,
  s: MoveSubject,
  lineId: string | undefined,
  location: SessionLocation | null,
  userId: string,
): { statements: Statements; project: (l: JobDto["lines"][number]) => Partial<JobDto["lines"][number]> } {
  requireOpen(s, "location");
  const targets = lineId ? [openLine(s, lineId)] : s.lines.filter((l) => l.status !== "completed");
  if (!targets.length) throw conflict("Every session of this booking is completed");
  const to = location ?? s.defaultLocation;
  const statements: Statements = [
    db
      .update(jobLines)
      .set({ location, updatedAt: new Date().toISOString() })
      .where(
        inList(
          jobLines.id,
          targets.map((l) => l.id),
        ),
      ),
    ...targets.map((l) => auditChange(db, s.job.accountId, "jobLocationChanged", { type: "jobLine", id: l.id }, userId, l.location, to, { jobId: s.job.id })),
  ];
  const changed = new Set(targets.map((l) => l.id));
  return { statements, project: (l) => (changed.has(l.id) ? { location: to } : {}) };
}

/** The partner sets where one session happens (`lineId`) or every open one, as a move of its own. */
export function locationStatements(db: Db, s: MoveSubject, lineId: string | undefined, location: SessionLocation | null, userId: string): Move {
  const writes = locationWrites(db, s, lineId, location, userId);
  return { statements: [...moveJob(db, s.job, s.job.status), ...writes.statements], after: projectJob(s.dto, s.job.status, writes.project) };
}

export type AttendanceMark = { userId: string; present: boolean };

/**
 * Who was at the sessions being completed: each mark names an attendee of
 * the booking (400 on `attendance.i.userId` otherwise); stored per session,
 * replacing an earlier mark, with an audit entry per session whose
 * attendance changed (its marks before → after; marks equal to the stored
 * ones write none).
 */
export function attendanceStatements(db: Db, s: MoveSubject, lines: JobDto["lines"], marks: AttendanceMark[], userId: string): Statements {
  const fields: Record<string, string> = {};
  marks.forEach((m, i) => {
    if (!s.dto.attendees.some((a) => a.id === m.userId)) fields[`attendance.${i}.userId`] = MESSAGES.notAnAttendee;
  });
  if (Object.keys(fields).length) throw invalid(fields, "Check the attendance");
  if (!marks.length) return [];
  const out: Statements = [];
  for (const line of lines) {
    out.push(
      db.delete(jobAttendance).where(
        and(
          eq(jobAttendance.jobLineId, line.id),
          inList(
            jobAttendance.userId,
            marks.map((m) => m.userId),
          ),
        ),
      ),
      ...marks.map((m) =>
        db.insert(jobAttendance).values({ accountId: s.job.accountId, jobLineId: line.id, userId: m.userId, present: m.present, markedByUserId: userId }),
      ),
    );
    const merged = withMarks(line.attendance, marks);
    if (!sameMarks(line.attendance, merged))
      out.push(auditChange(db, s.job.accountId, "jobAttendanceMarked", { type: "jobLine", id: line.id }, userId, line.attendance, merged, { jobId: s.job.id }));
  }
  return out;
}

/** A session's attendance once `marks` are in: each person's latest mark. */
export const withMarks = (before: AttendanceMark[], marks: AttendanceMark[]): AttendanceMark[] => [
  ...before.filter((a) => !marks.some((m) => m.userId === a.userId)),
  ...marks,
];

/** Whether two attendance lists hold the same marks, whatever their order. */
const sameMarks = (a: AttendanceMark[], b: AttendanceMark[]) => {
  const key = (list: AttendanceMark[]) =>
    list
      .map((m) => `${m.userId}:${m.present}`)
      .sort()
      .join();
  return key(a) === key(b);
};

/** Marks who was at a session that has started (on completing it, or correcting it after), as a move of its own. */
export function attendanceMove(db: Db, s: MoveSubject, lineId: string, marks: AttendanceMark[], userId: string, now = Date.now()): Move {
  if (s.job.status === "cancelled") throw conflict("The attendance of a cancelled booking cannot change");
  const line = s.lines.find((l) => l.id === lineId);
  if (!line) throw notFound("Session not found");
  if (!line.scheduledAt || Date.parse(line.scheduledAt) > now) throw conflict("Attendance is marked once the session has started");
  const statements = [...moveJob(db, s.job, s.job.status), ...attendanceStatements(db, s, [line], marks, userId)];
  return { statements, after: projectJob(s.dto, s.job.status, (l) => (l.id === line.id ? { attendance: withMarks(line.attendance, marks) } : {})) };
}

/** Whether `userId` instructs a session: its own instructor, else the job's. */
export const instructs = (line: Pick<JobDto["lines"][number], "instructor">, userId: string) => line.instructor?.id === userId;

const jobInstructor = alias(users, "sessions_job_instructor");
const lineInstructor = alias(users, "sessions_line_instructor");

/**
 * The side's booked sessions not yet completed between `from` and `to`,
 * soonest first, with where they happen and who instructs; `mine`: only
 * those the caller instructs (partner) or attends (customer).
 */
export async function upcomingSessions(db: Db, scope: Acting, side: Side, from: string, to: string, mine: boolean): Promise<UpcomingSession[]> {
  const instructorId = sql<string | null>`coalesce(${jobLines.instructorUserId}, ${jobs.instructorUserId})`;
  const own: SQL | undefined = !mine
    ? undefined
    : side === "partner"
      ? sql`${instructorId} = ${scope.user.id}`
      : inArray(jobs.id, db.select({ id: jobAttendees.jobId }).from(jobAttendees).where(eq(jobAttendees.userId, scope.user.id)));
  const rows = await db
    .select({
      jobId: jobs.id,
      lineId: jobLines.id,
      workoutName: sql<string>`coalesce(${workouts.title}, ${workouts.name})`,
      sessionName: workoutSessions.name,
      customerName: accounts.name,
      scheduledAt: jobLines.scheduledAt,
      lengthMinutes: workoutSessions.lengthMinutes,
      status: jobLines.status,
      location: jobLines.location,
      defaultLocation: workouts.defaultLocation,
      lineInstructor: { id: lineInstructor.id, firstName: lineInstructor.firstName, lastName: lineInstructor.lastName, email: lineInstructor.email },
      jobInstructor: { id: jobInstructor.id, firstName: jobInstructor.firstName, lastName: jobInstructor.lastName, email: jobInstructor.email },
    })
    .from(jobLines)
    .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .leftJoin(lineInstructor, eq(lineInstructor.id, jobLines.instructorUserId))
    .leftJoin(jobInstructor, eq(jobInstructor.id, jobs.instructorUserId))
    .where(
      and(
        visibleJobs(scope, side),
        notInArray(jobs.status, ["cancelled", "completed"]),
        ne(jobLines.status, "completed"),
        gte(jobLines.scheduledAt, from),
        lte(jobLines.scheduledAt, to),
        own,
      ),
    )
    .orderBy(asc(jobLines.scheduledAt), asc(jobLines.id))
    .limit(200);
  const person = (u: { id: string | null; firstName: string | null; lastName: string | null; email: string | null } | null) =>
    u?.id && u.email ? { id: u.id, name: personName({ firstName: u.firstName, lastName: u.lastName, email: u.email }), email: u.email } : null;
  return rows.map((r) => ({
    jobId: r.jobId,
    lineId: r.lineId,
    workoutName: r.workoutName,
    sessionName: r.sessionName,
    customerName: r.customerName,
    scheduledAt: r.scheduledAt!,
    lengthMinutes: r.lengthMinutes,
    status: r.status,
    location: r.location ?? r.defaultLocation ?? null,
    instructor: person(r.lineInstructor) ?? person(r.jobInstructor),
  }));
}

/** Jobs the caller is on: a partner's it instructs (the job or a session), a customer's it attends. */
export function ownJobs(side: Side, userId: string, db: Db): SQL {
  return side === "partner"
    ? or(eq(jobs.instructorUserId, userId), inArray(jobs.id, db.select({ id: jobLines.jobId }).from(jobLines).where(eq(jobLines.instructorUserId, userId))))!
    : inArray(jobs.id, db.select({ id: jobAttendees.jobId }).from(jobAttendees).where(eq(jobAttendees.userId, userId)));
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Who hears of a change of attendees: each one added gets the booking with
 * its calendar file, each one removed the calendar cancellation; in their own
 * language and zone, in the customer's branding.
 */
export function attendeeNotices(s: MoveSubject, after: AttendeeRow[]): Notice[] {
  const before = s.dto.attendees;
  const added = after.filter((a) => !before.some((b) => b.id === a.id));
  const removed = before.filter((b) => !after.some((a) => a.id === b.id));
  return [
    { to: asRecipients(s.recipients.customer, added), event: "attendeeAdded" },
    { to: (s.recipients.attendees ?? []).filter((r) => removed.some((b) => sameEmail(b.email, r.email))), event: "attendeeRemoved" },
  ];
}

/**
 * Who hears of a new place, about the sessions whose place changed: the
 * customer's side (the booker and the attendees) and the partner's (the
 * staff member who changed it and those sessions' instructors), as every move
 * is mailed (./jobs.ts, moveRecipients).
 */
export function locationNotices(owner: JobOwner, s: MoveSubject, after: JobDto): Notice[] {
  const changed = after.lines.filter((l) => JSON.stringify(l.location) !== JSON.stringify(s.lines.find((b) => b.id === l.id)?.location ?? null));
  return changed.length ? [{ to: moveRecipients(owner, s, changed), event: "locationChanged", lines: new Set(changed.map((l) => l.id)) }] : [];
}

/**
 * Who hears of a change of instructor: each person who now instructs open
 * sessions they did not (the calendar file of those sessions) and each who
 * no longer instructs sessions they did (their cancellation); in the
 * partner's branding, each in their own language and zone.
 */
export function instructorNotices(s: MoveSubject, after: JobDto, assigned: AttendeeRow | null): Notice[] {
  const gained = new Map<string, Set<string>>();
  const lost = new Map<string, { email: string; lines: Set<string> }>();
  for (const line of s.lines) {
    if (line.status === "completed") continue;
    const from = line.instructor;
    const to = after.lines.find((l) => l.id === line.id)?.instructor ?? null;
    if ((from?.id ?? null) === (to?.id ?? null)) continue;
    if (to) gained.set(to.id, (gained.get(to.id) ?? new Set()).add(line.id));
    if (from) lost.set(from.id, { email: from.email, lines: (lost.get(from.id)?.lines ?? new Set()).add(line.id) });
  }
  const notices: Notice[] = [];
  for (const [id, lines] of gained)
    if (assigned?.id === id) notices.push({ to: asRecipients(s.recipients.partner, [assigned]), event: "instructorAssigned", lines });
  for (const { email, lines } of lost.values())
    notices.push({ to: (s.recipients.staff ?? []).filter((r) => sameEmail(r.email, email)), event: "instructorUnassigned", lines });
  return notices;
}
