import { describe, expect, it } from "vitest";
import { JobStatus } from "../../contract/enums";
import {
  activeCandidates,
  allowedActions,
  applyActions,
  completionActions,
  drawDeliveryPartner,
  dueAt,
  JOB_ACTIONS,
  nextStatus,
  type JobAction,
} from "../../worker/domain/jobs";
import { nth } from "../present";

/** Transition table, written out: every pair not listed is refused. */
const ALLOWED: Record<string, JobStatus> = {
  "pending/assign": "awaitingScheduling",
  "awaitingScheduling/requestTimes": "awaitingConfirmation",
  "awaitingScheduling/bookSlots": "confirmed",
  "awaitingConfirmation/confirm": "confirmed",
  "awaitingConfirmation/deny": "awaitingScheduling",
  "awaitingConfirmation/proposeTimes": "timesProposed",
  "timesProposed/acceptProposal": "confirmed",
  "timesProposed/requestTimes": "awaitingConfirmation",
  "timesProposed/cancel": "cancelled",
  "confirmed/rescheduleRequest": "awaitingConfirmation",
  "confirmed/rescheduleSlots": "confirmed",
  "confirmed/completeFirstLine": "inProgress",
  "inProgress/completeLastLine": "completed",
  "pending/cancel": "cancelled",
  "awaitingScheduling/cancel": "cancelled",
  "awaitingConfirmation/cancel": "cancelled",
  "confirmed/cancel": "cancelled",
  "inProgress/cancel": "cancelled",
};

describe("the job state machine", () => {
  const pairs = JobStatus.flatMap((s) => JOB_ACTIONS.map((a) => [s, a] as [JobStatus, JobAction]));
  it.each(pairs)("%s + %s", (status, action) => {
    expect(nextStatus(status, action)).toBe(ALLOWED[`${status}/${action}`] ?? null);
  });

  it("covers every (state, action) pair", () => {
    expect(pairs).toHaveLength(JobStatus.length * JOB_ACTIONS.length);
  });

  it("offers nothing from completed or cancelled", () => {
    expect(allowedActions("completed")).toEqual([]);
    expect(allowedActions("cancelled")).toEqual([]);
    expect(allowedActions("awaitingConfirmation").sort()).toEqual(["cancel", "confirm", "deny", "proposeTimes"]);
    expect(allowedActions("timesProposed").sort()).toEqual(["acceptProposal", "cancel", "requestTimes"]);
  });

  it("completes a job through in progress as its lines are completed", () => {
    expect(completionActions("confirmed", 1)).toEqual(["completeFirstLine"]);
    expect(completionActions("inProgress", 1)).toEqual([]);
    expect(completionActions("inProgress", 0)).toEqual(["completeLastLine"]);
    expect(applyActions("confirmed", completionActions("confirmed", 0)!)).toBe("completed");
    expect(completionActions("awaitingConfirmation", 0)).toBeNull();
    expect(completionActions("cancelled", 0)).toBeNull();
  });
});

describe("the weighted draw of a delivery partner", () => {
  const entries = [
    { id: "a", selectionPercent: 75, startDate: null, endDate: null },
    { id: "b", selectionPercent: 25, startDate: "2026-01-01", endDate: null },
    { id: "c", selectionPercent: 100, startDate: null, endDate: "2025-12-31" },
    { id: "d", selectionPercent: 0, startDate: null, endDate: null },
  ];

  it("keeps only partners active today with a selection above zero", () => {
    expect(activeCandidates(entries, "2026-06-01").map((e) => e.id)).toEqual(["a", "b"]);
    expect(activeCandidates(entries, "2025-06-01").map((e) => e.id)).toEqual(["a", "c"]);
  });

  it.each([
    [0, "a"],
    [0.7499, "a"],
    [0.75, "b"],
    [0.9999, "b"],
  ])("random %s draws %s", (r, id) => {
    expect(drawDeliveryPartner(entries, "2026-06-01", () => r)?.id).toBe(id);
  });

  it("follows the weights over many draws", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const drawn = Array.from({ length: 10_000 }, () => drawDeliveryPartner(entries, "2026-06-01", random)?.id);
    const shareOfA = drawn.filter((id) => id === "a").length / 10_000;
    expect(shareOfA).toBeGreaterThan(0.72);
    expect(shareOfA).toBeLessThan(0.78);
  });

  it("draws nobody when no partner is active", () => {
    expect(drawDeliveryPartner([nth(entries, 3)], "2026-06-01")).toBeNull();
    expect(drawDeliveryPartner([], "2026-06-01")).toBeNull();
  });
});

describe("action item due dates", () => {
  it.each([
    ["2026-03-10T09:00:00.000Z", 90, "beforeSession", -2, "2026-03-08T09:00:00.000Z"],
    ["2026-03-10T09:00:00.000Z", 90, "beforeSession", 0, "2026-03-10T09:00:00.000Z"],
    ["2026-03-10T09:00:00.000Z", 90, "afterSession", 1, "2026-03-11T10:30:00.000Z"],
    ["2026-03-10T09:00:00.000Z", 60, "afterSession", 0, "2026-03-10T10:00:00.000Z"],
    [null, 60, "afterSession", 1, null],
    ["2026-03-10T09:00:00.000Z", 60, "beforeSession", null, null],
  ] as const)("%s (%i min), %s %s days → %s", (at, len, stage, offset, expected) => {
    expect(dueAt(at, len, stage, offset)).toBe(expected);
  });
});
