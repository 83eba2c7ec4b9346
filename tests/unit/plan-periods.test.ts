import { describe, expect, it } from "vitest";
import { PlanBody } from "../../contract/entitlements";
import { addMonths, creditPeriodMonths, firstTerm, periodContaining, renewal } from "../../worker/domain/plan-periods";

describe("plan calendar", () => {
  it("adds months on the same day, or the month's last day", () => {
    expect(addMonths("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2026-12-31", 12)).toBe("2027-12-31");
  });

  it("grants credits each refresh period, else once per term", () => {
    expect(creditPeriodMonths({ commitmentTerm: "annual", refreshPeriod: "monthly" })).toBe(1);
    expect(creditPeriodMonths({ commitmentTerm: "annual", refreshPeriod: "quarterly" })).toBe(3);
    expect(creditPeriodMonths({ commitmentTerm: "annual", refreshPeriod: "none" })).toBe(12);
    expect(creditPeriodMonths({ commitmentTerm: "monthly", refreshPeriod: "none" })).toBe(1);
  });

  it("finds the period containing a day, counted from the start", () => {
    expect(periodContaining("2026-01-31", 1, "2026-01-30")).toBeNull();
    expect(periodContaining("2026-01-31", 1, "2026-01-31")).toEqual({ start: "2026-01-31", end: "2026-02-27" });
    expect(periodContaining("2026-01-31", 1, "2026-02-28")).toEqual({ start: "2026-02-28", end: "2026-03-30" });
    expect(periodContaining("2026-01-31", 1, "2026-03-31")).toEqual({ start: "2026-03-31", end: "2026-04-29" });
    expect(periodContaining("2025-01-01", 3, "2026-11-26")).toEqual({ start: "2026-10-01", end: "2026-12-31" });
    expect(periodContaining("2025-01-01", 12, "2026-01-01")).toEqual({ start: "2026-01-01", end: "2026-12-31" });
  });

  it("commits a new plan to one term and renews it the day after", () => {
    expect(firstTerm("2026-11-26", "monthly")).toEqual({ earliestEndDate: "2026-12-25", renewalDate: "2026-12-26" });
    expect(firstTerm("2026-11-26", "annual")).toEqual({ earliestEndDate: "2027-11-25", renewalDate: "2027-11-26" });
  });

  it("renews to the next term boundary after the day, catching up missed renewals, and not past the plan's end", () => {
    const entry = { startDate: "2025-01-01", endDate: null, commitmentTerm: "annual" as const };
    expect(renewal(entry, "2026-01-01")).toEqual({ renewalDate: "2027-01-01", earliestEndDate: "2026-12-31" });
    expect(renewal(entry, "2028-03-01")).toEqual({ renewalDate: "2029-01-01", earliestEndDate: "2028-12-31" });
    expect(renewal({ ...entry, endDate: "2026-06-30" }, "2026-01-01")).toEqual({ renewalDate: null, earliestEndDate: "2026-12-31" });
  });
});

describe("plan definition", () => {
  const valid = {
    planName: "Team",
    variantName: "Monthly 4",
    commitmentTerm: "monthly",
    credits: 4,
    refreshPeriod: "monthly",
    priceAmount: 9900,
    currency: "USD",
  };

  it("takes a plan with its price, and one not sold for money", () => {
    expect(PlanBody.parse(valid)).toMatchObject({ credits: 4, priceAmount: 9900, currency: "USD" });
    expect(PlanBody.parse({ ...valid, priceAmount: null, currency: "USD" })).toMatchObject({ priceAmount: null, currency: null });
  });

  it("refuses credits refreshing less often than the plan renews, a price without currency, and bad quantities", () => {
    const issues = (body: object) => PlanBody.safeParse(body).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(issues({ ...valid, refreshPeriod: "quarterly" })).toEqual(["refreshPeriod: Credits cannot refresh less often than the plan renews"]);
    expect(issues({ ...valid, currency: null })).toEqual(["currency: Choose the currency of the price"]);
    expect(issues({ ...valid, credits: -1 })).toEqual(["credits: Invalid quantity"]);
    expect(issues({ ...valid, credits: 1.5, planName: " " })).toEqual(["planName: Required", "credits: Invalid quantity"]);
  });
});
