import { z } from "zod";
import { FutureDateTime, SeenVersion } from "./bookings";
import { MESSAGES } from "./messages";

const uuid = z.string().uuid(MESSAGES.invalidUuid);

/** Minutes since midnight of "HH:MM" ("24:00" is the end of the day). */
export const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `zone` is an IANA time zone (the runtime's own list). */
export function isIanaZone(zone: string): boolean {
  if (!zone.includes("/") && zone !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z.string().max(64).refine(isIanaZone, "Not a known time zone");

const clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Use a time like 09:30");

export const TimeRange = z
  .object({ start: clock, end: clock })
  .refine((r) => minutesOfDay(r.end) > minutesOfDay(r.start), { path: ["end"], message: "Must be after the start" });

/** Ranges of one day: each after the previous one ends (no overlaps). */
const dayRanges = z
  .array(TimeRange)
  .max(12, "At most 12 ranges a day")
  .superRefine((ranges, ctx) => {
    const sorted = ranges.map((r, i) => ({ ...r, i })).sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    for (let k = 1; k < sorted.length; k++) {
      if (minutesOfDay(sorted[k]!.start) < minutesOfDay(sorted[k - 1]!.end))
        ctx.addIssue({ code: "custom", path: [sorted[k]!.i, "start"], message: "Overlaps another range" });
    }
  });

export const WeeklyHours = z.object({ day: z.number().int().min(0).max(6), ranges: dayRanges });
export const DateOverride = z.object({ date: z.string().date(MESSAGES.invalidDate), ranges: dayRanges });

/** A partner's weekly availability (all its workouts, or one workout's own), in the schedule's zone. */
export const SaveAvailability = z
  .object({
    workoutId: uuid.nullable().optional(),
    timeZone: TimeZone,
    weekly: z
      .array(WeeklyHours)
      .max(7)
      .superRefine((days, ctx) => {
        const seen = new Set<number>();
        days.forEach((d, i) => {
          if (seen.has(d.day)) ctx.addIssue({ code: "custom", path: [i, "day"], message: MESSAGES.alreadyExists });
          seen.add(d.day);
        });
      }),
    overrides: z
      .array(DateOverride)
      .max(366)
      .superRefine((dates, ctx) => {
        const seen = new Set<string>();
        dates.forEach((d, i) => {
          if (seen.has(d.date)) ctx.addIssue({ code: "custom", path: [i, "date"], message: MESSAGES.alreadyExists });
          seen.add(d.date);
        });
      }),
    minNoticeMinutes: z
      .number({ error: MESSAGES.invalidQuantity })
      .int(MESSAGES.invalidQuantity)
      .min(0, MESSAGES.invalidQuantity)
      .max(60 * 24 * 30, "At most 30 days"),
    bufferMinutes: z.number({ error: MESSAGES.invalidQuantity }).int(MESSAGES.invalidQuantity).min(0, MESSAGES.invalidQuantity).max(240, "At most 240 minutes"),
  })
  .meta({ id: "SaveAvailability" });
export type SaveAvailability = z.infer<typeof SaveAvailability>;

export const AvailabilityQuery = z.object({ workoutId: uuid.optional() });

export const AvailabilityDto = z
  .object({
    id: z.string(),
    workoutId: z.string().nullable(),
    timeZone: z.string(),
    weekly: z.array(z.object({ day: z.number(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) })),
    overrides: z.array(z.object({ date: z.string(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) })),
    minNoticeMinutes: z.number(),
    bufferMinutes: z.number(),
    /** True when a workout was asked for and these are the partner's own hours (the workout has none of its own). */
    inherited: z.boolean(),
  })
  .meta({ id: "Availability" });
export type AvailabilityDto = z.infer<typeof AvailabilityDto>;

/** At most this many days of open times per call (a month view and its edges). */
export const OPEN_TIMES_MAX_DAYS = 62;

const instant = z.string().datetime({ offset: true, message: MESSAGES.invalidDate });
/** The window's end after its start, and at most OPEN_TIMES_MAX_DAYS long. */
function windowRule(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const span = Date.parse(q.to) - Date.parse(q.from);
  if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be after the start" });
  else if (span > OPEN_TIMES_MAX_DAYS * 86_400_000) ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${OPEN_TIMES_MAX_DAYS} days` });
}

/** Open times of a session of a workout the customer may book. */
export const WorkoutOpenTimesQuery = z.object({ sessionId: uuid, from: instant, to: instant }).superRefine(windowRule);
/** Open times for one session (line) of an existing booking, with its delivery partner. */
export const JobOpenTimesQuery = z.object({ lineId: uuid, from: instant, to: instant }).superRefine(windowRule);

export const OpenTimes = z
  .object({
    /** The session's length, minutes. */
    lengthMinutes: z.number(),
    /** Start times, ISO 8601 UTC, ascending. */
    times: z.array(z.string()),
    /** Whether any delivery partner publishes availability (otherwise any time may be proposed). */
    hasAvailability: z.boolean(),
  })
  .meta({ id: "OpenTimes" });
export type OpenTimes = z.infer<typeof OpenTimes>;

/** Publishing a series of times at once: one wall-clock time on some weekdays for a number of weeks, in a zone. */
export const RecurringSlots = z
  .object({
    workoutId: uuid,
    sessionId: uuid,
    capacity: z.coerce.number().int(MESSAGES.invalidQuantity).min(1, MESSAGES.invalidQuantity).max(10000, MESSAGES.invalidQuantity),
    timeZone: TimeZone,
    startDate: z.string().date(MESSAGES.invalidDate),
    time: clock.refine((t) => t !== "24:00", "Use a time like 09:30"),
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, "Choose at least one weekday").max(7),
    weeks: z.coerce.number().int(MESSAGES.invalidQuantity).min(1, MESSAGES.invalidQuantity).max(52, "At most 52 weeks"),
  })
  .meta({ id: "RecurringSlots" });
export type RecurringSlots = z.infer<typeof RecurringSlots>;

/** The delivery partner proposes other times (up to three per session waiting) instead of confirming or denying. */
export const ProposeTimes = z
  .object({
    lines: z
      .array(z.object({ lineId: uuid, times: z.array(FutureDateTime).min(1, MESSAGES.required).max(3, "At most 3 times") }))
      .min(1, MESSAGES.noItems)
      .max(100, "At most 100 sessions"),
    comment: z.string().trim().max(500).optional(),
    version: SeenVersion,
  })
  .meta({ id: "ProposeTimes" });
export type ProposeTimes = z.infer<typeof ProposeTimes>;

/** The customer accepts the partner's proposal: one of the proposed times per session. */
export const AcceptProposal = z
  .object({
    lines: z
      .array(z.object({ lineId: uuid, time: FutureDateTime }))
      .min(1, MESSAGES.noItems)
      .max(100, "At most 100 sessions"),
    version: SeenVersion,
  })
  .meta({ id: "AcceptProposal" });
export type AcceptProposal = z.infer<typeof AcceptProposal>;
