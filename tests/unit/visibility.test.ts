import { describe, expect, it } from "vitest";
import type { VisibilityExpression } from "../../contract/workouts";
import { chooseVariants, isVisible, subjectOf, type VisibilitySubject } from "../../worker/domain/visibility";

const fabrikam: VisibilitySubject = { priceGroupId: "pg-enterprise", industry: "manufacturing", size: "100-250", location: "US" };
const unknown: VisibilitySubject = { priceGroupId: null, industry: null, size: null, location: null };

const industryIn = (...values: string[]) => ({ field: "industry" as const, comparator: "in" as const, values });
const locationNotIn = (...values: string[]) => ({ field: "location" as const, comparator: "notIn" as const, values });
const groupIn = (...values: string[]) => ({ field: "priceGroup" as const, comparator: "in" as const, values });
const sizeIn = (...values: string[]) => ({ field: "size" as const, comparator: "in" as const, values });

const cases: [string, VisibilityExpression | null, VisibilitySubject, boolean][] = [
  ["no expression: everyone", null, fabrikam, true],
  ["empty and-group: everyone", { operator: "and", conditions: [] }, fabrikam, true],
  ["empty or-group: everyone", { operator: "or", conditions: [] }, unknown, true],
  ["industry in (match)", { operator: "and", conditions: [industryIn("manufacturing", "retail")] }, fabrikam, true],
  ["industry in (no match)", { operator: "and", conditions: [industryIn("retail")] }, fabrikam, false],
  ["unknown value is never in", { operator: "and", conditions: [industryIn("retail")] }, unknown, false],
  ["unknown value is always not in", { operator: "and", conditions: [locationNotIn("UK")] }, unknown, true],
  ["location not in (excluded)", { operator: "and", conditions: [locationNotIn("US")] }, fabrikam, false],
  ["price group in", { operator: "and", conditions: [groupIn("pg-enterprise")] }, fabrikam, true],
  ["size in", { operator: "and", conditions: [sizeIn("250+")] }, fabrikam, false],
  ["and: all hold", { operator: "and", conditions: [industryIn("manufacturing"), sizeIn("100-250")] }, fabrikam, true],
  ["and: one fails", { operator: "and", conditions: [industryIn("manufacturing"), sizeIn("1-10")] }, fabrikam, false],
  ["or: one holds", { operator: "or", conditions: [industryIn("retail"), sizeIn("100-250")] }, fabrikam, true],
  ["or: none holds", { operator: "or", conditions: [industryIn("retail"), sizeIn("1-10")] }, fabrikam, false],
  [
    "nested: and(or(retail, group), not UK)",
    { operator: "and", conditions: [{ operator: "or", conditions: [industryIn("retail"), groupIn("pg-enterprise")] }, locationNotIn("UK")] },
    fabrikam,
    true,
  ],
  [
    "nested: or(and(retail, US), and(health, UK))",
    {
      operator: "or",
      conditions: [
        { operator: "and", conditions: [industryIn("retail"), locationNotIn("UK")] },
        { operator: "and", conditions: [industryIn("health"), locationNotIn("US")] },
      ],
    },
    fabrikam,
    false,
  ],
];

describe("visibility expression evaluator", () => {
  it.each(cases)("%s", (_name, expression, subject, expected) => {
    expect(isVisible(expression, subject)).toBe(expected);
  });
});

describe("the subject an expression tests", () => {
  it("is the account's price group, industry, size and location, nothing else", () => {
    const account = { ...fabrikam, id: "c1", name: "Fabrikam", currency: "USD" };
    expect(subjectOf(account)).toEqual(fabrikam);
  });
});

// Workout w1 is by author A; the customer's partner is P; Q is another partner.
const v = (id: string, workoutId: string, accountId: string) => ({ id, workoutId, accountId });
const list = [
  { id: "w1", accountId: "A" },
  { id: "w2", accountId: "P" },
];
const variantCases: [string, ReturnType<typeof v>[], Record<string, string>][] = [
  ["the author's variant when the partner has none", [v("a1", "w1", "A")], { w1: "a1" }],
  ["the partner's own before the author's, whichever is older", [v("a1", "w1", "A"), v("p1", "w1", "P")], { w1: "p1" }],
  ["the partner's oldest of its own", [v("p1", "w1", "P"), v("a1", "w1", "A"), v("p2", "w1", "P")], { w1: "p1" }],
  ["the author's oldest", [v("a1", "w1", "A"), v("a2", "w1", "A")], { w1: "a1" }],
  ["never another partner's", [v("q1", "w1", "Q")], {}],
  ["another partner's is passed over for the author's", [v("q1", "w1", "Q"), v("a1", "w1", "A")], { w1: "a1" }],
  ["a workout the partner wrote: its own", [v("p1", "w2", "P")], { w2: "p1" }],
  ["each workout its own choice", [v("a1", "w1", "A"), v("p3", "w2", "P")], { w1: "a1", w2: "p3" }],
  ["no in-date variant: no choice (not in the catalogue)", [], {}],
];

describe("the variant a customer gets (in-date variants, oldest first)", () => {
  it.each(variantCases)("%s", (_name, variants, expected) => {
    const chosen = chooseVariants(variants, "P", list);
    expect(Object.fromEntries([...chosen].map(([id, x]) => [id, x.id]))).toEqual(expected);
  });
});
