import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { ACCOUNT_DETAILS, apiAs, multipart, newCustomer, signUp } from "./auth";
import { json } from "./helpers";

/**
 * Home's "complete your details" card: GET …/details-prompt lists the
 * details still empty as the account stores them, and whether the caller put
 * the card away; POST …/dismiss keeps that per person and account.
 */
const db = drizzle(env.DB, { schema });
const prompt = (accountId: string) => `/v1/admin/accounts/${accountId}/details-prompt`;
const NORTHWIND = DEMO.northwind.id;

async function newPartner(data: Record<string, unknown> = {}) {
  const user = await signUp("Pia Partner");
  const res = await apiAs(user.token).post("/v1/accounts", multipart({ name: `Prompt ${crypto.randomUUID().slice(0, 6)}`, type: "partner", ...data }));
  expect(res.status).toBe(201);
  const { id } = await res.json<{ id: string }>();
  return { ...user, id, api: apiAs(user.token, { accountId: id }) };
}

describe("GET /v1/admin/accounts/{accountId}/details-prompt", () => {
  it("lists every detail onboarding left for later on a new account with only the minimum", async () => {
    const partner = await newPartner();
    const res = await partner.api.get(prompt(partner.id));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ missing: ["website", "industry", "size", "primaryEmail", "location"], dismissed: false });
  });

  it("lists only what is still empty: blanks given at onboarding count as missing, saved details leave the list", async () => {
    const partner = await newPartner({ website: "prompt.example", industry: "education", primaryEmail: "  " });
    expect((await json(await partner.api.get(prompt(partner.id)))).missing).toEqual(["size", "primaryEmail", "location"]);
    // Your Profile's form stores them all (it requires them): nothing is missing, the card goes by itself.
    const saved = await partner.api.put(`/v1/admin/accounts/${partner.id}/profile`, multipart({ ...ACCOUNT_DETAILS, name: "Prompt Partner" }));
    expect(saved.status).toBe(200);
    expect(await json(await partner.api.get(prompt(partner.id)))).toEqual({ missing: [], dismissed: false });
  });

  it("answers nothing missing for a customer created with every detail", async () => {
    const customer = await newCustomer();
    const res = await apiAs(customer.token, { accountId: customer.id }).get(prompt(customer.id));
    expect(await json(res)).toEqual({ missing: [], dismissed: false });
  });

  it("is for owners and admins of the acting account: 401 without a token, 403 for a member, 404 for another account", async () => {
    expect((await apiAs(null, { accountId: NORTHWIND }).get(prompt(NORTHWIND))).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).get(prompt(NORTHWIND))).status).toBe(403);
    const partner = await newPartner();
    expect((await partner.api.get(prompt(NORTHWIND))).status).toBe(404);
    expect((await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(prompt(partner.id))).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin", { accountId: NORTHWIND }).get(prompt(NORTHWIND))).status).toBe(403);
    expect((await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(`/v1/admin/accounts/not-a-uuid/details-prompt`)).status).toBe(400);
  });
});

describe("POST /v1/admin/accounts/{accountId}/details-prompt/dismiss", () => {
  it("puts the card away for the caller only, kept across reads, and leaves what is missing as it is", async () => {
    const partner = await newPartner({ website: "dismiss.example" });
    const res = await partner.api.post(`${prompt(partner.id)}/dismiss`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ missing: ["industry", "size", "primaryEmail", "location"], dismissed: true });
    expect(await json(await partner.api.get(prompt(partner.id)))).toEqual({ missing: ["industry", "size", "primaryEmail", "location"], dismissed: true });
    // Dismissing again keeps the first moment.
    const [before] = await db
      .select({ at: schema.accountUsers.detailsPromptDismissedAt })
      .from(schema.accountUsers)
      .where(eq(schema.accountUsers.accountId, partner.id));
    await partner.api.post(`${prompt(partner.id)}/dismiss`);
    const [after] = await db
      .select({ at: schema.accountUsers.detailsPromptDismissedAt })
      .from(schema.accountUsers)
      .where(eq(schema.accountUsers.accountId, partner.id));
    expect(after?.at).toBe(before?.at);
    expect(before?.at).toBeTruthy();
  });

  it("is per person: another admin of the same account still sees the card", async () => {
    const ben = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.partnerMember.email));
    await db
      .update(schema.accountUsers)
      .set({ role: "admin" })
      .where(and(eq(schema.accountUsers.accountId, NORTHWIND), eq(schema.accountUsers.userId, ben[0]!.id)));
    await db.update(schema.accounts).set({ industry: null }).where(eq(schema.accounts.id, NORTHWIND));
    try {
      const ada = apiAs("partnerAdmin", { accountId: NORTHWIND });
      expect((await ada.post(`${prompt(NORTHWIND)}/dismiss`)).status).toBe(200);
      expect((await json(await ada.get(prompt(NORTHWIND)))).dismissed).toBe(true);
      const other = await json(await apiAs("partnerMember", { accountId: NORTHWIND }).get(prompt(NORTHWIND)));
      expect(other).toEqual({ missing: ["industry"], dismissed: false });
    } finally {
      await db
        .update(schema.accountUsers)
        .set({ role: "member" })
        .where(and(eq(schema.accountUsers.accountId, NORTHWIND), eq(schema.accountUsers.userId, ben[0]!.id)));
    }
  });

  it("refuses without a token (401), a member (403) and another account (404), and writes nothing", async () => {
    const partner = await newPartner();
    expect((await apiAs(null, { accountId: partner.id }).post(`${prompt(partner.id)}/dismiss`)).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).post(`${prompt(NORTHWIND)}/dismiss`)).status).toBe(403);
    expect((await apiAs("partnerAdmin", { accountId: NORTHWIND }).post(`${prompt(partner.id)}/dismiss`)).status).toBe(404);
    expect((await partner.api.get(prompt(partner.id))).status).toBe(200);
    expect((await json(await partner.api.get(prompt(partner.id)))).dismissed).toBe(false);
  });
});
