/**
 * The times and slots a booking or a move may take, read where the delivery
 * partner's calendar and slots are: on the request's shard, and for a partner
 * on another shard on its own (docs/decisions/2026-11-27-delivery-across-shards.md,
 * docs/decisions/2026-11-27-slots-across-shards.md), side by side.
 */
import { MESSAGES } from "../../contract/messages";
import { activeCandidates, drawDeliveryPartner } from "../domain/jobs";
import { freeForRequest, takenTimes, type RequestedSession } from "../domain/availability";
import { conflict, invalid } from "../http/errors";
import type { Account } from "../identity/context";
import type { Db } from "../env";
import { calendarReads, calendarsFrom, calendarsMerged, NO_WINDOW, requestWindow, type CalendarRows } from "./availability";
import { openSlotsRead } from "./away-seats";
import { bookingContext, startBookingContext, type BookingAsked, type AwayRead, type BookingContext, type StartedContext } from "./bookable";
import type { MoveSubject } from "./jobs";
import { awayIds, type PartnerShards, type ShardOf } from "./partner-shards";
import { today } from "./query";
import { calendarOnlyOf, calendarsAway, type EarlyCalendar } from "./early-calendars";

export { earlyCalendar, type EarlyCalendar } from "./early-calendars";

/**
 * The booking context with what its delivery partners on other shards hold
 * there: their calendars and their open slots for the workout, each shard
 * read in one batch, side by side. The shards the directory's delivery index
 * names for the workout (PartnerShards `deliveringWorkout`, no call when
 * warm) are read beside the context's batch; a delivery partner of the
 * context that they did not cover is read after it. A booking whose partners
 * are all on its shard, by the index and by the context, makes no extra
 * call. A slot read there carries its shard.
 */
export async function bookingContextAcross(
  db: Db,
  shards: PartnerShards,
  customer: Account,
  workoutId: string,
  asked: BookingAsked = {},
): Promise<BookingContext> {
  const readAway = awayReader(shards, workoutId, asked);
  const started = asked.started;
  const sameAway = started?.away && started.values.workoutId === workoutId && sameWindow(started.values, asked.window ?? NO_WINDOW);
  const [ctx, early] = await Promise.all([bookingContext(db, customer, workoutId, asked), sameAway ? started.away! : hintedAway(shards, workoutId, asked)]);
  const ids = awayIds(shards.here, ctx.candidates);
  if (!ids.length) return ctx;
  const away = await shards.elsewhere(ids);
  const read = await Promise.all(
    away.map((s) => {
      const covered = early.find((e) => e.shard.name === s.name && s.partnerIds.every((id) => e.shard.partnerIds.includes(id)));
      return covered ? Promise.resolve(onlyOf(covered, s.partnerIds)) : readAway(s);
    }),
  );
  const open = [...ctx.open, ...read.flatMap((r) => r.open)].sort((a, b) => a.slot.startsAt.localeCompare(b.slot.startsAt));
  return {
    ...ctx,
    open,
    calendars: calendarsMerged(
      ctx.calendars,
      away,
      read.map((r) => r.calendars),
    ),
  };
}

/** Reads a shard's calendars and open slots of the workout for the partners it names (one batch there), the copies of `shards.here`'s jobs left out. */
function awayReader(shards: PartnerShards, workoutId: string, asked: BookingAsked) {
  const input = { workoutId, ...(asked.window ?? NO_WINDOW) };
  return async (s: ShardOf): Promise<AwayRead> => {
    const [schedules, booked, open] = await s.db.batch([
      ...calendarReads(s.db, { ...input, partnerIds: s.partnerIds, copiesOf: shards.here }),
      openSlotsRead(s.db, workoutId, s.partnerIds),
    ]);
    return { shard: s, calendars: [schedules, booked] as CalendarRows, open: open.map((o) => ({ ...o, shard: s.name })) };
  };
}

/** The shards the directory's delivery index names for the workout (the isolate's hint), each read there: before the context names its partners. */
const hintedAway = (shards: PartnerShards, workoutId: string, asked: BookingAsked): Promise<AwayRead[]> =>
  shards.deliveringWorkout(workoutId).then((hinted) => Promise.all(hinted.map(awayReader(shards, workoutId, asked))));

const sameWindow = (a: { busyFrom: string; busyTo: string }, b: { busyFrom: string; busyTo: string }) => a.busyFrom === b.busyFrom && a.busyTo === b.busyTo;

/**
 * A booking's context across shards started beside the account's guard (an
 * endpoint's early reads), for the customer and partner its cached routing
 * row names: the context's batch on the request's shard and the hinted
 * shards' reads, side by side; used only when read for the same
 * (bookable.ts `StartedContext`).
 */
export function startBookingAcross(
  db: Db,
  shards: PartnerShards,
  ids: { customerId: string; partnerId: string },
  workoutId: string,
  asked: BookingAsked,
): StartedContext {
  const away = hintedAway(shards, workoutId, asked);
  away.catch(() => undefined);
  return { ...startBookingContext(db, ids, workoutId, asked), away };
}

/** An early read of a shard narrowed to the context's delivery partners there (the index may name more). */
function onlyOf<T extends { calendars: CalendarRows; open: { slot: { partnerAccountId: string } }[] }>(read: T, partnerIds: string[]): T {
  return { ...read, calendars: calendarOnlyOf(read.calendars, partnerIds), open: read.open.filter((o) => partnerIds.includes(o.slot.partnerAccountId)) };
}

/**
 * The delivery partner of a booking request: drawn by selection percent
 * among the in-date candidates FREE at every time requested (those who
 * publish no hours, or whose open times hold each one; see
 * worker/domain/availability.ts `freeForRequest`), from the calendars the
 * booking context read for the request's window. 409 when the workout has
 * no in-date partner; 400 on the times no partner has open.
 */
export function partnerForRequest(context: BookingContext, requested: RequestedSession[], now = Date.now()): BookingContext["candidates"][number] {
  const active = activeCandidates(context.candidates, today());
  if (!active.length) throw conflict("No delivery partner is available for this workout");
  const calendars = calendarsFrom(
    active.map((c) => c.id),
    context.workout.id,
    context.calendars,
  );
  const { free, fields } = freeForRequest(calendars, requested, now);
  if (Object.keys(fields).length) throw invalid(fields, fields.sessions ?? MESSAGES.notOpenTime);
  const chosen = drawDeliveryPartner(
    active.filter((c) => free.some((f) => f.partnerId === c.id)),
    today(),
  );
  if (!chosen) throw conflict("No delivery partner is available for this workout");
  return chosen;
}

/**
 * The delivery partner's shard when it is not the job's (`jobShard`): found
 * through the directory only when the partner's row on the job's shard names
 * another one (a job delivered on its own shard makes no call); null otherwise.
 */
export async function delivererAway(shards: PartnerShards, jobShard: string, subject: MoveSubject): Promise<ShardOf | null> {
  const partnerId = subject.job.deliveryPartnerAccountId;
  if (!partnerId || !subject.deliveryShard || subject.deliveryShard === jobShard) return null;
  const [found] = await shards.elsewhere([partnerId]);
  const name = found?.name ?? shards.here;
  return name === jobShard ? null : { name, db: shards.open(name), partnerIds: [partnerId] };
}

/** The open slots of the job's delivery partner for its workout: as read with the job, or on the partner's shard when it is another (`shard`). */
export async function openSlotsForJob(shards: PartnerShards, jobShard: string, subject: MoveSubject) {
  const away = await delivererAway(shards, jobShard, subject);
  if (!away) return { slots: subject.openSlots, shard: undefined };
  const rows = await openSlotsRead(away.db, subject.job.workoutId, away.partnerIds);
  return { slots: rows.map((r) => r.slot), shard: away.name };
}

/**
 * 400 on each requested time the job's delivery partner does not have open
 * (its own sessions not counted as busy); nothing when it publishes no hours.
 * A delivery partner on another shard has its calendar read there, or taken
 * from `early` (read beside the job, ./early-calendars.ts) when that covers it.
 */
export async function requireOpenForJob(
  shards: PartnerShards,
  subject: MoveSubject,
  requested: RequestedSession[],
  window: { busyFrom: string; busyTo: string },
  early: readonly EarlyCalendar[] = [],
  now = Date.now(),
) {
  const { job } = subject;
  const partnerId = job.deliveryPartnerAccountId;
  if (!partnerId || !requested.some((s) => s.times.length)) return;
  const away = awayIds(shards.here, [{ id: partnerId, shard: subject.deliveryShard }]);
  const there = away.length ? await shards.elsewhere(away) : [];
  const input = { workoutId: job.workoutId, exceptJobId: job.id, ...window };
  const rows = there.length ? calendarsMerged(subject.calendars, there, await calendarsAway(shards.here, there, input, early)) : subject.calendars;
  const { fields } = freeForRequest(calendarsFrom([partnerId], job.workoutId, rows), requested, now);
  if (Object.keys(fields).length) throw invalid(fields, fields.sessions ?? MESSAGES.notOpenTime);
}

/**
 * Times about to be booked without a slot (`times`: per line, chosen in the
 * body's `lines`) against the delivery partner's calendar as it is now (this
 * job's own sessions not busy): read with the job, and for a partner on
 * another shard than the job's (`jobShard`) on its own, where its other
 * customers' sessions are. 409 on each `lines.<i>.time` another session of
 * the partner now takes (with its buffer), or, when `hours`, that is no
 * longer one of its open times. Answers the partner's buffer (minutes), which
 * the move's claims keep (worker/data/time-claims.ts): they refuse the move
 * when another, on any shard, books the time meanwhile. `early`: partners'
 * calendars read beside the job (./early-calendars.ts: a move from a
 * delivery copy, the hinted delivery partners of the booking partner), used
 * when one is the read the re-check needs, else read now.
 */
export async function requireFreeToBook(
  shards: PartnerShards,
  jobShard: string,
  subject: MoveSubject,
  chosen: { lineId: string }[],
  times: Map<string, string>,
  hours: boolean,
  early?: EarlyCalendar | readonly EarlyCalendar[],
  now = Date.now(),
): Promise<number> {
  const { job } = subject;
  if (!job.deliveryPartnerAccountId || !times.size) return 0;
  const away = await delivererAway(shards, jobShard, subject);
  const window = { workoutId: job.workoutId, exceptJobId: job.id, ...requestWindow([{ times: [...times.values()] }]) };
  const rows = away ? calendarsMerged(subject.calendars, [away], await calendarsAway(jobShard, [away], window, [early ?? []].flat())) : subject.calendars;
  const [calendar] = calendarsFrom([job.deliveryPartnerAccountId], job.workoutId, rows);
  if (!calendar) return 0;
  const booked = [...times].map(([lineId, at]) => ({
    at,
    lengthMinutes: subject.lines.find((l) => l.id === lineId)?.lengthMinutes ?? 0,
    field: `lines.${chosen.findIndex((c) => c.lineId === lineId)}.time`,
  }));
  const fields = takenTimes(calendar, booked, now, hours);
  const first = Object.values(fields)[0];
  if (first) throw conflict(first, fields);
  return calendar.schedule?.bufferMinutes ?? 0;
}
