import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, newCustomer, type Caller } from "./auth";
import { assignParent, first, second } from "./flows-setup";
import { json } from "./helpers";

/**
 * A link issued to a customer without a partner names none, and is kept where
 * such a customer lives: the default shard. Once the customer has linked to a
 * partner on another shard, the link is still found there, however the taker
 * comes (naming the account, on the partner's domain, or neither), and
 * refused as issued before the customer changed provider, never "not valid"
 * (docs/decisions/2026-11-27-partnerless-links-found-where-issued.md).
 */
const CONTOSO_HOST = "skills.contoso.test";
const step = (who: Caller, token: string, kind: "open" | "submit", opts: { accountId?: string; host?: string } = {}) =>
  apiAs(who, opts).post(`/v1/assessments/${token}/${kind}`, kind === "submit" ? { answers: {} } : undefined);

describe("a link issued before a customer without a partner linked to one on another shard", () => {
  it("is refused with 409 'changed provider' from the main domain with or without the account, and on the new partner's domain; nothing is written", async () => {
    const customer = await newCustomer();
    const issued = await json<{ id: string; token: string }>(await apiAs(customer.token, { accountId: customer.id }).get("/v1/assessments/fitness-score"));
    expect(issued.token.split(".")).toHaveLength(2);
    expect((await assignParent(customer.token, customer.id, DEMO.contoso.tan)).status).toBe(202);
    // The customer now lives on Contoso's shard; the link stayed on the default one.
    expect(await second.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, customer.id))).toHaveLength(1);

    for (const opts of [{ accountId: customer.id }, {}, { host: CONTOSO_HOST }]) {
      for (const kind of ["open", "submit"] as const) {
        const res = await step(customer.token, issued.token, kind, opts);
        expect(res.status, `${kind} ${JSON.stringify(opts)}`).toBe(409);
        expect((await json(res)).error.message).toMatch(/changed provider/);
      }
    }
    const [row] = await first.select().from(schema.assessments).where(eq(schema.assessments.id, issued.id));
    expect(row).toMatchObject({ status: "pending" });
    // Anyone else's token, and none, are refused as before.
    expect((await step("customerAdmin", issued.token, "open")).status).toBe(403);
    expect((await step(null, issued.token, "open", { accountId: customer.id })).status).toBe(401);
  });

  it("a forged link naming no partner is not valid on any shard (404)", async () => {
    const forged = `${crypto.randomUUID()}.${"A".repeat(43)}`;
    expect((await step("customerAdmin", forged, "open", { accountId: DEMO.customers.fabrikam.id })).status).toBe(404);
    expect((await step("otherCustomerAdmin", forged, "open", { host: CONTOSO_HOST })).status).toBe(404);
  });
});
