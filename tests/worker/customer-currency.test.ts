/**
 * A customer's currency is its partner's, wherever it gets that partner
 * (docs/decisions/2026-11-27-customer-currency-is-its-partners.md): one made
 * on Contoso's domain pays in pounds and sees Contoso's GBP prices, one made
 * on Northwind's in dollars, whatever the onboarding form sends; one made on
 * the main domain, with no partner yet, keeps the currency it chose. A linked
 * customer's details keep its partner's currency.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { ACCOUNT_DETAILS, apiAs, multipart, newCustomer, type Api } from "./auth";
import { shardDbOf } from "./databases";
import { directory } from "./flows-setup";
import { json } from "./helpers";
import { customerOnDomain } from "./partner-domain";

const CONTOSO_HOST = `${DEMO.contoso.domain}:5173`;
const NORTHWIND_HOST = `${DEMO.northwind.domain}:5173`;

type Price = { kind: "credits" | "money"; amount: number; currency: string | null } | null;

/** The account's currency on its shard and in the directory's routing row. */
async function currencies(id: string) {
  const [onShard] = await (await shardDbOf(id)).select({ currency: schema.accounts.currency }).from(schema.accounts).where(eq(schema.accounts.id, id));
  const [routing] = await directory.select({ currency: schema.accounts.currency }).from(schema.accounts).where(eq(schema.accounts.id, id));
  return { shard: onShard?.currency, directory: routing?.currency };
}

/** The money prices of the customer's catalogue (its first page), by workout id. */
async function moneyPrices(api: Api): Promise<{ id: string; price: NonNullable<Price> }[]> {
  const res = await api.get("/v1/workouts");
  expect(res.status).toBe(200);
  const { items } = await json<{ items: { id: string; price: Price }[] }>(res);
  return items.flatMap((i) => (i.price?.kind === "money" ? [{ id: i.id, price: i.price }] : []));
}

describe("a customer made on a partner's domain", () => {
  it("on Contoso's takes its GBP, whatever the form sends, and sees Contoso's prices in pounds in the catalogue and the overlay", async () => {
    const { id, api } = await customerOnDomain(CONTOSO_HOST, { ...ACCOUNT_DETAILS, currency: "USD", name: "Pier Pharmacy" });
    expect(await currencies(id)).toEqual({ shard: "GBP", directory: "GBP" });
    expect(await json(await api.get(`/v1/accounts/${id}`))).toMatchObject({ currency: "GBP", parentAccountId: DEMO.contoso.id });
    const prices = await moneyPrices(api);
    expect(prices.length).toBeGreaterThan(0);
    expect(new Set(prices.map((p) => p.price.currency))).toEqual(new Set(["GBP"]));
    // The booking overlay prices the same workout the same way.
    const [one] = prices;
    const options = await api.get(`/v1/bookings/options/${one!.id}`);
    expect(options.status).toBe(200);
    expect((await json<{ price: Price }>(options)).price).toEqual(one!.price);
  });

  it("on Northwind's takes its USD, even when the form sends pounds", async () => {
    const { id, api } = await customerOnDomain(NORTHWIND_HOST, { ...ACCOUNT_DETAILS, currency: "GBP", language: "enGB", name: "Quay Dollars" });
    expect(await currencies(id)).toEqual({ shard: "USD", directory: "USD" });
    const prices = await moneyPrices(api);
    expect(prices.length).toBeGreaterThan(0);
    expect(new Set(prices.map((p) => p.price.currency))).toEqual(new Set(["USD"]));
  });

  it("refuses an unknown currency, no token and a partner account there, writing nothing", async () => {
    const { bearer } = await customerOnDomain(CONTOSO_HOST, { ...ACCOUNT_DETAILS, name: "First Of Two" });
    const there = apiAs(bearer, { host: CONTOSO_HOST });
    expect((await there.post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, currency: "EUR", name: "Euro Ltd", type: "customer" }))).status).toBe(400);
    expect((await apiAs(null, { host: CONTOSO_HOST }).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Euro Ltd", type: "customer" }))).status).toBe(
      401,
    );
    expect((await there.post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Euro Ltd", type: "partner" }))).status).toBe(403);
    expect(await directory.select().from(schema.accounts).where(eq(schema.accounts.name, "Euro Ltd"))).toEqual([]);
  });
});

describe("a customer made on the main domain", () => {
  it("has no partner yet and keeps the currency it chose", async () => {
    const user = await newCustomer("Maple Main");
    const res = await apiAs(user.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, currency: "CAD", name: "Maple Loonie", type: "customer" }));
    expect(res.status).toBe(201);
    const created = await json<{ id: string; currency: string; parentAccountId: string | null }>(res);
    expect(created).toMatchObject({ currency: "CAD", parentAccountId: null });
    expect(await currencies(created.id)).toEqual({ shard: "CAD", directory: "CAD" });
  });
});

describe("Account Details of a customer", () => {
  const profile = (api: Api, id: string, currency: string) =>
    api.send("PUT", `/v1/admin/accounts/${id}/profile`, multipart({ ...ACCOUNT_DETAILS, name: "Kept Name Ltd", currency }));

  it("keeps a linked customer's partner's currency, whatever the form sends", async () => {
    const { id, api } = await customerOnDomain(CONTOSO_HOST, { ...ACCOUNT_DETAILS, name: "Dockside Dental" });
    const res = await profile(api, id, "CAD");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: "Kept Name Ltd", currency: "GBP" });
    expect(await currencies(id)).toEqual({ shard: "GBP", directory: "GBP" });
    expect((await moneyPrices(api)).every((p) => p.price.currency === "GBP")).toBe(true);
  });

  it("lets a customer with no partner change its own", async () => {
    const { token, id } = await newCustomer("Unlinked Co");
    const res = await profile(apiAs(token, { accountId: id }), id, "CAD");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ currency: "CAD" });
    expect(await currencies(id)).toEqual({ shard: "CAD", directory: "CAD" });
  });

  it("refuses an unknown currency, no token and another tenant's admin, changing nothing", async () => {
    const { id, api } = await customerOnDomain(CONTOSO_HOST, { ...ACCOUNT_DETAILS, name: "Wharf Works" });
    expect((await profile(api, id, "EUR")).status).toBe(400);
    expect((await profile(apiAs(null, { host: CONTOSO_HOST, accountId: id }), id, "CAD")).status).toBe(401);
    expect((await profile(apiAs("partnerAdmin", { accountId: id }), id, "CAD")).status).toBeGreaterThanOrEqual(400);
    expect((await profile(apiAs("otherCustomerAdmin", { accountId: id }), id, "CAD")).status).toBeGreaterThanOrEqual(400);
    const [row] = await (await shardDbOf(id)).select().from(schema.accounts).where(eq(schema.accounts.id, id));
    expect(row).toMatchObject({ name: "Wharf Works", currency: "GBP" });
  });
});
