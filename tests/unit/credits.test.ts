import { describe, expect, it } from "vitest";
import {
  addTerm,
  adjustmentLine,
  balanceOf,
  canCancelOn,
  canChangeFrom,
  canConsume,
  compensationLine,
  consumptionLine,
  currentPeriodEnd,
  dayBefore,
  updateTypeOf,
} from "../../worker/domain/credits";

describe("the credit ledger", () => {
  it("balance is the sum of the signed quantities", () => {
    expect(balanceOf([])).toBe(0);
    expect(balanceOf([{ quantity: 12 }, { quantity: 3 }, { quantity: -2 }])).toBe(13);
  });

  it("plan adjustments add or remove, bonuses only add, zero and fractions are refused", () => {
    expect(adjustmentLine("planAdjustment", -4)).toEqual({
      source: "partner",
      itemType: "planAdjustment",
      updateType: "decrease",
      quantity: -4,
      context: null,
    });
    expect(adjustmentLine("bonus", 2, "Thanks")).toMatchObject({ updateType: "increase", quantity: 2, context: "Thanks" });
    expect(() => adjustmentLine("bonus", -1)).toThrow(RangeError);
    expect(() => adjustmentLine("planAdjustment", 0)).toThrow(RangeError);
    expect(() => adjustmentLine("planAdjustment", 1.5)).toThrow(RangeError);
    expect(updateTypeOf(-1)).toBe("decrease");
    expect(updateTypeOf(1)).toBe("increase");
  });

  it("a booking consumes and a cancellation gives back exactly what was consumed", () => {
    const consumed = consumptionLine(3, "Copilot Foundations");
    expect(consumed).toMatchObject({ itemType: "consumption", source: "booking", quantity: -3 });
    expect(compensationLine([consumed])).toMatchObject({ source: "cancellation", updateType: "increase", quantity: 3 });
    expect(compensationLine([consumed, { quantity: 3 }])).toBeNull();
    expect(() => consumptionLine(0)).toThrow(RangeError);
    expect(canConsume(3, 3)).toBe(true);
    expect(canConsume(2, 3)).toBe(false);
  });
});

describe("plan rules", () => {
  it("computes terms and periods", () => {
    // A month after 31 January is the last day of February, not 3 March.
    expect(addTerm("2025-01-31", "monthly")).toBe("2025-02-28");
    expect(addTerm("2024-02-29", "annual")).toBe("2025-02-28");
    expect(addTerm("2025-01-01", "annual")).toBe("2026-01-01");
    expect(dayBefore("2026-01-01")).toBe("2025-12-31");
    expect(currentPeriodEnd("2025-01-01", "annual", "2026-06-01")).toBe("2027-01-01");
    expect(currentPeriodEnd("2025-01-01", "monthly", "2025-01-15")).toBe("2025-02-01");
    // Periods count from the start, so a short February does not shift the months after it.
    expect(currentPeriodEnd("2025-01-31", "monthly", "2025-03-15")).toBe("2025-03-31");
  });

  it("a plan cannot be cancelled before its earliest end date", () => {
    expect(canCancelOn("2025-06-30", "2025-12-31")).toBe(false);
    expect(canCancelOn("2025-12-31", "2025-12-31")).toBe(true);
    expect(canCancelOn("2025-01-01", null)).toBe(true);
  });

  it("a plan change cannot start before the current period ends", () => {
    const plan = { startDate: "2025-01-01", commitmentTerm: "annual" as const, renewalDate: null };
    expect(canChangeFrom("2026-12-31", plan, "2026-06-01")).toBe(false);
    expect(canChangeFrom("2027-01-01", plan, "2026-06-01")).toBe(true);
    expect(canChangeFrom("2026-01-01", { ...plan, renewalDate: "2026-03-01" }, "2026-01-15")).toBe(false);
    expect(canChangeFrom("2026-03-01", { ...plan, renewalDate: "2026-03-01" }, "2026-01-15")).toBe(true);
  });
});
