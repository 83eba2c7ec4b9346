import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BookingOptions } from "../../contract/bookings";
import { platformNameFrom } from "../../contract/styling";
import {
  accounts,
  creditEntries,
  jobs,
  prerequisites,
  scores,
  sessionActionItems,
  stylings,
  deliveryPartners,
  libraryEntries,
  pricingLines,
  slots,
  workoutSessions,
  workoutVariants,
  workouts,
} from "../../db/schema";
import { calendarReads, NO_WINDOW, type CalendarRows } from "./availability";
import { priceCustomer, workoutPrice } from "../domain/pricing";
import { chooseVariants } from "../domain/visibility";
import { missingPrerequisites } from "../domain/booking-rules";
import type { Db } from "../env";
import { notFound } from "../http/errors";
import type { Account } from "../identity/context";
import { planInForceQuery } from "./catalogue";
import { ledgerBalance } from "./credits";
import { today } from "./query";
import { customerSees, variantInDate, visibleWhere } from "./visibility";
import { recipientReads, type RecipientRows } from "./job-mail";
import { formerRecord, withFormerScores } from "./former-record";
import { reusableBatch } from "./reusable";
import { actionItemColumns, sessionColumns, workoutColumns, type Columns, type SessionActionItem } from "./booking-columns";
import type { ShardOf } from "./partner-shards";

/** A value bound when the batch runs (see ./reusable.ts). */
const ph = (name: string) => sql.placeholder(name);
/** The customer's partner, read in the customer's own row. */
const partnerAcc = alias(accounts, "partner_acc");

/** What booking needs to know about a workout a customer may book */
export type Bookable = {
  workout: Columns<typeof workoutColumns>;
  variant: typeof workoutVariants.$inferSelect | null;
  sessions: Columns<typeof sessionColumns>[];
  price: BookingOptions["price"];
  pricingLineId: string | null;
};

/** Everything booking a workout needs, read in ONE D1 round trip (see `bookingContext`). */
export type BookingContext = Bookable & {
  /** The workout's delivery partners (the variant's own entries first), with their addresses and names. */
  candidates: {
    id: string;
    selectionPercent: number;
    startDate: string | null;
    endDate: string | null;
    name: string;
    email: string | null;
    /** The shard its account row (a reference copy for a partner elsewhere) names. */
    shard: string | null;
  }[];
  /** Open slots (seats left, in the future) of the candidates, soonest first (those asked, for a booking: BookingAsked `slotIds`); `shard`: the slot's, when it is a candidate's on another shard. */
  open: { slot: typeof slots.$inferSelect; partnerName: string; shard?: string }[];
  balance: number;
  creditEntryId: string | null;
  actionItems: SessionActionItem[];
  /** The prerequisites the customer does not meet (empty when none). */
  missing: string[];
  /** The customer's partner (the owner of the relationship) and its platform name, for the mail. */
  partner: { id: string; name: string; email: string | null; platformName: string };
  /** The rows that name the mail's recipients (the booker, the partner and the delivery partners, with their branding). */
  mail: RecipientRows;
  /** The delivery partners' schedules and the sessions they have booked in the window asked for (none without one). */
  calendars: CalendarRows;
};

/** What a booking context is read for, beyond the customer and the workout. */
export type BookingAsked = {
  /** The variant asked for (the catalogue's when absent). */
  variantId?: string;
  /** The user booking, whose address the mail reads. */
  bookerId?: string;
  /** The times whose calendars are read (none when absent). */
  window?: { busyFrom: string; busyTo: string };
  /** The slots a booking asks for (`slotsAsked`), the only open ones read; every open slot when absent (the options). */
  slotIds?: string[];
  /** The shards the customer lived on before a re-link. */
  history?: Db[] | Promise<Db[]>;
  /** The context's batch, started beside the account's guard (used only when read for the same). */
  started?: StartedContext;
};

/** A window no calendar row falls in: nothing is read. */
const nameOf = (col: SQLiteColumn, alias: string) => sql<string>`${col}`.as(alias);

/** One column of the workout's prerequisites, for an `in` (a null never matches). */
const prerequisiteColumn = (db: Db, column: SQLiteColumn) =>
  db
    .select({ value: sql`${column}`.as("value") })
    .from(prerequisites)
    .where(eq(prerequisites.workoutId, ph("workoutId")));

/** The booking context's reads, one batch, its values bound to placeholders (`contextValues`). */
function contextBuild(db: Db) {
  // The partner and every delivery partner of the workout: the mail about a booking goes out in their branding.
  const partnerIds = sql`(select ${ph("partnerId")} union select ${accounts.id} from ${deliveryPartners} join ${accounts} on ${accounts.id} = ${deliveryPartners.partnerAccountId} or (${deliveryPartners.partnerAccountId} is null and ${accounts.tan} = ${deliveryPartners.partnerTan} and ${accounts.type} = 'partner') where ${deliveryPartners.workoutId} = ${ph("workoutId")})`;
  return [
    db
      .select({ workout: workoutColumns })
      .from(libraryEntries)
      .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
      .where(and(eq(libraryEntries.workoutId, ph("workoutId")), visibleWhere(ph("partnerId"), ph("day"))))
      .limit(1),
    db
      .select()
      .from(workoutVariants)
      .where(
        and(
          eq(workoutVariants.workoutId, ph("workoutId")),
          sql`(${ph("variantId")} is null or ${workoutVariants.id} = ${ph("variantId")})`,
          variantInDate(ph("day")),
        ),
      )
      .orderBy(asc(workoutVariants.createdAt)),
    db
      .select(sessionColumns)
      .from(workoutSessions)
      .where(eq(workoutSessions.workoutId, ph("workoutId")))
      .orderBy(asc(workoutSessions.sequence)),
    db
      .select()
      .from(pricingLines)
      .where(eq(pricingLines.workoutId, ph("workoutId"))),
    // The customer's credit balance, its latest credit entry (where a booking's consumption goes), whether a plan is in force,
    // and its partner's name, address and platform name (the mail's): one row.
    db
      .select({
        partnerName: sql<string | null>`${partnerAcc.name}`.as("partner_name"),
        partnerEmail: sql<string | null>`${partnerAcc.primaryEmail}`.as("partner_email"),
        platformName: sql<string | null>`(select ${stylings.platformName} from ${stylings} where ${stylings.accountId} = ${partnerAcc.id})`.as("platform_name"),
        total: ledgerBalance(accounts.id),
        entryId: sql<string | null>`(${db
          .select({ id: creditEntries.id })
          .from(creditEntries)
          .where(eq(creditEntries.accountId, ph("customerId")))
          .orderBy(desc(creditEntries.startDate))
          .limit(1)})`.as("latest_entry_id"),
        planId: sql<string | null>`(${planInForceQuery(db, ph("customerId"), ph("day"))})`.as("plan_in_force_id"),
      })
      .from(accounts)
      .leftJoin(partnerAcc, eq(partnerAcc.id, ph("partnerId")))
      .where(eq(accounts.id, ph("customerId"))),
    db
      .select({
        variantId: deliveryPartners.variantId,
        selectionPercent: deliveryPartners.selectionPercent,
        startDate: deliveryPartners.startDate,
        endDate: deliveryPartners.endDate,
        accountId: nameOf(accounts.id, "resolved_account_id"),
        accountName: nameOf(accounts.name, "resolved_account_name"),
        accountEmail: accounts.primaryEmail,
        accountShard: sql<string | null>`${accounts.shard}`.as("resolved_account_shard"),
      })
      .from(deliveryPartners)
      // The entry's account, else the partner account with its TAN.
      .leftJoin(
        accounts,
        or(
          eq(accounts.id, deliveryPartners.partnerAccountId),
          and(isNull(deliveryPartners.partnerAccountId), eq(accounts.tan, deliveryPartners.partnerTan), eq(accounts.type, "partner")),
        ),
      )
      .where(eq(deliveryPartners.workoutId, ph("workoutId"))),
    db
      .select({ slot: slots, partnerName: nameOf(accounts.name, "partner_name") })
      .from(slots)
      .innerJoin(accounts, eq(accounts.id, slots.partnerAccountId))
      .where(
        and(
          eq(slots.workoutId, ph("workoutId")),
          gte(slots.startsAt, ph("now")),
          sql`${slots.seatsTaken} < ${slots.capacity}`,
          // A booking reads only the slots it asks for (a JSON list); the options every open one (null).
          sql`(${ph("slotIds")} is null or ${slots.id} in (select value from json_each(${ph("slotIds")})))`,
        ),
      )
      .orderBy(asc(slots.startsAt)),
    db
      .select(actionItemColumns)
      .from(sessionActionItems)
      .where(
        inArray(
          sessionActionItems.sessionId,
          db
            .select({ id: workoutSessions.id })
            .from(workoutSessions)
            .where(eq(workoutSessions.workoutId, ph("workoutId"))),
        ),
      ),
    db
      .select({
        type: prerequisites.type,
        name: prerequisites.name,
        category: prerequisites.category,
        minimumScore: prerequisites.minimumScore,
        requiredWorkoutId: prerequisites.requiredWorkoutId,
        requiredWorkoutName: sql<string | null>`(select coalesce(w.title, w.name) from workouts w where w.id = ${prerequisites.requiredWorkoutId})`.as(
          "required_workout_name",
        ),
        startDate: prerequisites.startDate,
        endDate: prerequisites.endDate,
      })
      .from(prerequisites)
      .where(eq(prerequisites.workoutId, ph("workoutId"))),
    // The customer's record only as far as the workout's prerequisites ask: the scores of their categories, the workouts they require.
    db
      .select({ category: scores.category, score: scores.score, createdAt: scores.createdAt })
      .from(scores)
      .where(and(eq(scores.accountId, ph("customerId")), inArray(scores.category, prerequisiteColumn(db, prerequisites.category))))
      .orderBy(desc(scores.createdAt)),
    db
      .selectDistinct({ workoutId: jobs.workoutId })
      .from(jobs)
      .where(
        and(
          eq(jobs.accountId, ph("customerId")),
          eq(jobs.status, "completed"),
          inArray(jobs.workoutId, prerequisiteColumn(db, prerequisites.requiredWorkoutId)),
        ),
      ),
    // The calendars only for times asked (a request, the open times): a booking into slots and the options read none.
    ...calendarReads(db, { partnerIds, workoutId: ph("workoutId"), busyFrom: ph("busyFrom"), busyTo: ph("busyTo"), windowed: true }),
    ...recipientReads(db, sql`(select value from json_each(${ph("bookers")}))`, partnerIds),
  ] as const;
}

/** The values a booking context's batch binds: the customer and its partner, the workout, what is asked, the day and the time it is read. */
function contextValues(ids: { customerId: string; partnerId: string }, workoutId: string, asked: BookingAsked) {
  const { variantId, bookerId, window = NO_WINDOW, slotIds } = asked;
  return {
    partnerId: ids.partnerId,
    workoutId,
    variantId: variantId ?? null,
    customerId: ids.customerId,
    day: today(),
    now: new Date().toISOString(),
    bookers: JSON.stringify(bookerId ? [bookerId] : []),
    slotIds: slotIds ? JSON.stringify(slotIds) : null,
    ...window,
  };
}

/** The slots a booking asks for: those its sessions name in slots mode, none for a request of times (it takes no slot). */
export const slotsAsked = (body: { mode: "request" | "slots"; sessions: { slotId?: string }[] }): string[] =>
  body.mode === "slots" ? body.sessions.flatMap((s) => (s.slotId ? [s.slotId] : [])) : [];

/** Whether reads started for `started` are those `values` ask (the time they were read at aside: the same day, milliseconds apart). */
const sameValues = (started: ContextValues, values: ContextValues) =>
  (Object.keys(values) as (keyof ContextValues)[]).every((k) => k === "now" || started[k] === values[k]);

type ContextValues = ReturnType<typeof contextValues>;

/**
 * A booking context's batch started before the customer's row is read
 * (beside the account's guard: an endpoint's early reads), for the customer
 * and partner the cached routing row names: `bookingContext` answers from it
 * only when its values are those the context then asks (the same customer,
 * partner, workout, variant, booker, window and day), else reads again.
 */
export type StartedContext = { values: ContextValues; rows: ReturnType<typeof startedRows>; away?: Promise<AwayRead[]> };

/** What a booking reads on a delivering partner's shard: its calendars and open slots there (./booking-times.ts). */
export type AwayRead = { shard: ShardOf; calendars: CalendarRows; open: { slot: typeof slots.$inferSelect; partnerName: string; shard: string }[] };
const startedRows = (db: Db, values: ContextValues) => reusableBatch(db, "booking-context", () => contextBuild(db), values);

export function startBookingContext(db: Db, ids: { customerId: string; partnerId: string }, workoutId: string, asked: BookingAsked): StartedContext {
  const values = contextValues(ids, workoutId, asked);
  const rows = startedRows(db, values);
  rows.catch(() => undefined);
  return { values, rows };
}

/**
 * The workout as the customer may book it: exactly what its catalogue shows,
 * by the one rule of ./visibility.ts (its partner's library has it
 * available, a variant in date, the visibility expression true for this
 * customer), with the variant and the price the catalogue shows (the
 * `variantId` asked for must be that customer's to get). Anything else is
 * "not found", exactly like a missing workout. Every read (library, variants, sessions, prices, plan,
 * credits, delivery partners, slots, action items, prerequisites and the
 * customer's record) goes in one D1 batch: they depend only on the workout
 * and the customer. Joined selects name their shared columns apart (a
 * batch maps rows by column name). `history`: the shards the customer lived
 * on before a re-link, whose scores and completed workouts count too.
 */
export async function bookingContext(db: Db, customer: Account, workoutId: string, asked: BookingAsked = {}): Promise<BookingContext> {
  const { history = [] } = asked;
  if (customer.type !== "customer" || !customer.parentAccountId) throw notFound("Workout not found");
  const partnerId = customer.parentAccountId;
  const values = contextValues({ customerId: customer.id, partnerId }, workoutId, asked);
  const { day } = values;
  // What the customer did on the shards it lived on before a re-link counts for prerequisites too, read side by side.
  const [[library, variants, sessions, prices, [credit], candidates, open, items, prereqs, scoreRows, completed, schedules, booked, ...mail], former] =
    await Promise.all([
      asked.started && sameValues(asked.started.values, values) ? asked.started.rows : startedRows(db, values),
      formerRecord(history, customer.id),
    ]);
  const row = library[0];
  if (!row || !customerSees(customer, row.workout)) throw notFound("Workout not found");
  // The catalogue's variant; with `variantId`, that one, if the customer gets it.
  const variant = chooseVariants(variants, partnerId, [row.workout]).get(row.workout.id);
  if (!variant) throw notFound("Workout not found");
  const chosen = workoutPrice(row.workout, variant, prices, priceCustomer(customer, Boolean(credit?.planId)), day);
  const ownEntries = candidates.filter((c) => c.variantId === variant.id);
  const general = candidates.filter((c) => !c.variantId);
  const resolved = (ownEntries.length ? ownEntries : general)
    .map((c) => ({
      id: c.accountId ?? "",
      selectionPercent: c.selectionPercent,
      startDate: c.startDate,
      endDate: c.endDate,
      name: c.accountName ?? "",
      email: c.accountEmail ?? null,
      shard: c.accountShard ?? null,
    }))
    .filter((c) => c.id);
  const ids = new Set(resolved.map((c) => c.id));
  const latest = new Map<string, number>();
  for (const s of withFormerScores(scoreRows, former.scores)) if (!latest.has(s.category)) latest.set(s.category, s.score);
  const done = new Set([...completed.map((c) => c.workoutId), ...former.completed]);
  const missing = missingPrerequisites(prereqs, { scores: latest, completedWorkoutIds: done }, day);
  const p = credit && { name: credit.partnerName, email: credit.partnerEmail, platformName: credit.platformName };
  return {
    workout: row.workout,
    variant,
    sessions,
    price:
      chosen &&
      (chosen.kind === "credits"
        ? { kind: "credits", amount: chosen.amount, currency: null }
        : { kind: "money", amount: chosen.amount, currency: chosen.currency }),
    pricingLineId: chosen?.lineId ?? null,
    candidates: resolved,
    open: open.filter((o) => ids.has(o.slot.partnerAccountId)),
    balance: Number(credit?.total ?? 0),
    creditEntryId: credit?.entryId ?? null,
    actionItems: items,
    missing,
    partner: { id: partnerId, name: p?.name ?? "", email: p?.email ?? null, platformName: platformNameFrom(p?.platformName, platformNameFrom(p?.name)) },
    mail: mail as unknown as RecipientRows,
    calendars: [schedules, booked] as CalendarRows,
  };
}

export function slotDto(slot: typeof slots.$inferSelect, partnerName: string, lengthMinutes: number) {
  return {
    id: slot.id,
    workoutId: slot.workoutId,
    sessionId: slot.sessionId,
    startsAt: slot.startsAt,
    endsAt: new Date(Date.parse(slot.startsAt) + lengthMinutes * 60_000).toISOString(),
    capacity: slot.capacity,
    seatsTaken: slot.seatsTaken,
    partnerName,
  };
}
