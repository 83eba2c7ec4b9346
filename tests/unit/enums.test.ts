import { describe, expect, it } from "vitest";
import * as enums from "../../contract/enums";
import { AccountLocation, Category, CategoryFilter, Currency, Industry, JobLineStatus, JobStatus, Language, OrgSize, TeamType } from "../../contract/enums";

/** Every exported enumeration (readonly string tuples) of contract/enums.ts. */
const allEnums = (Object.entries(enums) as [string, unknown][]).filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]));

describe("contract enums", () => {
  it("lists the 15 industries", () => {
    expect(Industry).toHaveLength(15);
    expect(Industry).toContain("professionalServices");
    expect(Industry).toContain("utilities");
  });

  it('lists the seven categories, and the search filter adds only "all"', () => {
    expect(Category).toEqual([
      "aiAndAutomation",
      "dataAndInsights",
      "productivityAndCollaboration",
      "securityAndContinuity",
      "businessSystemsAndOperations",
      "commsAndConnectivity",
      "strategy",
    ]);
    expect(CategoryFilter).toEqual(["all", ...Category]);
  });

  it("lists the eight team types", () => {
    expect(TeamType).toHaveLength(8);
    expect(TeamType).toContain("itAndData");
  });

  it("has the three English variants, currencies, locations and org sizes", () => {
    expect(Language).toEqual(["enUS", "enGB", "enAU"]);
    expect(Currency).toEqual(["USD", "GBP", "CAD"]);
    expect(AccountLocation).toEqual(["US", "UK", "CA"]);
    expect(OrgSize).toEqual(["1-10", "10-25", "25-50", "50-100", "100-250", "250+"]);
  });

  it("has line statuses equal to job statuses without cancelled", () => {
    expect([...JobLineStatus]).toEqual(JobStatus.filter((s) => s !== "cancelled"));
  });

  it("exports a non-empty list of string values for every enumeration", () => {
    expect(allEnums.length).toBeGreaterThan(40);
    for (const [name, values] of allEnums) {
      expect(values.length, name).toBeGreaterThan(0);
      for (const v of values) expect(typeof v, `${name}: ${String(v)}`).toBe("string");
    }
  });

  it("has unique values within each enumeration", () => {
    for (const [name, values] of allEnums) {
      expect(new Set(values).size, name).toBe(values.length);
    }
  });

  it("uses camelCase values (apart from codes and sizes written as shown)", () => {
    const shownAsWritten = new Set(["Currency", "AccountLocation", "OrgSize"]);
    for (const [name, values] of allEnums) {
      if (shownAsWritten.has(name)) continue;
      for (const v of values) expect(v, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
  });
});
