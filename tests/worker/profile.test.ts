import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { ACCOUNT_DETAILS, apiAs, multipart, newCustomer, PNG, type Caller } from "./auth";
import { json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });
const ALPINE = DEMO.customers.alpine.id;
const TAILSPIN = DEMO.customers.tailspin.id;

const details = { name: "Tailspin Logistics Ltd", ...ACCOUNT_DETAILS };
const accountRow = async (id: string) => first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, id)));

describe("PUT v1/admin/accounts/{accountId}/profile", () => {
  const put = (who: Caller, id: string, data: unknown, files: Record<string, Blob> = {}, accountId = id) =>
    apiAs(who, { accountId }).put(`/v1/admin/accounts/${id}/profile`, multipart(data, files));

  it("saves the details and the logo (details.logo) under the public R2 prefix", async () => {
    const { token, id } = await newCustomer();
    const res = await put(token, id, details, { "details.logo": PNG });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ name: "Tailspin Logistics Ltd", website: "https://tailspin.test", language: "enGB" });
    expect(body.logo.uri).toMatch(/\/files\/public\/accounts\//);
    const row = await accountRow(id);
    expect(row.logoKey).toMatch(new RegExp(`^public/accounts/${id}/`));
    expect(await env.UPLOADS.head(row.logoKey!)).not.toBeNull();
  });

  it("answers 400 for an empty name or website, a bad URL or email, writing nothing", async () => {
    const { token, id } = await newCustomer();
    const before = await accountRow(id);
    const res = await put(token, id, { ...details, name: " ", website: "", primaryEmail: "nope" });
    expect(res.status).toBe(400);
    const fields = (await json(res)).error.fields;
    expect(fields).toMatchObject({ name: "Required", website: "Required", primaryEmail: "Invalid Email" });
    const url = await put(token, id, { ...details, website: "http://no spaces" });
    expect((await json(url)).error.fields.website).toBe("Must be a valid URL");
    expect(await accountRow(id)).toEqual(before);
  });

  it("answers 415 for a logo that is not an image", async () => {
    const { token, id } = await newCustomer();
    const res = await put(token, id, details, { "details.logo": new Blob(["<svg/>"], { type: "image/svg+xml" }) });
    expect(res.status).toBe(415);
  });

  it("answers 401, 403 to a member, and 404 for another account (nothing written)", async () => {
    const before = await accountRow(DEMO.customers.fabrikam.id);
    expect((await put(null, DEMO.customers.fabrikam.id, details)).status).toBe(401);
    expect((await put("customerMember", DEMO.customers.fabrikam.id, details)).status).toBe(403);
    // The caller acts as its own account but names another one.
    expect((await put("customerAdmin", DEMO.customers.harbour.id, details, {}, DEMO.customers.fabrikam.id)).status).toBe(404);
    // Or names another tenant's account as X-Account-Id.
    expect((await put("otherCustomerAdmin", DEMO.customers.fabrikam.id, details)).status).toBe(403);
    expect(await accountRow(DEMO.customers.fabrikam.id)).toEqual(before);
  });
});

describe("POST v1/admin/accounts/{accountId}/assign-parent", () => {
  const assign = (who: Caller, id: string, body: unknown, accountId = id) => apiAs(who, { accountId }).post(`/v1/admin/accounts/${id}/assign-parent`, body);

  it("links a customer to the partner with that TAN", async () => {
    const { token, id } = await newCustomer();
    expect((await accountRow(id)).parentAccountId).toBeNull();
    const exists = await json(await apiAs(token).get(`/v1/accounts/exist?tan=${DEMO.northwind.tan}&type=partner`));
    expect(exists.exists).toBe(true);
    const res = await assign(token, id, { tan: DEMO.northwind.tan });
    expect(res.status).toBe(200);
    expect((await json(res)).parentAccountId).toBe(DEMO.northwind.id);
    expect((await accountRow(id)).parentAccountId).toBe(DEMO.northwind.id);
  });

  it("answers 400 for a malformed or unknown TAN, writing nothing", async () => {
    const { token, id } = await newCustomer();
    const malformed = await assign(token, id, { tan: "12ab" });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.fields.tan).toBe("A TAN is 6 digits");
    const unknown = await assign(token, id, { tan: "000001" });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error.fields.tan).toBe("Invalid Partner TAN");
    expect((await accountRow(id)).parentAccountId).toBeNull();
  });

  it("answers 401, 403 to a member or a partner account, and 404 for another account", async () => {
    expect((await assign(null, ALPINE, { tan: DEMO.contoso.tan })).status).toBe(401);
    expect((await assign("customerMember", DEMO.customers.fabrikam.id, { tan: DEMO.contoso.tan })).status).toBe(403);
    expect((await assign("partnerAdmin", DEMO.northwind.id, { tan: DEMO.contoso.tan })).status).toBe(403);
    expect((await assign("customerAdmin", TAILSPIN, { tan: DEMO.contoso.tan }, DEMO.customers.fabrikam.id)).status).toBe(404);
    expect((await accountRow(TAILSPIN)).parentAccountId).toBe(DEMO.northwind.id);
    expect((await accountRow(DEMO.customers.fabrikam.id)).parentAccountId).toBe(DEMO.northwind.id);
  });
});
