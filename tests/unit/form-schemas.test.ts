import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { BookingOptions, JobDto } from "../../contract/bookings";
import { manualScoreFormSchema, SCORE_MESSAGES } from "../../contract/assessments";
import { MESSAGES } from "../../contract/messages";
import { PrerequisiteInput } from "../../contract/workouts";
import { TEAM_MESSAGES } from "../../contract/team";
import { bookingDefaults, bookingForm } from "../../client/features/bookings/booking-form";
import { timesForm } from "../../client/features/bookings/dialogs";
import { slotForm } from "../../client/features/bookings/SlotsPanel";
import { AdjustmentForm } from "../../client/features/customers/CreditAdjustmentForm";
import { TanForm } from "../../client/features/home/TanPrompt";
import { LayoutForm, RowForm, newRow, valuesOf } from "../../client/features/homepage/layout";
import { blank, workoutFormSchema } from "../../client/features/library/workout-form";
import { browserTimeZone } from "../../client/lib/dates";
import { errorAt } from "../../client/lib/forms";
import { translate } from "../../client/lib/i18n";

/** Each issue's message by its dotted path (the first one per path, as the form shows it). */
function issuesOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const customerId = "3f0b9a52-2d1c-4c55-9a51-7a8f0f0c1a11";
const adjustment = (itemType: "bonus" | "planAdjustment", quantity: string) => ({ accountId: customerId, itemType, quantity, context: "" });

describe("forms checked by the contract's schemas", () => {
  /** A workout of one session, as the slot form reads it. */
  const oneSession = {
    id: customerId,
    name: "W",
    title: "W",
    maxAttendees: 10,
    sessions: [{ id: customerId, name: "S", sequence: 1, lengthMinutes: 60 }],
    partnerName: null,
  };

  it("a credit adjustment: an empty quantity is Required, a wrong one Invalid quantity (a bonus only adds), a valid one is the contract's body", () => {
    expect(issuesOf(AdjustmentForm, adjustment("bonus", ""))).toEqual({ quantity: MESSAGES.required });
    expect(issuesOf(AdjustmentForm, adjustment("bonus", "-3"))).toEqual({ quantity: MESSAGES.invalidQuantity });
    expect(issuesOf(AdjustmentForm, adjustment("planAdjustment", "0"))).toEqual({ quantity: MESSAGES.invalidQuantity });
    expect(issuesOf(AdjustmentForm, adjustment("planAdjustment", "1.5"))).toEqual({ quantity: MESSAGES.invalidQuantity });
    expect(AdjustmentForm.parse(adjustment("planAdjustment", " -3 "))).toEqual({
      accountId: customerId,
      itemType: "planAdjustment",
      quantity: -3,
      context: null,
    });
  });

  it("a partner's TAN: empty is Required, anything but six digits is refused, six digits pass trimmed", () => {
    expect(issuesOf(TanForm, { tan: "" })).toEqual({ tan: MESSAGES.required });
    expect(Object.keys(issuesOf(TanForm, { tan: "12a456" }))).toEqual(["tan"]);
    expect(issuesOf(TanForm, { tan: "12a456" }).tan).not.toBe(MESSAGES.required);
    expect(TanForm.parse({ tan: " 482913 " })).toEqual({ tan: "482913" });
  });

  it("the workout editor: the contract's issues carry the form's own paths, visibility conditions included", () => {
    const form = blank("enUS");
    const issues = issuesOf(workoutFormSchema(true), {
      ...form,
      visibility: { operator: "and", conditions: [{ field: "industry", comparator: "in", values: [] }] },
    });
    expect(issues.name).toBe(MESSAGES.required);
    expect(issues.sku).toBe(MESSAGES.required);
    expect(Object.keys(issues)).toContain("visibility.conditions.0.values");
  });

  it("a score prerequisite's minimum is a JSON number: the contract refuses text, null stays null, the editor sends a number", () => {
    const prerequisite = { type: "score", name: "AI", category: "aiAndAutomation", requiredWorkoutId: null, startDate: null, endDate: null };
    expect(issuesOf(PrerequisiteInput, { ...prerequisite, minimumScore: "3" })).toEqual({ minimumScore: MESSAGES.notNumber });
    expect(issuesOf(PrerequisiteInput, { ...prerequisite, minimumScore: null })).toEqual({ minimumScore: MESSAGES.required });
    expect(PrerequisiteInput.parse({ ...prerequisite, minimumScore: 3.5 })).toMatchObject({ minimumScore: 3.5 });
    expect(PrerequisiteInput.parse({ ...prerequisite, type: "license", minimumScore: null })).toMatchObject({ minimumScore: null });
    const form = blank("enUS");
    const rule = { type: "score" as const, name: "AI", category: "aiAndAutomation", requiredWorkoutId: "", startDate: null, endDate: null };
    expect(issuesOf(workoutFormSchema(true), { ...form, prerequisites: [{ ...rule, minimumScore: "abc" }] })["prerequisites.0.minimumScore"]).toBe(
      MESSAGES.notNumber,
    );
    expect(issuesOf(workoutFormSchema(true), { ...form, prerequisites: [{ ...rule, minimumScore: "4.5" }] })["prerequisites.0.minimumScore"]).toBeUndefined();
  });

  it("the manual score form: the percent as typed must be a whole number from 0 to 100; the body carries a number", () => {
    const values = (scorePercent: string) => ({ accountId: customerId, category: "strategy", scorePercent });
    expect(issuesOf(manualScoreFormSchema, values(""))).toEqual({ scorePercent: MESSAGES.required });
    expect(issuesOf(manualScoreFormSchema, values("12.5"))).toEqual({ scorePercent: SCORE_MESSAGES.whole });
    expect(issuesOf(manualScoreFormSchema, values("101"))).toEqual({ scorePercent: SCORE_MESSAGES.range });
    expect(manualScoreFormSchema.parse(values(" 50 "))).toEqual({ accountId: customerId, category: "strategy", scorePercent: 50 });
  });

  it("the homepage builder: a new row's problems are at the row's own fields; the layout's at the layout's", () => {
    const row = newRow("carouselSingle");
    expect(issuesOf(RowForm, row)).toMatchObject({
      title: MESSAGES.titleRequired,
      subtitle: MESSAGES.subtitleRequired,
      "slots.0.category": MESSAGES.categoryRequired,
    });
    const layout = valuesOf(undefined);
    expect(issuesOf(LayoutForm, layout)).toMatchObject({ rows: MESSAGES.atLeastOneRow, "rows.0.slots.0.heroText": MESSAGES.heroTextRequired });
  });

  it("a time to publish: the day and the time are Required, then the moment must be in the future; a valid one is the contract's slot", () => {
    const schema = slotForm(oneSession, "Europe/Berlin");
    expect(issuesOf(schema, { sessionId: "", date: null, time: "", capacity: "5" })).toEqual({ date: MESSAGES.required, time: MESSAGES.required });
    expect(Object.keys(issuesOf(schema, { sessionId: "", date: "2020-01-01", time: "09:00", capacity: "5" }))).toEqual(["startsAt"]);
    expect(schema.parse({ sessionId: "", date: "2999-01-01", time: "09:00", capacity: "5" })).toEqual({
      workoutId: customerId,
      sessionId: customerId,
      startsAt: "2999-01-01T08:00:00.000Z",
      capacity: 5,
    });
  });

  it("a time to publish is the wall clock of the partner's zone, whatever the browser's", () => {
    const values = { sessionId: "", date: "2999-07-01", time: "09:00", capacity: "5" };
    expect(slotForm(oneSession, "America/New_York").parse(values)).toMatchObject({ startsAt: "2999-07-01T13:00:00.000Z" });
    expect(slotForm(oneSession, "Australia/Sydney").parse(values)).toMatchObject({ startsAt: "2999-06-30T23:00:00.000Z" });
  });

  it("a list's own message is read where the resolver puts it (under root) and where a server's field puts it", () => {
    expect(errorAt({ sessions: { root: { type: "custom", message: "Too long" } } }, "sessions")).toBe("Too long");
    expect(errorAt({ sessions: { type: "custom", message: "Too long" } }, "sessions")).toBe("Too long");
    expect(errorAt({ emails: { type: "custom", message: TEAM_MESSAGES.invalidEmailAddress } }, "emails")).toBe(TEAM_MESSAGES.invalidEmailAddress);
    expect(errorAt({}, "sessions")).toBeUndefined();
  });
});

describe("the new-times form of a booking", () => {
  const hour = 60 * 60 * 1000;
  const local = (ms: number) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  const line = (n: number, scheduledAt: string | null) => ({
    id: `line-${n}`,
    sequence: n,
    sessionId: `session-${n}`,
    sessionName: `Session ${n}`,
    lengthMinutes: 60,
    status: "confirmed" as const,
    scheduledAt,
    completedAt: null,
    requestedTimes: [],
    slotId: null,
    actionItems: [],
    attachments: [],
    location: null,
    instructor: null,
    attendance: [],
  });
  const day = Date.now() + 48 * hour;
  const job: JobDto = {
    id: "job-1",
    status: "confirmed",
    workout: { id: "w", name: "W", title: null },
    customer: { id: "c", name: "C" },
    partner: { id: "p", name: "P" },
    deliveryPartner: null,
    creditsConsumed: 1,
    priceAmount: null,
    currency: null,
    cancelReason: null,
    createdAt: new Date().toISOString(),
    version: 1,
    lines: [line(1, new Date(day).toISOString()), line(2, new Date(day + 2 * hour).toISOString())],
    actions: [],
    overdue: false,
    attendees: [],
    seats: 5,
    instructor: null,
    nextSessionAt: null,
  };
  const t = (key: Parameters<typeof translate>[0], values?: Parameters<typeof translate>[1]) => translate(key, values);
  const schema = timesForm(job, true, t, browserTimeZone());

  it("asks for a session, its time and a reason before anything else", () => {
    expect(
      issuesOf(schema, {
        lines: [
          { moving: false, time: "" },
          { moving: false, time: "" },
        ],
        comment: "",
      }),
    ).toEqual({
      lines: translate("bookings.chooseSession"),
      reason: MESSAGES.required,
    });
    expect(
      issuesOf(schema, {
        lines: [
          { moving: true, time: "" },
          { moving: false, time: "" },
        ],
        reason: "availability",
        comment: "",
      }),
    ).toEqual({
      "lines.0.time": MESSAGES.required,
    });
  });

  it("refuses a time in the past and one that breaks the sessions' order, on the session moved", () => {
    const past = {
      lines: [
        { moving: true, time: local(Date.now() - hour) },
        { moving: false, time: "" },
      ],
      reason: "availability",
      comment: "",
    };
    expect(issuesOf(schema, past)).toEqual({ "lines.0.time": translate("booking.error.past") });
    const after = {
      lines: [
        { moving: true, time: local(day + 3 * hour) },
        { moving: false, time: "" },
      ],
      reason: "availability",
      comment: "",
    };
    expect(issuesOf(schema, after)).toEqual({ "lines.0.time": translate("booking.error.endBefore", { sequence: 2, name: "Session 2" }) });
  });

  it("hands on the moved sessions' new times, the reason and the trimmed comment", () => {
    const values = {
      lines: [
        { moving: true, time: local(day - hour) },
        { moving: false, time: "" },
      ],
      reason: "availability",
      comment: "  Trainer away  ",
    };
    expect(schema.parse(values)).toEqual({
      times: [{ lineId: "line-1", sessionId: "session-1", time: new Date(local(day - hour)).toISOString(), more: [] }],
      reason: "availability",
      comment: "Trainer away",
    });
  });

  it("a request made again hands on every time offered for each session, the first checked for order", () => {
    const request = timesForm(job, false, t, browserTimeZone());
    const [a, b, c] = [local(day - 3 * hour), local(day - 2 * hour), local(2 * day)];
    const values = {
      lines: [
        { moving: true, time: new Date(a).toISOString(), more: [new Date(b).toISOString()] },
        { moving: true, time: new Date(c).toISOString(), more: [] },
      ],
      comment: "",
    };
    expect(request.parse(values).times.map((x) => [x.time, ...x.more])).toEqual([
      [new Date(a).toISOString(), new Date(b).toISOString()],
      [new Date(c).toISOString()],
    ]);
  });

  describe("the booking overlay's Book step", () => {
    const ids = ["6a0b9a52-2d1c-4c55-9a51-7a8f0f0c1a01", "6a0b9a52-2d1c-4c55-9a51-7a8f0f0c1a02"] as const;
    const workoutId = "6a0b9a52-2d1c-4c55-9a51-7a8f0f0c1a00";
    const slotIds = ["6a0b9a52-2d1c-4c55-9a51-7a8f0f0c1b01", "6a0b9a52-2d1c-4c55-9a51-7a8f0f0c1b02"] as const;
    const slot = (id: string, sessionId: string, startsAt: string) => ({
      id,
      workoutId,
      sessionId,
      startsAt,
      endsAt: startsAt,
      capacity: 5,
      seatsTaken: 0,
      partnerName: "Northwind",
    });
    const options: BookingOptions = {
      workout: { id: workoutId, name: "Copilot", title: null, maxAttendees: 10, totalMinutes: 180 },
      sessions: [
        { id: ids[0], sequence: 1, name: "Basics", lengthMinutes: 120, slots: [slot(slotIds[0], ids[0], "2031-05-02T09:00:00.000Z")] },
        { id: ids[1], sequence: 2, name: "Practice", lengthMinutes: 60, slots: [slot(slotIds[1], ids[1], "2031-05-01T09:00:00.000Z")] },
      ],
      price: { kind: "credits", amount: 1, currency: null },
      creditBalance: 3,
      missingPrerequisites: [],
    };
    const schema = bookingForm(options, (key, values) => translate(key, values), "America/New_York");
    const request = (first: [string, string], second: [string, string]) => ({
      mode: "request" as const,
      sessions: [
        { sessionId: ids[0], slotId: "", times: first },
        { sessionId: ids[1], slotId: "", times: second },
      ],
    });

    it("starts with open times when every session has some, and nothing chosen", () => {
      expect(bookingDefaults(options)).toEqual({
        mode: "slots",
        sessions: [
          { sessionId: ids[0], slotId: "", times: ["", ""] },
          { sessionId: ids[1], slotId: "", times: ["", ""] },
        ],
      });
    });

    it("a session without a preferred time is Required there; a time in the past is refused at its field", () => {
      expect(issuesOf(schema, request(["", "2031-05-01T10:00"], ["2031-05-03T10:00", ""]))).toEqual({ "sessions.0.times": MESSAGES.required });
      expect(issuesOf(schema, request(["2020-05-01T10:00", ""], ["2031-05-03T10:00", ""]))).toEqual({ "sessions.0.times.0": "Must be in the future" });
    });

    it("the sessions keep their order: a later session's time before an earlier one ends is refused at that time", () => {
      const issues = issuesOf(schema, request(["2031-05-03T09:00", ""], ["2031-05-03T10:00", ""]));
      expect(Object.keys(issues)).toEqual(["sessions.1.times.0"]);
      expect(issues["sessions.1.times.0"]).toBe("Must start after session 1 (Basics) ends.");
    });

    it("valid requested times are the contract's body, preferred first", () => {
      const body = schema.parse(request(["2031-05-03T09:00", "2031-05-04T09:00"], ["2031-05-05T09:00", ""]));
      expect(body.workoutId).toBe(workoutId);
      expect(body.mode).toBe("request");
      expect(body.sessions.map((s) => s.times?.length)).toEqual([2, 1]);
      // The wall clock of the reader's zone (New York, summer time), not the browser's.
      expect(body.sessions[0]?.times?.[0]).toBe("2031-05-03T13:00:00.000Z");
    });

    it("open times: a session without one is Required; the slots' own times must keep the order too", () => {
      const slots = (a: string, b: string) => ({
        ...bookingDefaults(options),
        sessions: bookingDefaults(options).sessions.map((s, i) => ({ ...s, slotId: [a, b][i]! })),
      });
      expect(issuesOf(schema, slots(slotIds[0], ""))).toEqual({ "sessions.1.slotId": MESSAGES.required });
      expect(Object.keys(issuesOf(schema, slots(slotIds[0], slotIds[1])))).toEqual(["sessions.1.slotId"]);
    });
  });
});
