/** A monthly plan a partner publishes for the tests that need one of their own (answered 201): its id. */
import { expect } from "vitest";
import type { Api } from "./auth";
import { json } from "./helpers";

export async function newMonthlyPlan(partner: Api, planName: string, credits: number): Promise<{ id: string }> {
  const res = await partner.post("/v1/admin/entitlements/plans", {
    planName,
    variantName: `v-${crypto.randomUUID().slice(0, 6)}`,
    commitmentTerm: "monthly",
    credits,
    refreshPeriod: "monthly",
    priceAmount: 1000,
    currency: "USD",
  });
  expect(res.status).toBe(201);
  return json<{ id: string }>(res);
}
