import { describe, expect, it, vi } from "vitest";
import { AT_ONCE, FULL_FOR_MS, firstSeenFull, sawFull, seatFreed, tryTurn, turnsAt, waitTurn } from "../../worker/data/full-slots";

describe("slots seen full", () => {
  it("refuses the first choice naming a slot seen full, only within the moment it is kept", () => {
    const at = 1_000_000;
    sawFull("p", "b", at);
    const choices = [{ slotId: "a" }, { slotId: "b" }, {}];
    expect(firstSeenFull("p", choices, at + FULL_FOR_MS - 1)).toBe(1);
    expect(firstSeenFull("p", choices, at + FULL_FOR_MS)).toBe(-1);
    // Past its moment it is forgotten, not refused again.
    expect(firstSeenFull("p", choices, at)).toBe(-1);
  });

  it("answers only the customers of the partner whose booking saw it fill", () => {
    const at = 1_500_000;
    sawFull("p", "e", at);
    expect(firstSeenFull("p", [{ slotId: "e" }], at + 1)).toBe(0);
    expect(firstSeenFull("q", [{ slotId: "e" }], at + 1)).toBe(-1);
  });

  it("forgets a slot whose seat was given back, for every partner", () => {
    const at = 2_000_000;
    sawFull("p", "c", at);
    sawFull("q", "c", at);
    expect(firstSeenFull("p", [{ slotId: "c" }], at + 1)).toBe(0);
    seatFreed("c");
    expect(firstSeenFull("p", [{ slotId: "c" }], at + 1)).toBe(-1);
    expect(firstSeenFull("q", [{ slotId: "c" }], at + 1)).toBe(-1);
  });

  it("never refuses a choice of times", () => {
    sawFull("p", "d", 3_000_000);
    expect(firstSeenFull("p", [{}, { slotId: undefined }], 3_000_001)).toBe(-1);
  });
});

describe("turns at a slot", () => {
  it("let AT_ONCE bookings at a slot at once, and the next one in when one is done", async () => {
    vi.useFakeTimers();
    try {
      const held = Array.from({ length: AT_ONCE }, () => tryTurn("p", ["t1"]));
      expect(held.every(Boolean)).toBe(true);
      expect(tryTurn("p", ["t1"])).toBeNull();
      let got: (() => void) | undefined;
      void waitTurn("p", [{ slotId: "t1" }], () => Date.now()).then((r) => (got = r));
      await vi.advanceTimersByTimeAsync(50);
      expect(got).toBeUndefined();
      held[0]!();
      await vi.advanceTimersByTimeAsync(20);
      expect(got).toBeDefined();
      expect(turnsAt("p", "t1")).toBe(AT_ONCE);
      got!();
      for (const release of held) release!();
      expect(turnsAt("p", "t1")).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("look again less and less often, and go on after their longest wait without a turn", async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(globalThis, "setTimeout");
    try {
      const held = Array.from({ length: AT_ONCE }, () => tryTurn("p", ["t2"]));
      let done = false;
      void waitTurn("p", [{ slotId: "t2" }], () => Date.now()).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done).toBe(true);
      // About 3 s at 16 ms at most between looks: under 200 wake-ups, not 1,500.
      expect(spy.mock.calls.length).toBeLessThan(200);
      expect(turnsAt("p", "t2")).toBe(AT_ONCE);
      for (const release of held) release!();
    } finally {
      spy.mockRestore();
      vi.useRealTimers();
    }
  });

  it("are counted per partner whose customers book: another tenant's rush on a slot id never makes this partner's customers wait", () => {
    const others = Array.from({ length: AT_ONCE }, () => tryTurn("other", ["t4"]));
    expect(tryTurn("other", ["t4"])).toBeNull();
    const own = tryTurn("p", ["t4"]);
    expect(own).not.toBeNull();
    expect(turnsAt("p", "t4")).toBe(1);
    expect(turnsAt("other", "t4")).toBe(AT_ONCE);
    own!();
    for (const release of others) release!();
    expect(turnsAt("other", "t4")).toBe(0);
  });

  it("stop waiting once the slot is seen full for the partner's customers", async () => {
    vi.useFakeTimers();
    try {
      const held = Array.from({ length: AT_ONCE }, () => tryTurn("p", ["t3"]));
      let got: (() => void) | undefined;
      void waitTurn("p", [{ slotId: "t3" }], () => Date.now()).then((r) => (got = r));
      sawFull("p", "t3", Date.now());
      await vi.advanceTimersByTimeAsync(40);
      expect(got).toBeDefined();
      expect(turnsAt("p", "t3")).toBe(AT_ONCE);
      for (const release of held) release!();
      seatFreed("t3");
    } finally {
      vi.useRealTimers();
    }
  });
});
