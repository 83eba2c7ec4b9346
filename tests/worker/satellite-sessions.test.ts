/**
 * A session made by the satellite hand-off belongs to that partner's domain:
 * it acts only for the partner and its customers, whatever other accounts
 * its user has, and an organisation created through it is that partner's
 * customer. (A partner controls its domain's DNS: what reaches that domain
 * must never open another tenant's data.)
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, getWithCookie, multipart, satelliteCookie, signUp } from "./auth";
import { assignParent } from "./flows-setup";
import { call, json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });
const NORTHWIND = "http://learn.northwind.test:5173";
const NORTHWIND_HOST = new URL(NORTHWIND).host;

const details = (name: string, type: "customer" | "partner" = "customer") => ({
  type,
  name,
  website: "https://example.com",
  industry: "technology",
  size: "1-10",
  primaryEmail: "owner@example.com",
  currency: "USD",
  location: "US",
  language: "enUS",
});

/** Hands the signed-in `cookie`'s user to Northwind's domain; answers a bearer token of the new session there. */
async function satelliteToken(cookie: string): Promise<string> {
  const satellite = await satelliteCookie(cookie, NORTHWIND);
  const token = await getWithCookie(satellite, "/api/auth/token", { host: NORTHWIND_HOST });
  expect(token.status).toBe(200);
  return (await json<{ token: string }>(token)).token;
}

async function createAccount(token: string, data: ReturnType<typeof details>) {
  return apiAs(token).post("/v1/accounts", multipart(data));
}

describe("a session made for a partner's domain", () => {
  it("acts for that partner's customers only, never for its user's account under another partner", async () => {
    const person = await signUp("Two Partners");
    const satellite = await satelliteToken(person.cookie);

    // Signed in on the main domain, the same person runs a customer of Contoso.
    const elsewhere = await createAccount(person.token, details("Harbourside Ltd"));
    expect(elsewhere.status).toBe(201);
    const other = (await json<{ id: string }>(elsewhere)).id;
    // Contoso is on another shard: the link goes through the Queue (202), its step run here.
    const linked = await assignParent(person.token, other, DEMO.contoso.tan);
    expect(linked.status).toBe(202);
    expect((await apiAs(person.token, { accountId: other }).get("/v1/entitlements")).status).toBe(200);

    // Through Northwind's domain session: that account is not available.
    const refused = await apiAs(satellite, { accountId: other }).get("/v1/entitlements");
    expect(refused.status).toBe(403);
    expect((await apiAs(satellite).get(`/v1/accounts/${other}`)).status).toBe(404);
    expect((await apiAs(satellite, { accountId: other }).get("/v1/admin/teams")).status).toBe(403);
  });

  it("makes a new organisation a customer of that partner, and no partner account", async () => {
    const person = await signUp("Sat Onboarding");
    const satellite = await satelliteToken(person.cookie);

    const partner = await createAccount(satellite, details("Rival Training", "partner"));
    expect(partner.status).toBe(403);
    expect(await db.select().from(schema.accounts).where(eq(schema.accounts.name, "Rival Training"))).toEqual([]);

    const customer = await createAccount(satellite, details("Northwind Newcomer"));
    expect(customer.status).toBe(201);
    const id = (await json<{ id: string }>(customer)).id;
    const row = first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, id)));
    expect(row.parentAccountId).toBe(DEMO.northwind.id);
    expect((await apiAs(satellite, { accountId: id }).get("/v1/entitlements")).status).toBe(200);
  });

  it("leaves a session of the main domain free to act for any of its user's accounts", async () => {
    const person = await signUp("Main Only");
    const made = await createAccount(person.token, details("Main Street Co"));
    expect(made.status).toBe(201);
    const id = (await json<{ id: string }>(made)).id;
    const row = first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, id)));
    expect(row.parentAccountId).toBeNull();
    expect((await apiAs(person.token, { accountId: id }).get("/v1/entitlements")).status).toBe(200);
  });
});

describe("a session made for a partner's domain lists and resolves only its user's accounts under that partner", () => {
  /** Someone with a customer of Northwind (made on Northwind's domain) and one of Contoso (made on the main domain). */
  async function twoPartners() {
    const person = await signUp("Two Brands");
    const satelliteCookieThere = await satelliteCookie(person.cookie, NORTHWIND);
    const satellite = await satelliteToken(person.cookie);
    const here = await createAccount(satellite, details("Aardvark Northwind Co"));
    expect(here.status).toBe(201);
    const northwindCustomer = (await json<{ id: string }>(here)).id;
    const elsewhere = await createAccount(person.token, details("Zebra Contoso Co"));
    const contosoCustomer = (await json<{ id: string }>(elsewhere)).id;
    const linked = await assignParent(person.token, contosoCustomer, DEMO.contoso.tan);
    expect(linked.status).toBe(202);
    return { person, satellite, satelliteCookieThere, northwindCustomer, contosoCustomer };
  }

  const accountIds = async (res: Response) => (await json<{ accounts: { id: string }[] }>(res)).accounts.map((a) => a.id);

  it("GET v1/users/me: only Northwind's there, every account on the main domain", async () => {
    const { person, satellite, northwindCustomer, contosoCustomer } = await twoPartners();
    const there = await apiAs(satellite).get("/v1/users/me");
    expect(there.status).toBe(200);
    expect(await accountIds(there)).toEqual([northwindCustomer]);
    const main = await apiAs(person.token).get("/v1/users/me");
    expect(await accountIds(main)).toEqual([northwindCustomer, contosoCustomer]);
  });

  it("GET v1/users/me names each customer's partner and its id, read from the shard it is on; a partner's own account has none", async () => {
    const { person, satellite, northwindCustomer, contosoCustomer } = await twoPartners();
    const own = await createAccount(person.token, details("Own Training Co", "partner"));
    expect(own.status).toBe(201);
    const ownPartner = (await json<{ id: string }>(own)).id;
    type Listed = { id: string; type: string; partnerName: string | null; partnerId: string | null };
    const listed = async (res: Response) =>
      (await json<{ accounts: Listed[] }>(res)).accounts.map(({ id, type, partnerName, partnerId }) => ({ id, type, partnerName, partnerId }));
    const northwind = { partnerName: DEMO.northwind.name, partnerId: DEMO.northwind.id };

    const main = await apiAs(person.token).get("/v1/users/me");
    expect(main.status).toBe(200);
    expect(await listed(main)).toEqual([
      { id: northwindCustomer, type: "customer", ...northwind },
      { id: ownPartner, type: "partner", partnerName: null, partnerId: null },
      { id: contosoCustomer, type: "customer", partnerName: DEMO.contoso.name, partnerId: DEMO.contoso.id },
    ]);
    // On Northwind's domain only Northwind's, still named.
    expect(await listed(await apiAs(satellite).get("/v1/users/me"))).toEqual([{ id: northwindCustomer, type: "customer", ...northwind }]);
    // A customer with no partner yet has none; without a token there is no list.
    const alone = await signUp("No Provider Yet");
    const made = await createAccount(alone.token, details("Unlinked Co"));
    expect(await listed(await apiAs(alone.token).get("/v1/users/me"))).toEqual([
      { id: (await json<{ id: string }>(made)).id, type: "customer", partnerName: null, partnerId: null },
    ]);
    expect((await call("/v1/users/me")).status).toBe(401);
  });

  it("resolves the one account available there without X-Account-Id (the main domain needs it), and not the other", async () => {
    const { person, satellite, northwindCustomer, contosoCustomer } = await twoPartners();
    expect((await apiAs(satellite).get("/v1/entitlements")).status).toBe(200);
    expect((await apiAs(person.token).get("/v1/entitlements")).status).toBe(400);
    expect((await apiAs(satellite).get(`/v1/accounts/${northwindCustomer}`)).status).toBe(200);
    expect((await apiAs(satellite).get(`/v1/accounts/${contosoCustomer}`)).status).toBe(404);
    expect((await apiAs(satellite, { accountId: contosoCustomer }).get("/v1/entitlements")).status).toBe(403);
  });

  it("the server-rendered page on Northwind's domain starts the client with Northwind's accounts only", async () => {
    const { satelliteCookieThere, northwindCustomer } = await twoPartners();
    const res = await getWithCookie(satelliteCookieThere, "/", { host: NORTHWIND_HOST });
    expect(res.status).toBe(200);
    const boot = JSON.parse(/<script id="boot" type="application\/json">(.*?)<\/script>/s.exec(await res.text())![1]!);
    expect(boot.identity.me.accounts.map((a: { id: string }) => a.id)).toEqual([northwindCustomer]);
    expect(boot.identity.account.id).toBe(northwindCustomer);
  });

  it("switches the active organisation there only to one of Northwind's", async () => {
    const { satelliteCookieThere, northwindCustomer, contosoCustomer } = await twoPartners();
    const authIdOf = async (id: string) => first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, id))).authId;
    const setActive = (body: unknown) =>
      call("/api/auth/organization/set-active", {
        method: "POST",
        host: NORTHWIND_HOST,
        headers: { "Content-Type": "application/json", Origin: NORTHWIND, Cookie: satelliteCookieThere },
        body: JSON.stringify(body),
      });
    const refused = await setActive({ organizationId: await authIdOf(contosoCustomer) });
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe("NOT_AVAILABLE_HERE");
    expect((await setActive({ organizationSlug: "anything" })).status).toBe(403);
    expect((await setActive({ organizationId: await authIdOf(northwindCustomer) })).status).toBe(200);
    expect((await setActive({ organizationId: null })).status).toBe(200);
  });

  it("offers there only the onboarding invites of Northwind and its customers", async () => {
    const person = await signUp("Invited Twice");
    const satellite = await satelliteToken(person.cookie);
    for (const accountId of [DEMO.northwind.id, DEMO.contoso.id]) {
      await db.insert(schema.invites).values({ id: crypto.randomUUID(), accountId, email: person.email, role: "member", status: "pending" });
    }
    const invited = async (token: string) =>
      (await json<{ onboardingInvites: { accountId: string }[] }>(await apiAs(token).get("/v1/users/me"))).onboardingInvites.map((i) => i.accountId).sort();
    expect(await invited(satellite)).toEqual([DEMO.northwind.id]);
    expect(await invited(person.token)).toEqual([DEMO.northwind.id, DEMO.contoso.id].sort());
  });
});
