import { describe, expect, it } from "vitest";
import { claimChanges, claimWindow, type ClaimLine } from "../../worker/domain/time-claims";

/** Which times a move of a job claims and gives back for its delivering partner (worker/domain/time-claims.ts). */
const P = "partner";
const J = "job";
const line = (id: string, over: Partial<ClaimLine> = {}): ClaimLine => ({
  id,
  status: "confirmed",
  scheduledAt: "2031-03-03T09:00:00Z",
  slotId: null,
  lengthMinutes: 60,
  ...over,
});
const starts = (claims: { startsAt: string }[]) => claims.map((c) => c.startsAt);

describe("the claims a move changes", () => {
  it("claims each session booked at a new time, its start normalised and its end after its length", () => {
    const { take, release } = claimChanges(
      P,
      J,
      { status: "awaitingConfirmation", lines: [line("a", { status: "awaitingConfirmation", scheduledAt: null })] },
      { status: "confirmed", lines: [line("a")] },
    );
    expect(take).toEqual([
      expect.objectContaining({ partnerId: P, jobId: J, lineId: "a", startsAt: "2031-03-03T09:00:00.000Z", endsAt: "2031-03-03T10:00:00.000Z" }),
    ]);
    expect(release).toEqual([]);
  });

  it("keeps an unchanged time, and gives back a moved, cancelled, denied or completed one", () => {
    const before = { status: "confirmed" as const, lines: [line("a"), line("b", { scheduledAt: "2031-03-04T09:00:00.000Z" })] };
    const moved = claimChanges(P, J, before, { status: "confirmed", lines: [line("a", { scheduledAt: "2031-03-03T11:00:00Z" }), before.lines[1]!] });
    expect(starts(moved.take)).toEqual(["2031-03-03T11:00:00.000Z"]);
    expect(starts(moved.release)).toEqual(["2031-03-03T09:00:00.000Z"]);
    expect(starts(claimChanges(P, J, before, { ...before, status: "cancelled" }).release)).toHaveLength(2);
    const denied = before.lines.map((l) => ({ ...l, status: "awaitingScheduling" as const, scheduledAt: null }));
    expect(claimChanges(P, J, before, { status: "awaitingScheduling", lines: denied }).release).toHaveLength(2);
    const completed = claimChanges(P, J, before, { status: "inProgress", lines: [{ ...before.lines[0]!, status: "completed" }, before.lines[1]!] });
    expect(starts(completed.release)).toEqual(["2031-03-03T09:00:00.000Z"]);
    expect(completed.take).toEqual([]);
  });

  it("takes another claim for the same time in another slot, and none without a delivering partner", () => {
    const before = { status: "confirmed" as const, lines: [line("a", { slotId: "s1" })] };
    const other = claimChanges(P, J, before, { status: "confirmed", lines: [line("a", { slotId: "s2" })] });
    expect(other.take.map((c) => c.slotId)).toEqual(["s2"]);
    expect(other.release.map((c) => c.slotId)).toEqual(["s1"]);
    expect(other.take[0]!.key).not.toBe(other.release[0]!.key);
    expect(claimChanges(null, J, { status: "pending", lines: [] }, { status: "confirmed", lines: [line("a")] })).toEqual({ take: [], release: [] });
  });
});

describe("the window a claim keeps clear", () => {
  it("widens a requested time by the partner's buffer on both sides, and a seat in a published slot by none", () => {
    const [claim] = claimChanges(P, J, { status: "pending", lines: [] }, { status: "confirmed", lines: [line("a")] }).take;
    expect(claimWindow(claim!, 15)).toEqual({ from: "2031-03-03T08:45:00.000Z", to: "2031-03-03T10:15:00.000Z" });
    const [seat] = claimChanges(P, J, { status: "pending", lines: [] }, { status: "confirmed", lines: [line("a", { slotId: "s" })] }).take;
    expect(claimWindow(seat!, 15)).toEqual({ from: "2031-03-03T09:00:00.000Z", to: "2031-03-03T10:00:00.000Z" });
  });
});
