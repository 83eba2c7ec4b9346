import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, multipart, PNG, signUp, tokenFor, type Caller } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });

const details = {
  name: "Globex Training",
  website: "globex.example.com",
  industry: "technology",
  size: "25-50",
  primaryEmail: "Hello@Globex.example.com",
  currency: "GBP",
  location: "UK",
  language: "enGB",
};

const create = (who: Caller, data: unknown, files = {}) => apiAs(who).post("/v1/accounts", multipart(data, files));

describe("POST /v1/accounts", () => {
  it("creates a partner account with a TAN, a styling, an organisation and the caller as owner", async () => {
    const { token } = await signUp("Olive Owner");
    const res = await create(token, { ...details, type: "partner" }, { logo: PNG });
    expect(res.status).toBe(201);
    const account = await json(res);
    expect(account).toMatchObject({
      type: "partner",
      name: "Globex Training",
      website: "https://globex.example.com",
      primaryEmail: "hello@globex.example.com",
    });
    expect(account.tan).toMatch(/^\d{6}$/);
    expect(account.logo.uri).toMatch(/^\/files\/public\/accounts\//);
    const styling = await db.select().from(schema.stylings).where(eq(schema.stylings.accountId, account.id));
    expect(first(styling).platformName).toBe("Globex Training");
    const org = await db.select().from(schema.authMembers).where(eq(schema.authMembers.organizationId, account.authId));
    expect(org).toHaveLength(1);
    expect(first(org).role).toBe("owner");
    const me = await json(await apiAs(token).get("/v1/users/me"));
    expect(me.accounts).toEqual([expect.objectContaining({ id: account.id, role: "owner", type: "partner" })]);
  });

  it("creates a customer account without a TAN", async () => {
    const { token } = await signUp();
    const account = await json(await create(token, { ...details, type: "customer" }));
    expect(account.tan).toBeNull();
    expect(account.type).toBe("customer");
  });

  it("refuses an empty name, a bad website or email with the fields named, and writes nothing", async () => {
    const { token } = await signUp();
    const before = (await db.select().from(schema.accounts)).length;
    const res = await create(token, { ...details, type: "partner", name: "  ", website: "not a url", primaryEmail: "nope" });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.fields).toMatchObject({ name: "Required", website: "Must be a valid URL", primaryEmail: "Invalid Email" });
    // Only the minimum is required: the name and the type; an unknown industry or currency is still refused.
    const missing = await json(await create(token, {}));
    expect(missing.error.fields).toEqual({ name: "Required", type: "Required" });
    const wrong = await json(await create(token, { name: "Globex", type: "customer", industry: "mining", currency: "EUR" }));
    expect(wrong.error.fields).toEqual({ industry: "Choose one of the options offered", currency: "Choose one of the options offered" });
    expect((await db.select().from(schema.accounts)).length).toBe(before);
  });

  it("creates an account from the minimum onboarding asks (name and type), the rest blank or defaulted for Your Profile", async () => {
    const { token } = await signUp("Mina Minimum");
    const res = await create(token, { name: "Minimal Co", type: "customer", website: "", primaryEmail: "  ", industry: "" });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      name: "Minimal Co",
      type: "customer",
      website: null,
      industry: null,
      size: null,
      primaryEmail: null,
      location: null,
      currency: "USD",
      language: "enUS",
    });
    const partner = await create(token, { name: "Minimal Partner", type: "partner", currency: "GBP", language: "enGB" });
    expect(partner.status).toBe(201);
    expect(await json(partner)).toMatchObject({ type: "partner", currency: "GBP", language: "enGB", website: null });
  });

  it("refuses a logo that is not an image (415) and a call without a token (401)", async () => {
    const { token } = await signUp();
    const text = new Blob(["hello"], { type: "image/png" });
    expect((await create(token, { ...details, type: "partner" }, { logo: text })).status).toBe(415);
    expect((await create(null, { ...details, type: "partner" })).status).toBe(401);
  });
});

describe("GET /v1/accounts/{id}", () => {
  it("answers an account the caller belongs to", async () => {
    const res = await apiAs("partnerMember").get(`/v1/accounts/${DEMO.northwind.id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: DEMO.northwind.id, tan: DEMO.northwind.tan, type: "partner" });
  });

  it("answers 404 for another tenant's account, 400 for a bad id, 401 without a token", async () => {
    const token = await tokenFor("customerAdmin");
    expect((await apiAs(token).get(`/v1/accounts/${DEMO.contoso.id}`)).status).toBe(404);
    expect((await apiAs(token).get(`/v1/accounts/${DEMO.northwind.id}`)).status).toBe(404);
    const bad = await apiAs(token).get(`/v1/accounts/nope`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.id).toBe("Not a valid UUID");
    expect((await call(`/v1/accounts/${DEMO.northwind.id}`)).status).toBe(401);
  });
});

describe("GET /v1/accounts/exist", () => {
  it("answers whether a partner with the TAN exists", async () => {
    const token = await tokenFor("customerAdmin");
    expect(await json(await apiAs(token).get(`/v1/accounts/exist?tan=${DEMO.northwind.tan}&type=partner`))).toEqual({ exists: true });
    expect(await json(await apiAs(token).get(`/v1/accounts/exist?tan=${DEMO.northwind.tan}&type=customer`))).toEqual({ exists: false });
    expect(await json(await apiAs(token).get(`/v1/accounts/exist?tan=000001`))).toEqual({ exists: false });
  });

  it("refuses a TAN that is not 6 digits (400) and a call without a token (401)", async () => {
    const res = await apiAs("customerAdmin").get(`/v1/accounts/exist?tan=12ab`);
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.tan).toBe("A TAN is 6 digits");
    expect((await call(`/v1/accounts/exist?tan=${DEMO.northwind.tan}`)).status).toBe(401);
  });
});

describe("X-Account-Id (GET /v1/admin/styles)", () => {
  it("acts as the account when the caller is an owner or admin of that partner", async () => {
    const res = await apiAs("partnerAdmin", { accountId: DEMO.northwind.id }).get("/v1/admin/styles");
    expect(res.status).toBe(200);
    expect((await json(res)).platformName).toBe("Northwind Learn");
  });

  it("answers 403 for a spoofed X-Account-Id of another organisation", async () => {
    const res = await apiAs("partnerAdmin", { accountId: DEMO.contoso.id }).get("/v1/admin/styles");
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("forbidden");
  });

  it("answers 403 to a partner member and to a customer admin, 400 to a malformed header, 401 without a token", async () => {
    expect((await apiAs("partnerMember", { accountId: DEMO.northwind.id }).get("/v1/admin/styles")).status).toBe(403);
    expect((await apiAs("customerAdmin", { accountId: DEMO.customers.fabrikam.id }).get("/v1/admin/styles")).status).toBe(403);
    expect((await apiAs("partnerAdmin", { accountId: "x" }).get("/v1/admin/styles")).status).toBe(400);
    expect((await call("/v1/admin/styles")).status).toBe(401);
  });
});
