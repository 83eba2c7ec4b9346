/**
 * The cron trigger's reminders: confirmed sessions 24 hours ahead (to the
 * customer), action items on their due date (to the side they are assigned
 * to), booking requests unconfirmed after 24 hours (to the partner).
 *
 * Each reminder goes once, whatever the number of cron runs or retries: in
 * ONE batch, a `mail_reminders` row keyed by (kind, key) is inserted unless
 * the key is taken, and the outbox row is inserted only if the reminder row
 * that now holds the key carries this mail's id. A second run, or two runs at
 * once, find the key taken and write no mail.
 */
import { and, eq, gt, gte, inArray, isNull, lt, lte, notExists, sql, type SQL } from "drizzle-orm";
import { alias, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { accounts, jobActionItems, jobLines, jobs, mailOutbox, mailReminders, workoutSessions, workouts } from "../../db/schema";
import {
  actionItemReminderKey,
  dueDay,
  overdueBefore,
  overdueReminderKey,
  sessionReminderKey,
  sessionReminderWindow,
  type ReminderKind,
} from "../domain/reminders";
import type { Db } from "../env";
import { actionItemDueMail, requestOverdueMail, sessionReminderMail } from "../mail/reminder-mail";
import type { RenderedMail } from "../mail/layout";
import { dispatchMail, storeMail, type StoredMail } from "../mail/outbox";
import { jobLink, recipientsOfJobs, type Recipient } from "./job-mail";
import type { OriginEnv } from "./mail-context";
import { inList } from "./bound";

/** At most this many reminders of each kind per run; the next run takes the rest. */
const PER_RUN = 50;

const dialect = new SQLiteSyncDialect();
const customer = alias(accounts, "customer_acc");

type Pending = { kind: ReminderKind; key: string; accountId: string; to: Recipient; mail: RenderedMail };

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

async function sessionReminders(db: Db, env: OriginEnv, now: Date): Promise<Pending[]> {
  const window = sessionReminderWindow(now);
  const rows = await db
    .select({
      jobId: jobs.id,
      accountId: jobs.accountId,
      bookedByUserId: jobs.bookedByUserId,
      partnerAccountId: jobs.partnerAccountId,
      deliveryPartnerAccountId: jobs.deliveryPartnerAccountId,
      lineId: jobLines.id,
      scheduledAt: jobLines.scheduledAt,
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
      ),
    )
    .orderBy(jobLines.scheduledAt)
    .limit(PER_RUN);
  const who = await recipientsOfJobs(
    db,
    env,
    rows.map((r) => ({ ...r, id: r.jobId })),
  );
  return rows.flatMap((r) => {
    const to = who.get(r.jobId)?.customer;
    if (!to || !r.scheduledAt) return [];
    const mail = sessionReminderMail({
      language: to.language,
      timeZone: to.timeZone,
      brand: to.brand,
      recipientName: to.name,
      workoutName: r.workoutTitle ?? r.workoutName,
      sessionName: r.sessionName,
      scheduledAt: r.scheduledAt,
      link: jobLink(to.brand.origin, "customer", r.jobId),
    });
    return [{ kind: "session24h" as const, key: sessionReminderKey(r.lineId, r.scheduledAt), accountId: r.accountId, to, mail }];
  });
}

async function actionItemReminders(db: Db, env: OriginEnv, now: Date): Promise<Pending[]> {
  const day = dueDay(now);
  const rows = await db
    .select({
      jobId: jobs.id,
      accountId: jobs.accountId,
      bookedByUserId: jobs.bookedByUserId,
      partnerAccountId: jobs.partnerAccountId,
      deliveryPartnerAccountId: jobs.deliveryPartnerAccountId,
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
        gte(jobActionItems.dueAt, day.from),
        lt(jobActionItems.dueAt, day.before),
        inArray(jobs.status, ["confirmed", "inProgress"]),
        taken("actionItemDue", sql`${jobActionItems.id} || '|' || ${jobActionItems.dueAt}`),
      ),
    )
    .orderBy(jobActionItems.dueAt)
    .limit(PER_RUN);
  const who = await recipientsOfJobs(
    db,
    env,
    rows.map((r) => ({ ...r, id: r.jobId })),
  );
  return rows.flatMap((r) => {
    const side = r.assigneeType === "deliveryPartner" ? "partner" : "customer";
    const to = who.get(r.jobId)?.[side];
    if (!to || !r.dueAt) return [];
    const mail = actionItemDueMail({
      language: to.language,
      timeZone: to.timeZone,
      brand: to.brand,
      recipientName: to.name,
      audience: side,
      itemName: r.itemName,
      itemLink: r.itemLink,
      sessionName: r.sessionName,
      workoutName: r.workoutTitle ?? r.workoutName,
      dueAt: r.dueAt,
      link: jobLink(to.brand.origin, side, r.jobId),
    });
    return [{ kind: "actionItemDue" as const, key: actionItemReminderKey(r.itemId, r.dueAt), accountId: r.accountId, to, mail }];
  });
}

async function overdueReminders(db: Db, env: OriginEnv, now: Date): Promise<Pending[]> {
  const rows = await db
    .select({
      jobId: jobs.id,
      accountId: jobs.accountId,
      version: jobs.version,
      updatedAt: jobs.updatedAt,
      bookedByUserId: jobs.bookedByUserId,
      partnerAccountId: jobs.partnerAccountId,
      deliveryPartnerAccountId: jobs.deliveryPartnerAccountId,
      customerName: customer.name,
      workoutName: workouts.name,
      workoutTitle: workouts.title,
    })
    .from(jobs)
    .innerJoin(customer, eq(customer.id, jobs.accountId))
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .where(
      and(eq(jobs.status, "awaitingConfirmation"), lt(jobs.updatedAt, overdueBefore(now)), taken("requestOverdue", sql`${jobs.id} || '|' || ${jobs.version}`)),
    )
    .orderBy(jobs.updatedAt)
    .limit(PER_RUN);
  const who = await recipientsOfJobs(
    db,
    env,
    rows.map((r) => ({ ...r, id: r.jobId })),
  );
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
 * `shard`) and hands the mail to the queue. Answers how many reminder mails
 * this run wrote.
 */
export async function sendReminders(
  d1: D1Database,
  db: Db,
  shard: string,
  env: OriginEnv & { MAIL_QUEUE: Queue; UPLOADS: R2Bucket },
  now = new Date(),
): Promise<number> {
  const pending = [...(await sessionReminders(db, env, now)), ...(await actionItemReminders(db, env, now)), ...(await overdueReminders(db, env, now))];
  if (!pending.length) return 0;
  // The bodies go to R2 first; a reminder already sent writes no row, and its body expires unread (worker/mail/bodies.ts).
  const stored = await storeMail(
    env.UPLOADS,
    pending.map((p) => ({ to: p.to.email, subject: p.mail.subject, text: p.mail.text, html: p.mail.html })),
    now,
  );
  const ids = stored.map((m) => m.id);
  const statements = pending.flatMap((p, i) => reminderStatements(p, stored[i]!));
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
