import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jobs, slots } from "../../db/schema";
import type { Db } from "../env";
import { calendarReads, deliveryShardRead, NO_WINDOW, type CalendarRows } from "./availability";
import { holdsOfLines } from "./away-seats";
import { peopleMailReads, recipientReads, sidesFrom, withPeople } from "./job-mail";
import { locationOf, oneJobReads, toDtos, type Details, type Side } from "./job-store";
import type { OriginEnv } from "./mail-context";
import { theRow } from "./query";

/**
 * One job read for a move on it: the job as its side sees it, with who hears
 * of the move, the credit entry a refund goes back to, the delivery
 * partner's open slots and calendar, all in one D1 round trip.
 */
/** The credit entry a refund goes back to: the customer's latest. */
function creditEntryQuery(db: Db, id: string) {
  return db
    .select({
      creditEntryId: sql<string | null>`(select ce.id from credit_entries ce where ce.account_id = ${jobs.accountId} order by ce.start_date desc limit 1)`.as(
        "credit_entry_id",
      ),
    })
    .from(jobs)
    .where(eq(jobs.id, id));
}

/** A read of a caller's that rides in the job's batch (no call of its own), and what takes its rows. */
export type AlsoRead = { read: BatchItem<"sqlite">; seen: (rows: unknown[]) => void };
const noRead = (db: Db) =>
  db
    .select({ none: sql<number>`1` })
    .from(jobs)
    .where(sql`0`);

/**
 * One job as `side` sees it, in ONE D1 round trip: the job row (only when
 * `visible` holds), its lines, attachments and action items, and who hears
 * of a change to it. Rows of a job `visible` hides are read but never
 * answered: the job comes back null, like a missing one.
 */
export async function loadJobWithMail(
  db: Db,
  env: OriginEnv,
  id: string,
  visible: SQL,
  side: Side,
  readOnly = false,
  viewerId?: string,
  window: { busyFrom: string; busyTo: string } = NO_WINDOW,
  also?: AlsoRead,
) {
  const booker = sql`(select ${jobs.bookedByUserId} from ${jobs} where ${jobs.id} = ${id})`;
  const partners = sql`(select ${jobs.partnerAccountId} from ${jobs} where ${jobs.id} = ${id} union select coalesce(${jobs.deliveryPartnerAccountId}, ${jobs.partnerAccountId}) from ${jobs} where ${jobs.id} = ${id})`;
  const [extra, rows, lines, attachments, items, attendees, attendance, credit, open, attendeeMail, instructorMail, schedules, booked, delivery, ...who] =
    await db.batch([
      (also?.read as ReturnType<typeof noRead> | undefined) ?? noRead(db),
      ...oneJobReads(db, id, visible, side),
      creditEntryQuery(db, id),
      openSlotsQuery(db, id),
      ...peopleMailReads(db, id),
      // The delivery partner's calendar in the window asked for (a request's times), its own sessions not busy.
      ...calendarReads(db, {
        partnerIds: sql`(select ${jobs.deliveryPartnerAccountId} from ${jobs} where ${jobs.id} = ${id})`,
        workoutId: sql`(select ${jobs.workoutId} from ${jobs} where ${jobs.id} = ${id})`,
        exceptJobId: id,
        ...window,
      }),
      deliveryShardRead(db, id),
      ...recipientReads(db, booker, partners),
    ]);
  also?.seen(extra);
  const row = rows[0];
  if (!row) return null;
  const dto = theRow(toDtos([row], [lines, attachments, items, attendees, attendance] as unknown as Details, side, readOnly, viewerId), "job read");
  return {
    job: row.job,
    dto,
    recipients: withPeople(sidesFrom(env, who, row.job), attendeeMail, instructorMail),
    creditEntryId: credit[0]?.creditEntryId ?? null,
    openSlots: open,
    defaultLocation: locationOf(row.defaultLocation),
    calendars: [schedules, booked] as CalendarRows,
    deliveryShard: delivery[0]?.shard ?? null,
    holds: holdsOfLines(lines.map((l) => l.line)),
  };
}

/** The open slots (seats left, in the future) of the job's delivery partner for the job's workout, soonest first. */
function openSlotsQuery(db: Db, id: string) {
  const ofJob = (col: typeof jobs.workoutId | typeof jobs.deliveryPartnerAccountId) => sql`(select ${col} from ${jobs} where ${jobs.id} = ${id})`;
  return db
    .select()
    .from(slots)
    .where(
      and(
        sql`${slots.workoutId} = ${ofJob(jobs.workoutId)}`,
        sql`${slots.partnerAccountId} = ${ofJob(jobs.deliveryPartnerAccountId)}`,
        gte(slots.startsAt, new Date().toISOString()),
        sql`${slots.seatsTaken} < ${slots.capacity}`,
      ),
    )
    .orderBy(asc(slots.startsAt));
}
