import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { JobDto } from "../../contract/bookings";
import { MESSAGES } from "../../contract/messages";
import { TEAM_MESSAGES } from "../../contract/team";
import { timesForm } from "../../client/features/bookings/dialogs";
import { AdjustmentForm } from "../../client/features/customers/CreditAdjustmentForm";
import { TanForm } from "../../client/features/home/TanPrompt";
import { LayoutForm, RowForm, newRow, valuesOf } from "../../client/features/homepage/layout";
import { blank, workoutFormSchema } from "../../client/features/library/workout-form";
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
  };
  const t = (key: Parameters<typeof translate>[0], values?: Parameters<typeof translate>[1]) => translate(key, values);
  const schema = timesForm(job, true, t);

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
      times: [{ lineId: "line-1", sessionId: "session-1", time: new Date(local(day - hour)).toISOString() }],
      reason: "availability",
      comment: "Trainer away",
    });
  });
});
