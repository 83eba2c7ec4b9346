import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MESSAGES } from "../../contract/messages";
import { AttachmentData } from "../../contract/workouts";
import { blank, workoutFormSchema } from "../../client/features/library/workout-form";

function issuesOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const item = (startDate: string | null, endDate: string | null) => ({
  assigneeType: "customer",
  stage: "beforeSession",
  name: "Confirm the attendee list",
  link: "",
  dueOffsetDays: "",
  startDate,
  endDate,
});
const session = (actionItems: unknown[]) => ({
  name: "One",
  shortSummary: "",
  description: "",
  icon: "",
  lengthMinutes: "60",
  startDate: null,
  endDate: null,
  actionItems,
});

describe("the workout editor's dates of action items and attachments", () => {
  it("an action item's end before its start is refused under its end date; dates in order pass", () => {
    const form = { ...blank("enUS"), totalMinutes: "60" };
    const wrong = issuesOf(workoutFormSchema(true), { ...form, sessions: [session([item("2030-02-01", "2030-01-01")])] });
    expect(wrong["sessions.0.actionItems.0.endDate"]).toBe(MESSAGES.endBeforeStart);
    const right = issuesOf(workoutFormSchema(true), { ...form, sessions: [session([item("2030-01-01", "2030-02-01")])] });
    expect(right["sessions.0.actionItems.0.endDate"]).toBeUndefined();
  });

  it("an attachment's end before its start is refused under its end date", () => {
    const base = { type: "link", category: "resource", value: "https://example.com/guide" };
    expect(issuesOf(AttachmentData, { ...base, startDate: "2030-02-01", endDate: "2030-01-01" }).endDate).toBe(MESSAGES.endBeforeStart);
    expect(issuesOf(AttachmentData, { ...base, startDate: "2030-01-01", endDate: null })).toEqual({});
  });
});
