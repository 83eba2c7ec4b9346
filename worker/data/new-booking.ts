/**
 * A new booking, written in one D1 batch (the reads it needs come in one
 * batch from data/bookable.ts) and answered from the rows it wrote: its job's
 * insert returns what only the database knows (its timestamps, the names of
 * its accounts, its sessions' attachments), so a refused booking stops at its
 * refusal and an accepted one reads nothing back. Its statements are rendered
 * to SQL once per isolate (./reusable.ts): a burst of bookings spends its CPU
 * binding values, not building queries.
 */
import { sawFull } from "./full-slots";
import type { JobDto } from "../../contract/bookings";
import { jobActionItems, jobLines, jobs } from "../../db/schema";
import { applyActions } from "../domain/jobs";
import { isRequestOverdue } from "../domain/reminders";
import type { Db } from "../env";
import type { CustomerScope } from "../http/endpoint";
import { conflict } from "../http/errors";
import { audit } from "./audit";
import type { BookingContext } from "./bookable";
import { asRecipients, distinctRecipients, jobMailRows, sidesFrom } from "./job-mail";
import { attendeeInserts, attendeePerson, type AttendeeRow } from "./job-people";
import { actionItemsOf, actionsFor, anyStarted, attachmentsOf, locationOf, nextSessionAt } from "./job-store";
import { consumeCredits, jobBatchFailure, newActionItemRows, takeSeat, type Statements } from "./job-writes";
import type { LineChoice } from "./jobs";
import type { OriginEnv } from "./mail-context";
import { reusableInsert } from "./reusable";
import { d1Of, type Statement } from "./statements";
import { today } from "./query";
import { newHold, type Hold } from "./away-seats";
import { claimStatements } from "./time-claims";
import { claimChanges, type TimeClaim } from "../domain/time-claims";

/** Slots of the delivery partner on another shard (`slotIds`), and how their seats are held and times claimed there around the booking's batch (worker/api/away-seats.ts). */
export type SeatsAway = { slotIds: Set<string>; hold: <T>(holds: Hold[], claims: TimeClaim[], write: () => Promise<T>) => Promise<T> };

/** Where the booking's time claims go: in its batch on `jobShard`, or with the seats on the delivery partner's shard (`away`). */
export type ClaimsOn = { jobShard: string; away?: SeatsAway };

export type Planned = { lineId: string; session: BookingContext["sessions"][number]; choice: LineChoice };

/**
 * Writes a new booking in ONE batch: the job, its lines and action items, a
 * seat on each chosen slot (the table's CHECK refuses a full one), the
 * credits consumed (refused when the balance is short) and the mail to the
 * other side (the partner; both sides when booked into slots), and reads the
 * job back as its customer sees it in the same batch.
 */
export async function createBooking(
  db: Db,
  env: OriginEnv & { UPLOADS: R2Bucket },
  scope: CustomerScope,
  ctx: BookingContext,
  mode: "request" | "slots",
  choices: Map<string, LineChoice>,
  deliveryPartner: { id: string; name: string; email: string | null },
  attendees: AttendeeRow[],
  { jobShard, away }: ClaimsOn,
) {
  const price = ctx.price!;
  const status = applyActions("pending", ["assign", mode === "request" ? "requestTimes" : "bookSlots"])!;
  const jobId = crypto.randomUUID();
  const credits = price.kind === "credits" ? price.amount : 0;
  if (credits > 0 && !ctx.creditEntryId) throw conflict("Not enough credits to book this workout.");
  const statements: Statements = [
    returningWritten(
      reusableInsert(db, jobs, {
        id: jobId,
        accountId: scope.account.id,
        partnerAccountId: ctx.partner.id,
        deliveryPartnerAccountId: deliveryPartner.id,
        workoutId: ctx.workout.id,
        variantId: ctx.variant?.id ?? null,
        status,
        pricingLineId: ctx.pricingLineId,
        creditsConsumed: 0,
        priceAmount: price.kind === "money" ? price.amount : null,
        currency: price.kind === "money" ? price.currency : null,
        bookedByUserId: scope.user.id,
      }),
    ),
  ];
  const items: ReturnType<typeof newActionItemRows> = [];
  const lineStatus = status === "confirmed" ? "confirmed" : "awaitingConfirmation";
  const planned: JobDto["lines"] = [];
  // The seats go first in the batch: a booking that finds a slot full fails at its first statement, before any other write.
  const seats: Statements = [];
  const seatSlots: string[] = [];
  const holds: Hold[] = [];
  for (const session of ctx.sessions) {
    const ch = choices.get(session.id)!;
    const lineId = crypto.randomUUID();
    const scheduledAt = ch.slot?.startsAt ?? null;
    const hold = ch.slot && away?.slotIds.has(ch.slot.id) ? newHold(ch.slot.id, jobId, lineId) : null;
    if (hold) holds.push(hold);
    statements.push(
      reusableInsert(db, jobLines, {
        id: lineId,
        accountId: scope.account.id,
        jobId,
        sessionId: session.id,
        sequence: session.sequence,
        status: lineStatus,
        scheduledAt,
        slotId: hold ? null : (ch.slot?.id ?? null),
        awaySlotId: hold?.slotId ?? null,
        awayHoldId: hold?.id ?? null,
        requestedTimes: ch.times ?? [],
      }),
    );
    const lineItems = newActionItemRows(
      scope.account.id,
      jobId,
      lineId,
      ctx.actionItems.filter((i) => i.sessionId === session.id),
      scheduledAt,
      session.lengthMinutes,
    );
    items.push(...lineItems);
    statements.push(...lineItems.map((row) => reusableInsert(db, jobActionItems, row)));
    if (ch.slot && !hold) {
      seats.push(...takeSeat(ch.slot.id));
      seatSlots.push(ch.slot.id);
    }
    planned.push({
      id: lineId,
      sequence: session.sequence,
      sessionId: session.id,
      sessionName: session.name,
      lengthMinutes: session.lengthMinutes,
      status: lineStatus,
      scheduledAt,
      completedAt: null,
      requestedTimes: ch.times ?? [],
      slotId: ch.slot?.id ?? null,
      actionItems: [],
      attachments: [],
      location: ctx.workout.defaultLocation ?? null,
      instructor: null,
      attendance: [],
    });
  }
  // The trail's first entry: who booked, from no job to its first status.
  audit(statements, {
    accountId: scope.account.id,
    partnerAccountId: ctx.partner.id,
    code: mode === "request" ? "workoutJobRequested" : "workoutJobBooked",
    subjectType: "job",
    subjectId: jobId,
    userId: scope.user.id,
    change: { kind: "status", from: null, to: status },
  });
  if (credits > 0) statements.push(...consumeCredits(scope.account.id, ctx.creditEntryId!, jobId, credits, `Booked: ${ctx.workout.title}`, scope.user.id));
  const mailed: JobDto = {
    id: jobId,
    status,
    workout: { id: ctx.workout.id, name: ctx.workout.name, title: ctx.workout.title },
    customer: { id: scope.account.id, name: scope.account.name },
    partner: { id: ctx.partner.id, name: ctx.partner.name },
    deliveryPartner: { id: deliveryPartner.id, name: deliveryPartner.name },
    creditsConsumed: credits,
    priceAmount: price.kind === "money" ? price.amount : null,
    currency: price.kind === "money" ? price.currency : null,
    cancelReason: null,
    createdAt: new Date().toISOString(),
    version: 0,
    overdue: false,
    lines: planned,
    actions: [],
    attendees: attendees.map(attendeePerson),
    seats: ctx.workout.maxAttendees,
    instructor: null,
    nextSessionAt: nextSessionAt(planned),
  };
  statements.push(...attendeeInserts(db, scope.account.id, jobId, [], attendees, scope.user.id));
  // A request goes to the partner and is acknowledged to the customer; a booking into open slots is confirmed to both.
  const who = sidesFrom(env, ctx.mail, {
    id: jobId,
    bookedByUserId: scope.user.id,
    partnerAccountId: ctx.partner.id,
    deliveryPartnerAccountId: deliveryPartner.id,
  });
  const mail = await jobMailRows(
    db,
    env.UPLOADS,
    [...distinctRecipients([who.customer, ...asRecipients(who.customer, attendees)]), who.partner],
    mode === "request" ? "requested" : "booked",
    mailed,
    { sequence: 0 },
  );
  // The sessions booked into slots claim the delivery partner's time (worker/data/time-claims.ts): here in the batch, or with the seats on its shard.
  const claims = claimChanges(deliveryPartner.id, jobId, { status: "pending", lines: [] }, { status, lines: planned }).take;
  const here = away ? [] : claimStatements(jobShard, claims, 0);
  // The writes, one batch, one transaction, one round trip: the job's insert (after the seats and claims) returns what only the database knows.
  const write = async () => {
    const batch = [...seats, ...here, ...statements, ...mail.statements].map((st) => {
      const q = st.toSQL();
      return d1Of(db)
        .prepare(q.sql)
        .bind(...q.params);
    });
    const results = await d1Of(db)
      .batch<Written>(batch)
      .catch((err: unknown) => {
        throw jobBatchFailure(err, "Not enough credits to book this workout.");
      });
    // A seat that was its slot's last: this isolate refuses the slot for a moment without reading (./full-slots.ts).
    seatSlots.forEach((slotId, i) => {
      if ((results[i]?.results[0] as { full?: number } | undefined)?.full) sawFull(ctx.partner.id, slotId);
    });
    return results[seats.length + here.length]?.results[0];
  };
  // Seats of slots on the delivery partner's shard are held there first, with its claims, and given back if this batch fails.
  const written = away && (holds.length || claims.length) ? await away.hold(holds, claims, write) : await write();
  if (!written) throw new Error("new booking: its job's row not returned");
  return { dto: answerOf(mailed, written, items, attendees), mailIds: mail.ids };
}

/** What a new job's insert returns beside its own timestamps: the names of its accounts and its sessions' attachments, as JSON. */
type Written = {
  created_at: string;
  updated_at: string;
  customer_name: string;
  partner_name: string;
  delivery_name: string | null;
  attachments: string;
};

/** The job's insert, returning the `Written` row: its accounts' names (read in the same transaction) and its workout's session attachments. */
function returningWritten(insert: Statement): Statement {
  return {
    toSQL() {
      const q = insert.toSQL();
      return { sql: q.sql + RETURNING, params: q.params };
    },
  };
}
const RETURNING = ` returning "created_at", "updated_at",
  (select "name" from "accounts" where "id" = "jobs"."account_id") as "customer_name",
  (select "name" from "accounts" where "id" = "jobs"."partner_account_id") as "partner_name",
  (select "name" from "accounts" where "id" = "jobs"."delivery_partner_account_id") as "delivery_name",
  (select json_group_array(json_object('id', "id", 'type', "type", 'description', "description", 'value', "value", 'fileKey', "file_key",
    'workoutId', "workout_id", 'sessionId', "session_id", 'startDate', "start_date", 'endDate', "end_date"))
   from "session_attachments" where "session_id" in (select "id" from "workout_sessions" where "workout_id" = "jobs"."workout_id")) as "attachments"`;

/** The new job as its customer sees it (what a read of it answers): the job as mailed, with the rows the batch wrote and returned. */
function answerOf(mailed: JobDto, written: Written, items: ReturnType<typeof newActionItemRows>, attendees: AttendeeRow[]): JobDto {
  const day = today();
  const seen = items.filter((i) => i.assigneeType === "recipient").map((i) => ({ ...i, completedAt: null }));
  const attachments = JSON.parse(written.attachments) as Parameters<typeof attachmentsOf>[1];
  const lines = mailed.lines.map((l) => ({
    ...l,
    location: locationOf(l.location),
    actionItems: actionItemsOf(seen, l.id),
    attachments: attachmentsOf("customer", attachments, l.sessionId, day),
  }));
  const job = { status: mailed.status, updatedAt: written.updated_at };
  return {
    ...mailed,
    customer: { id: mailed.customer.id, name: written.customer_name },
    partner: { id: mailed.partner.id, name: written.partner_name },
    deliveryPartner: mailed.deliveryPartner && written.delivery_name !== null ? { id: mailed.deliveryPartner.id, name: written.delivery_name } : null,
    createdAt: written.created_at,
    overdue: isRequestOverdue(job, new Date()),
    actions: actionsFor(job, "customer", false, anyStarted(lines)),
    lines,
    attendees: [...attendees].sort(byNameThenEmail).map(attendeePerson),
  };
}

/** A job's attendees in the order its read answers them: by first name (none first), then address. */
const byNameThenEmail = (a: AttendeeRow, b: AttendeeRow) => order(a.firstName, b.firstName) || order(a.email, b.email);
const order = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
