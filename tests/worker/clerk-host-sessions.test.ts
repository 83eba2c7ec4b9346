/**
 * The Clerk side of "a session works on a partner's domain only for that
 * partner's people" (docs/decisions/2026-11-27-sessions-follow-the-host.md,
 * tests/worker/host-sessions.test.ts for the embedded provider): a Clerk
 * session token of the main domain works on a partner's domain only when its
 * active organisation is the partner's or one of its customers', and there
 * only for that partner's accounts; a token made for another partner's
 * domain never; a host no partner has connected takes none. A token with no
 * organisation yet, or one not onboarded yet, works only on the partner's
 * domain it was made on (a new customer signing up there), where it can only
 * become that partner's customer.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { ACCOUNT_DETAILS, apiAs, multipart } from "./auth";
import { clerkSigner } from "./clerk-setup";
import { json } from "./helpers";

const NORTHWIND_HOST = "learn.northwind.test";
const CONTOSO_HOST = "skills.contoso.test";
const UNKNOWN_HOST = "learn.nobody.test";
/** The origin a partner's domain is registered under (worker/tenant/origins.ts registeredOrigin, in development). */
const originOf = (host: string) => `${new URL(env.MAIN_ORIGIN).protocol}//${host}:${new URL(env.MAIN_ORIGIN).port}`;

const directory = drizzle(env.DB, { schema });
let clerk: Awaited<ReturnType<typeof clerkSigner>>;
/** The Clerk organisation of each demo account the tests act for (its `auth_id`). */
const org: Record<"northwind" | "contoso" | "fabrikam" | "harbour", string> = { northwind: "", contoso: "", fabrikam: "", harbour: "" };

beforeAll(async () => {
  clerk = await clerkSigner();
  const ids = { northwind: DEMO.northwind.id, contoso: DEMO.contoso.id, fabrikam: DEMO.customers.fabrikam.id, harbour: DEMO.customers.harbour.id };
  for (const [key, id] of Object.entries(ids) as [keyof typeof org, string][]) {
    const [row] = await directory.select({ authId: schema.accounts.authId }).from(schema.accounts).where(eq(schema.accounts.id, id));
    org[key] = row!.authId!;
  }
});

let n = 0;
/** A Clerk caller on `host` whose token is made on `origin` (the main domain unless given), its active organisation `orgId`. */
async function clerkAs(host: string, orgId: string | null, opts: { origin?: string; accountId?: string } = {}) {
  const token = await clerk.token({ sub: `user_host_${++n}`, orgId, origin: opts.origin });
  return apiAs(token, { host, accountId: opts.accountId, bindings: clerk.bindings() });
}

describe("a Clerk token of the main domain on a partner's domain", () => {
  it("works where its organisation is the partner's customer or the partner, acting for that account", async () => {
    expect((await (await clerkAs(NORTHWIND_HOST, org.fabrikam)).get("/v1/users/me")).status).toBe(200);
    expect((await (await clerkAs(NORTHWIND_HOST, org.fabrikam)).get("/v1/entitlements")).status).toBe(200);
    expect((await (await clerkAs(CONTOSO_HOST, org.harbour)).get("/v1/entitlements")).status).toBe(200);
    expect((await (await clerkAs(NORTHWIND_HOST, org.northwind, { accountId: DEMO.northwind.id })).get("/v1/admin/styles")).status).toBe(200);
    expect((await (await clerkAs(CONTOSO_HOST, org.contoso, { accountId: DEMO.contoso.id })).get("/v1/admin/styles")).status).toBe(200);
  });

  it("is refused (401) where its organisation is under another partner: a Northwind customer on Contoso's domain, a Contoso customer on Northwind's", async () => {
    expect((await (await clerkAs(CONTOSO_HOST, org.fabrikam)).get("/v1/users/me")).status).toBe(401);
    expect((await (await clerkAs(CONTOSO_HOST, org.fabrikam, { accountId: DEMO.customers.fabrikam.id })).get("/v1/entitlements")).status).toBe(401);
    expect((await (await clerkAs(NORTHWIND_HOST, org.harbour)).get("/v1/users/me")).status).toBe(401);
    expect((await (await clerkAs(CONTOSO_HOST, org.northwind, { accountId: DEMO.northwind.id })).get("/v1/admin/styles")).status).toBe(401);
  });

  it("acts there for its own organisation's account only (403 for another account)", async () => {
    const res = await (await clerkAs(NORTHWIND_HOST, org.fabrikam, { accountId: DEMO.northwind.id })).get("/v1/admin/styles");
    expect(res.status).toBe(403);
  });

  it("is refused without an organisation, or with one no account has yet: that is a sign-up made on the partner's own domain", async () => {
    expect((await (await clerkAs(NORTHWIND_HOST, null)).get("/v1/users/me")).status).toBe(401);
    expect((await (await clerkAs(CONTOSO_HOST, `org_new_${crypto.randomUUID().slice(0, 8)}`)).get("/v1/users/me")).status).toBe(401);
  });

  it("is refused on a host no partner has connected", async () => {
    expect((await (await clerkAs(UNKNOWN_HOST, org.fabrikam)).get("/v1/users/me")).status).toBe(401);
    expect((await (await clerkAs(UNKNOWN_HOST, null)).get("/v1/users/me")).status).toBe(401);
  });

  it("without a token: 401 on every host", async () => {
    for (const host of [NORTHWIND_HOST, CONTOSO_HOST, "localhost"]) {
      expect((await apiAs(null, { host, bindings: clerk.bindings() }).get("/v1/users/me")).status).toBe(401);
    }
  });
});

describe("a Clerk token made on a partner's domain", () => {
  it("works there for that partner's people, and never on another partner's domain", async () => {
    const onNorthwind = { origin: originOf(NORTHWIND_HOST) };
    expect((await (await clerkAs(NORTHWIND_HOST, org.fabrikam, onNorthwind)).get("/v1/entitlements")).status).toBe(200);
    expect((await (await clerkAs(CONTOSO_HOST, org.fabrikam, onNorthwind)).get("/v1/users/me")).status).toBe(401);
    expect((await (await clerkAs(CONTOSO_HOST, org.harbour, onNorthwind)).get("/v1/users/me")).status).toBe(401);
    // Another partner's people are not taken there either.
    expect((await (await clerkAs(NORTHWIND_HOST, org.harbour, onNorthwind)).get("/v1/users/me")).status).toBe(401);
  });

  it("lets a new customer without an organisation yet, then with its new one, sign up there, as that partner's customer only", async () => {
    const onContoso = { origin: originOf(CONTOSO_HOST) };
    const me = await (await clerkAs(CONTOSO_HOST, null, onContoso)).get("/v1/users/me");
    expect(me.status).toBe(200);
    expect((await json<{ accounts: unknown[] }>(me)).accounts).toEqual([]);

    const newOrg = `org_new_${crypto.randomUUID().slice(0, 8)}`;
    const signingUp = await clerkAs(CONTOSO_HOST, newOrg, onContoso);
    expect((await signingUp.post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Clerk Newcomer", type: "partner" }))).status).toBe(403);
    const made = await signingUp.post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Clerk Newcomer", type: "customer" }));
    expect(made.status).toBe(201);
    const [row] = await directory.select().from(schema.accounts).where(eq(schema.accounts.authId, newOrg));
    expect(row).toMatchObject({ type: "customer", parentAccountId: DEMO.contoso.id });
    // Onboarded under Contoso, the organisation is Contoso's people's: on Northwind's domain it is not.
    expect((await (await clerkAs(NORTHWIND_HOST, newOrg)).get("/v1/users/me")).status).toBe(401);
    expect((await (await clerkAs(CONTOSO_HOST, newOrg)).get("/v1/entitlements")).status).toBe(200);
  });
});
