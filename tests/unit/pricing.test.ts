import { describe, expect, it } from "vitest";
import { choosePrice, effectiveLines, priceCustomer, workoutPrice, type PriceCustomer, type PriceLine } from "../../worker/domain/pricing";

const TODAY = "2026-06-15";
let n = 0;
const line = (over: Partial<PriceLine>): PriceLine => ({
  id: `l${++n}`,
  priceType: "allCustomers",
  customerAccountId: null,
  priceGroupId: null,
  pricingType: "value",
  onPlan: false,
  currency: "USD",
  amount: 1000,
  startDate: null,
  endDate: null,
  ...over,
});

const onPlan: PriceCustomer = { id: "c1", priceGroupId: "g1", currency: "USD", onPlan: true };
const offPlan: PriceCustomer = { ...onPlan, onPlan: false };

const allMoney = line({ amount: 1000 });
const groupMoney = line({ priceType: "customerPriceGroup", priceGroupId: "g1", amount: 900 });
const otherGroupMoney = line({ priceType: "customerPriceGroup", priceGroupId: "g2", amount: 100 });
const customerMoney = line({ priceType: "customer", customerAccountId: "c1", amount: 800 });
const otherCustomerMoney = line({ priceType: "customer", customerAccountId: "c2", amount: 50 });
const allCredits = line({ pricingType: "unit", onPlan: true, amount: 2 });
const groupCredits = line({ pricingType: "unit", onPlan: true, priceType: "customerPriceGroup", priceGroupId: "g1", amount: 1 });
const gbpMoney = line({ currency: "GBP", amount: 700 });
const expired = line({ priceType: "customer", customerAccountId: "c1", amount: 10, endDate: "2026-06-14" });
const future = line({ priceType: "customer", customerAccountId: "c1", amount: 10, startDate: "2026-06-16" });
const lastDay = line({ priceType: "customer", customerAccountId: "c1", amount: 20, startDate: "2026-06-15", endDate: "2026-06-15" });

const cases: [string, PriceLine[], PriceCustomer, ReturnType<typeof choosePrice>][] = [
  ["no lines: no price", [], offPlan, null],
  ["all customers money", [allMoney], offPlan, { kind: "money", amount: 1000, currency: "USD", lineId: allMoney.id }],
  ["price group beats all customers", [allMoney, groupMoney], offPlan, { kind: "money", amount: 900, currency: "USD", lineId: groupMoney.id }],
  ["customer beats price group", [allMoney, groupMoney, customerMoney], offPlan, { kind: "money", amount: 800, currency: "USD", lineId: customerMoney.id }],
  [
    "another group or customer never applies",
    [allMoney, otherGroupMoney, otherCustomerMoney],
    offPlan,
    { kind: "money", amount: 1000, currency: "USD", lineId: allMoney.id },
  ],
  ["on plan: credits", [allMoney, allCredits], onPlan, { kind: "credits", amount: 2, lineId: allCredits.id }],
  ["on plan: most specific credits", [allCredits, groupCredits, customerMoney], onPlan, { kind: "credits", amount: 1, lineId: groupCredits.id }],
  ["off plan: credits ignored", [allCredits, allMoney], offPlan, { kind: "money", amount: 1000, currency: "USD", lineId: allMoney.id }],
  ["on plan without credit lines: money", [groupMoney], onPlan, { kind: "money", amount: 900, currency: "USD", lineId: groupMoney.id }],
  ["only the account's currency", [gbpMoney], offPlan, null],
  ["account currency chosen among currencies", [gbpMoney, allMoney], offPlan, { kind: "money", amount: 1000, currency: "USD", lineId: allMoney.id }],
  ["expired and future lines do not apply", [allMoney, expired, future], offPlan, { kind: "money", amount: 1000, currency: "USD", lineId: allMoney.id }],
  ["dates are inclusive", [allMoney, lastDay], offPlan, { kind: "money", amount: 20, currency: "USD", lineId: lastDay.id }],
  [
    "a customer with no group skips group lines",
    [allMoney, groupMoney],
    { ...offPlan, priceGroupId: null },
    { kind: "money", amount: 1000, currency: "USD", lineId: allMoney.id },
  ],
];

describe("pricing: the most specific line", () => {
  it.each(cases)("%s", (_name, lines, customer, expected) => {
    expect(choosePrice(lines, customer, TODAY)).toEqual(expected);
  });

  it("uses a variant's own lines when it has custom pricing, the base lines otherwise", () => {
    const all = [
      { id: "base", variantId: null },
      { id: "v1", variantId: "var1" },
    ];
    expect(effectiveLines(all, { id: "var1", customPricing: true }).map((l) => l.id)).toEqual(["v1"]);
    expect(effectiveLines(all, { id: "var1", customPricing: false }).map((l) => l.id)).toEqual(["base"]);
    expect(effectiveLines(all, null).map((l) => l.id)).toEqual(["base"]);
  });
});

describe("a workout's price for a customer", () => {
  // Workout w1 is by author A; partner P made a variant of it.
  const w1 = { id: "w1", accountId: "A" };
  const of = (over: Partial<PriceLine>, workoutId: string, accountId: string, variantId: string | null = null) => ({
    ...line(over),
    workoutId,
    accountId,
    variantId,
  });
  const base = of({ amount: 1000 }, "w1", "A");
  const partnersBase = of({ amount: 10 }, "w1", "P");
  const otherWorkout = of({ amount: 5 }, "w2", "A");
  const variantLine = of({ amount: 700 }, "w1", "P", "pv");
  const lines = [base, partnersBase, otherWorkout, variantLine];
  const customer = priceCustomer({ id: "c1", priceGroupId: "g1", currency: "USD" }, false);

  it("reads the customer's fields and whether a plan is in force", () => {
    expect(customer).toEqual(offPlan);
    expect(priceCustomer({ id: "c1", priceGroupId: "g1", currency: "USD" }, true)).toEqual(onPlan);
  });

  it.each([
    ["no variant: the author's base lines of this workout only", null, base.id],
    ["a variant without custom pricing: still the author's base lines", { id: "pv", customPricing: false }, base.id],
    ["a variant with custom pricing: its own lines", { id: "pv", customPricing: true }, variantLine.id],
  ] as const)("%s", (_name, variant, lineId) => {
    expect(workoutPrice(w1, variant, lines, customer, TODAY)?.lineId).toBe(lineId);
  });

  it("is null when no line of the workout applies", () => {
    expect(workoutPrice({ id: "w3", accountId: "A" }, null, lines, customer, TODAY)).toBeNull();
  });
});
