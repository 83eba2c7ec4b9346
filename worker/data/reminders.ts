/**
 * The cron trigger's reminders: confirmed sessions 24 hours ahead (to the
 * booker, the attendees and the session's instructor), action items on their
 * due date (to the side they are assigned to: the booker and the attendees,
 * or the partner's address and the instructor; each person on their own local
 * day), booking requests unconfirmed after 24 hours (to the partner). Each
 * mail is written in its recipient's zone.
 *
 * Each reminder goes once to each person, whatever the number of cron runs
 * or retries: in ONE batch, a `mail_reminders` row keyed by (kind, key and
 * address) is inserted unless the key is taken, and the outbox row is
 * inserted only if the reminder row that now holds the key carries this
 * mail's id. A second run, or two runs at once, find the key taken and write
 * no mail. Once everyone is reminded, the session's or item's own key is
 * written too, and later runs no longer select it.
 */
import { and, eq, gt, gte, inArray, isNull, lt, lte, notExists, sql, type SQL } from "drizzle-orm";
import { alias, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { accounts, jobActionItems, jobAttendees, jobLines, jobs, mailOutbox, mailReminders, users, workoutSessions, workouts } from "../../db/schema";
import {
  actionItemReminderKey,
  dueOnLocalDay,
  dueWindow,
  overdueWindow,
  recipientReminderKey,
  overdueReminderKey,
  sessionReminderKey,
  sessionReminderWindow,
  type ReminderKind,
} from "../domain/reminders";
import type { Db } from "../env";
import { actionItemDueMail, requestOverdueMail, sessionReminderMail } from "../mail/reminder-mail";
import type { RenderedMail } from "../mail/layout";
import { dispatchMail, storeMail, type StoredMail } from "../mail/outbox";
import { asRecipients, distinctRecipients, jobLink, recipientsOfJobs, type JobSides, type MailPerson, type Recipient } from "./job-mail";
import type { OriginEnv } from "./mail-context";
import { inList } from "./bound";
import { outsidePartners } from "./quiet-partners";

/** At most this many reminders of each kind per run; the next run takes the rest. */
const PER_RUN = 50;

const dialect = new SQLiteSyncDialect();
const customer = alias(accounts, "customer_acc");

/** One reminder to one person: its key (recipientReminderKey for the people of a session or an item), the mail, in their zone. */
type Pending = { kind: ReminderKind; key: string; accountId: string; to: Recipient; mail: RenderedMail };
/** A session's or an item's own key, written once every person it concerns has had their reminder (the select skips it after). */
type Done = { kind: ReminderKind; key: string; accountId: string };
type Reminders = { pending: Pending[]; done: Done[] };

const taken = (kind: ReminderKind, key: SQL) =>
  notExists(sql`(SELECT 1 FROM ${mailReminders} WHERE ${mailReminders.kind} = ${kind} AND ${mailReminders.key} = ${key})`);

/** The reminder row and its outbox row, the latter only if the former holds this mail's id. */
function reminderStatements(p: Pending, { id: mailId, bodyKey }: StoredMail): SQL[] {
  return [
    sql`INSERT INTO mail_reminders (id, kind, key, mail_id, account_id) VALUES (${crypto.randomUUID()}, ${p.kind}, ${p.key}, ${mailId}, ${p.accountId})
        ON CONFLICT (kind, key) DO NOTHING`,
    sql`INSERT INTO mail_outbox (id, account_id, "to", from_name, subject, body_key, status)
        SELECT ${mailId}, ${p.to.brandAccountId}, ${p.to.email.trim().toLowerCase()}, ${p.to.brand.platformName}, ${p.mail.subject}, ${bodyKey}, 'queued'
        WHERE EXISTS (SELECT 1 FROM mail_reminders WHERE kind = ${p.kind} AND key = ${p.key} AND mail_id = ${mailId})`,
  ];
}

/** The row that marks a session or an item reminded to everyone (it carries no mail of its own). */
const doneStatement = (d: Done): SQL =>
  sql`INSERT INTO mail_reminders (id, kind, key, mail_id, account_id) VALUES (${crypto.randomUUID()}, ${d.kind}, ${d.key}, ${crypto.randomUUID()}, ${d.accountId})
      ON CONFLICT (kind, key) DO NOTHING`;

/**
 * The people on the jobs `rows` name, for their reminders: each job's
 * attendees and the instructors named (with their own language and zone).
 */
async function peopleOf(db: Db, rows: { jobId: string; instructorId: string | null }[]) {
  const person = { email: users.email, firstName: users.firstName, language: users.language, timeZone: users.timeZone };
  const [attendees, instructors] = await db.batch([
    db
      .select({ jobId: jobAttendees.jobId, ...person })
      .from(jobAttendees)
      .innerJoin(users, eq(users.id, jobAttendees.userId))
      .where(
        inList(
          jobAttendees.jobId,
          rows.map((r) => r.jobId),
        ),
      ),
    db
      .select({ id: users.id, ...person })
      .from(users)
      .where(
        inList(
          users.id,
          rows.flatMap((r) => (r.instructorId ? [r.instructorId] : [])),
        ),
      ),
  ]);
  return {
    attendees: (jobId: string): MailPerson[] => attendees.filter((a) => a.jobId === jobId),
    instructor: (id: string | null): MailPerson[] => instructors.filter((u) => u.id === id),
  };
}

/** Who a job's reminder goes to on a side: the booker and the attendees, or the partner's address and the instructor; each address once. */
function reminded(sides: JobSides | undefined, side: "customer" | "partner", people: MailPerson[]): Recipient[] {
  if (!sides) return [];
  return side === "customer"
    ? distinctRecipients([sides.customer, ...asRecipients(sides.customer, people)])
    : distinctRecipients([sides.partner, ...asRecipients(sides.partner, people)]);
}

/** A job none of the partners in `quiet` (moving to another shard) has a part in: not theirs or their customers', not one they deliver. */
const jobsOutside = (quiet: readonly string[]): SQL | undefined =>
  quiet.length ? and(outsidePartners(jobs.accountId, quiet), outsidePartners(jobs.deliveryPartnerAccountId, quiet)) : undefined;

const instructorOf = sql<string | null>`coalesce(${jobLines.instructorUserId}, ${jobs.instructorUserId})`;

/** The columns naming a reminder's job and the parties who hear of it. */
const jobColumns = {
  jobId: jobs.id,
  accountId: jobs.accountId,
  bookedByUserId: jobs.bookedByUserId,
  partnerAccountId: jobs.partnerAccountId,
  deliveryPartnerAccountId: jobs.deliveryPartnerAccountId,
};

/** The two sides of the jobs of reminder rows (read by `jobColumns`), by job id. */
const recipientsOf = (db: Db, env: OriginEnv, rows: (Omit<Parameters<typeof recipientsOfJobs>[2][number], "id"> & { jobId: string })[]) =>
  recipientsOfJobs(
    db,
    env,
    rows.map((r) => ({ ...r, id: r.jobId })),
  );

/**
 * Confirmed sessions starting within 24 hours: to the booker, each attendee
 * and the session's instructor, each in their own zone and side's branding,
 * once per person (recipientReminderKey) and the session marked done in the
 * same batch.
 */
async function sessionReminders(db: Db, env: OriginEnv, now: Date, outside: SQL | undefined): Promise<Reminders> {
  const window = sessionReminderWindow(now);
  const rows = await db
    .select({
      ...jobColumns,
      lineId: jobLines.id,
      scheduledAt: jobLines.scheduledAt,
      instructorId: instructorOf,
      sessionName: workoutSessions.name,
      workoutName: workouts.name,
      workoutTitle: workouts.title,
    })
    .from(jobLines)
    .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
    .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .where(
      and(
        eq(jobLines.status, "confirmed"),
        inArray(jobs.status, ["confirmed", "inProgress"]),
        gt(jobLines.scheduledAt, window.after),
        lte(jobLines.scheduledAt, window.until),
        taken("session24h", sql`${jobLines.id} || '|' || ${jobLines.scheduledAt}`),
        outside,
      ),
    )
    .orderBy(jobLines.scheduledAt)
    .limit(PER_RUN);
  if (!rows.length) return { pending: [], done: [] };
  const who = await recipientsOf(db, env, rows);
  const people = await peopleOf(db, rows);
  const out: Reminders = { pending: [], done: [] };
  for (const r of rows) {
    if (!r.scheduledAt) continue;
    const key = sessionReminderKey(r.lineId, r.scheduledAt);
    const sides = who.get(r.jobId);
    const to = [...reminded(sides, "customer", people.attendees(r.jobId)), ...asRecipients(sides?.partner ?? null, people.instructor(r.instructorId))];
    for (const person of distinctRecipients(to)) {
      const mail = sessionReminderMail({
        language: person.language,
        timeZone: person.timeZone,
        brand: person.brand,
        recipientName: person.name,
        workoutName: r.workoutTitle ?? r.workoutName,
        sessionName: r.sessionName,
        scheduledAt: r.scheduledAt,
        audience: person.side,
        link: jobLink(person.brand.origin, person.side, r.jobId),
      });
      out.pending.push({ kind: "session24h", key: recipientReminderKey(key, person.email), accountId: r.accountId, to: person, mail });
    }
    out.done.push({ kind: "session24h", key, accountId: r.accountId });
  }
  return out;
}

/**
 * Action items on their due date: to the side they are assigned to (the
 * booker and the attendees, or the partner's address and the session's
 * instructor), each person on THEIR local day of the due time, once each;
 * the item is marked done once nobody is left to remind.
 */
async function actionItemReminders(db: Db, env: OriginEnv, now: Date, outside: SQL | undefined): Promise<Reminders> {
  const window = dueWindow(now);
  const rows = await db
    .select({
      ...jobColumns,
      instructorId: instructorOf,
      itemId: jobActionItems.id,
      itemName: jobActionItems.name,
      itemLink: jobActionItems.link,
      assigneeType: jobActionItems.assigneeType,
      dueAt: jobActionItems.dueAt,
      sessionName: workoutSessions.name,
      workoutName: workouts.name,
      workoutTitle: workouts.title,
    })
    .from(jobActionItems)
    .innerJoin(jobLines, eq(jobLines.id, jobActionItems.jobLineId))
    .innerJoin(jobs, eq(jobs.id, jobActionItems.jobId))
    .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .where(
      and(
        isNull(jobActionItems.completedAt),
        gte(jobActionItems.dueAt, window.from),
        lt(jobActionItems.dueAt, window.before),
        inArray(jobs.status, ["confirmed", "inProgress"]),
        taken("actionItemDue", sql`${jobActionItems.id} || '|' || ${jobActionItems.dueAt}`),
        outside,
      ),
    )
    .orderBy(jobActionItems.dueAt)
    .limit(PER_RUN * 4);
  if (!rows.length) return { pending: [], done: [] };
  const who = await recipientsOf(db, env, rows);
  const people = await peopleOf(db, rows);
  const planned = rows.flatMap((r) => {
    if (!r.dueAt) return [];
    const side = r.assigneeType === "deliveryPartner" ? "partner" : "customer";
    const to = reminded(who.get(r.jobId), side, side === "partner" ? people.instructor(r.instructorId) : people.attendees(r.jobId));
    return [{ r, side, dueAt: r.dueAt, key: actionItemReminderKey(r.itemId, r.dueAt), to } as const];
  });
  // Who has had theirs already (an earlier run, on their own local day).
  const keys = planned.flatMap((p) => p.to.map((t) => recipientReminderKey(p.key, t.email)));
  const sent = new Set(
    (
      await db
        .select({ key: mailReminders.key })
        .from(mailReminders)
        .where(and(eq(mailReminders.kind, "actionItemDue"), inList(mailReminders.key, keys)))
    ).map((k) => k.key),
  );
  const out: Reminders = { pending: [], done: [] };
  for (const { r, side, dueAt, key, to } of planned) {
    let open = 0;
    for (const person of to) {
      const personKey = recipientReminderKey(key, person.email);
      if (sent.has(personKey)) continue;
      const when = dueOnLocalDay(dueAt, now, person.timeZone);
      if (when === "later") open++;
      if (when !== "due") continue;
      const mail = actionItemDueMail({
        language: person.language,
        timeZone: person.timeZone,
        brand: person.brand,
        recipientName: person.name,
        audience: side,
        itemName: r.itemName,
        itemLink: r.itemLink,
        sessionName: r.sessionName,
        workoutName: r.workoutTitle ?? r.workoutName,
        dueAt,
        link: jobLink(person.brand.origin, side, r.jobId),
      });
      out.pending.push({ kind: "actionItemDue", key: personKey, accountId: r.accountId, to: person, mail });
    }
    if (!open) out.done.push({ kind: "actionItemDue", key, accountId: r.accountId });
  }
  return out;
}

async function overdueReminders(db: Db, env: OriginEnv, now: Date, outside: SQL | undefined): Promise<Pending[]> {
  const rows = await db
    .select({
      ...jobColumns,
      version: jobs.version,
      updatedAt: jobs.updatedAt,
      customerName: customer.name,
      workoutName: workouts.name,
      workoutTitle: workouts.title,
    })
    .from(jobs)
    .innerJoin(customer, eq(customer.id, jobs.accountId))
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .where(
      and(
        eq(jobs.status, "awaitingConfirmation"),
        gte(jobs.updatedAt, overdueWindow(now).since),
        lt(jobs.updatedAt, overdueWindow(now).before),
        taken("requestOverdue", sql`${jobs.id} || '|' || ${jobs.version}`),
        outside,
      ),
    )
    .orderBy(jobs.updatedAt)
    .limit(PER_RUN);
  const who = await recipientsOf(db, env, rows);
  return rows.flatMap((r) => {
    const to = who.get(r.jobId)?.partner;
    if (!to) return [];
    const mail = requestOverdueMail({
      language: to.language,
      timeZone: to.timeZone,
      brand: to.brand,
      recipientName: to.name,
      workoutName: r.workoutTitle ?? r.workoutName,
      customerName: r.customerName,
      requestedAt: r.updatedAt,
      link: jobLink(to.brand.origin, "partner", r.jobId),
    });
    return [{ kind: "requestOverdue" as const, key: overdueReminderKey(r.jobId, r.version), accountId: r.accountId, to, mail }];
  });
}

/**
 * Writes every reminder due at `now` (once each) on the shard `d1` (named
 * `shard`) and hands the mail to the queue; the jobs of the partners in
 * `quiet` (moving to another shard: theirs, their customers', those they
 * deliver) wait for the first run after the move. Answers how many reminder mails
 * this run wrote.
 */
export async function sendReminders(
  d1: D1Database,
  db: Db,
  shard: string,
  env: OriginEnv & { MAIL_QUEUE: Queue; UPLOADS: R2Bucket },
  now = new Date(),
  quiet: readonly string[] = [],
): Promise<number> {
  const outside = jobsOutside(quiet);
  const sessions = await sessionReminders(db, env, now, outside);
  const items = await actionItemReminders(db, env, now, outside);
  const pending = [...sessions.pending, ...items.pending, ...(await overdueReminders(db, env, now, outside))];
  const done = [...sessions.done, ...items.done];
  if (!pending.length && !done.length) return 0;
  // The bodies go to R2 first; a reminder already sent writes no row, and its body expires unread (worker/mail/bodies.ts).
  const stored = await storeMail(
    env.UPLOADS,
    pending.map((p) => ({ to: p.to.email, subject: p.mail.subject, text: p.mail.text, html: p.mail.html })),
    now,
  );
  const ids = stored.map((m) => m.id);
  const statements = [...pending.flatMap((p, i) => reminderStatements(p, stored[i]!)), ...done.map(doneStatement)];
  await d1.batch(
    statements.map((st) => {
      const q = dialect.sqlToQuery(st);
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
  const written = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(inList(mailOutbox.id, ids));
  await dispatchMail(
    env,
    written.map((w) => w.id),
    shard,
  );
  return written.length;
}
