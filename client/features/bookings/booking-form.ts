import { z } from "zod";
import { CreateBooking, type BookingOptions } from "../../../contract/bookings";
import { sessionOrderProblems } from "../../../contract/session-order";
import { zonedInputToIso } from "../../lib/dates";

export type BookingMode = "slots" | "request";
type Translate = (key: "booking.error.startAfter" | "booking.error.endBefore", values: { sequence: number; name: string }) => string;

const SessionValues = z.object({ sessionId: z.string(), slotId: z.string(), times: z.tuple([z.string(), z.string()]) });
const Values = z.object({ mode: z.enum(["slots", "request"]), sessions: z.array(SessionValues) });
export type BookingValues = z.input<typeof Values>;

/** The Book step's first values: no time chosen for any session; open times when every session has some. */
export function bookingDefaults(options: BookingOptions): BookingValues {
  const hasSlots = options.sessions.every((s) => s.slots.length > 0);
  return { mode: hasSlots ? "slots" : "request", sessions: options.sessions.map((s) => ({ sessionId: s.id, slotId: "", times: ["", ""] })) };
}

/**
 * The booking overlay's form, checked as the contract's CreateBooking of
 * `options`' workout: per session an open time (slots) or a preferred and an
 * optional alternative time (request, a wall-clock date and time in the reader's `timeZone`).
 * The body keeps the form's paths (`sessions.<i>.slotId`, `sessions.<i>.times.<j>`),
 * so the contract's messages (Required, in the future) and the Worker's land
 * at their controls; an alternative without a preferred time counts as none.
 * Then, as the Worker checks it, the sessions in their order, reported at
 * the time that breaks it.
 */
export function bookingForm(options: BookingOptions, t: Translate, timeZone: string) {
  const startOf = (sessionIndex: number, slotId: string | undefined) => options.sessions[sessionIndex]?.slots.find((x) => x.id === slotId)?.startsAt;
  return Values.transform((v): unknown => ({
    workoutId: options.workout.id,
    mode: v.mode,
    sessions: v.sessions.map((s) => {
      if (v.mode === "slots") return { sessionId: s.sessionId, slotId: s.slotId || undefined };
      const [first, second] = s.times.map((x) => zonedInputToIso(x, timeZone) ?? x);
      return { sessionId: s.sessionId, times: first ? (second ? [first, second] : [first]) : [] };
    }),
  })).pipe(
    CreateBooking.superRefine((body, ctx) => {
      const problems = sessionOrderProblems(
        body.sessions.map((s, i) => {
          const session = options.sessions[i];
          const times = body.mode === "slots" ? [startOf(i, s.slotId)].filter((x): x is string => Boolean(x)) : (s.times ?? []);
          return {
            sequence: session?.sequence ?? i + 1,
            name: session?.name ?? "",
            lengthMinutes: session?.lengthMinutes ?? 0,
            moved: true,
            times,
            key: (j: number): (string | number)[] => (body.mode === "slots" ? ["sessions", i, "slotId"] : ["sessions", i, "times", j]),
          };
        }),
      );
      const seen = new Set<string>();
      for (const p of problems) {
        if (seen.has(p.key.join("."))) continue;
        seen.add(p.key.join("."));
        const message = t(p.kind === "startAfter" ? "booking.error.startAfter" : "booking.error.endBefore", { sequence: p.other.sequence, name: p.other.name });
        ctx.addIssue({ code: "custom", path: p.key, message });
      }
    }),
  );
}
