/**
 * A session works on a partner's domain only for a user with an account under
 * that partner, and there only for that partner's accounts; a session made
 * for one partner's domain never works on another's; a host no partner has
 * connected takes no session. The same for a bearer token (the API), a
 * session cookie (the server-rendered page) and the provider's own session
 * routes on the partner's domain (docs/decisions/2026-11-27-sessions-follow-the-host.md).
 */
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { apiAs, getWithCookie, satelliteCookie, signInCookie } from "./auth";
import { json } from "./helpers";
import { nth } from "../present";

const NORTHWIND_HOST = "learn.northwind.test";
const CONTOSO_HOST = "skills.contoso.test";
const UNKNOWN_HOST = "learn.nobody.test";

type Me = { email: string; accounts: { id: string }[] };
const me = async (res: Response) => json<Me>(res);

function bootIdentity(html: string): { me: Me } | null {
  const m = html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s);
  if (!m) throw new Error("no boot data");
  return (JSON.parse(nth(m, 1)) as { identity: { me: Me } | null }).identity;
}

describe("a bearer token of the main domain on a partner's domain", () => {
  it("is refused (401) where its user has no account under the partner: a Northwind customer on Contoso's domain, a Contoso customer on Northwind's", async () => {
    expect((await apiAs("customerAdmin", { host: CONTOSO_HOST }).get("/v1/users/me")).status).toBe(401);
    expect((await apiAs("customerAdmin", { host: CONTOSO_HOST, accountId: DEMO.customers.fabrikam.id }).get("/v1/entitlements")).status).toBe(401);
    expect((await apiAs("otherCustomerAdmin", { host: NORTHWIND_HOST }).get("/v1/users/me")).status).toBe(401);
    expect((await apiAs("partnerAdmin", { host: CONTOSO_HOST }).get("/v1/users/me")).status).toBe(401);
  });

  it("works where its user has an account under the partner, for that partner's accounts only", async () => {
    const fabrikam = await apiAs("customerAdmin", { host: NORTHWIND_HOST }).get("/v1/users/me");
    expect(fabrikam.status).toBe(200);
    expect((await me(fabrikam)).accounts.map((a) => a.id)).toEqual([DEMO.customers.fabrikam.id]);
    const harbour = await apiAs("otherCustomerAdmin", { host: CONTOSO_HOST }).get("/v1/users/me");
    expect(harbour.status).toBe(200);
    expect((await me(harbour)).accounts.map((a) => a.id)).toEqual([DEMO.customers.harbour.id]);
    expect((await apiAs("otherPartnerAdmin", { host: CONTOSO_HOST, accountId: DEMO.contoso.id }).get("/v1/admin/styles")).status).toBe(200);
  });

  it("is refused on a host no partner has connected", async () => {
    expect((await apiAs("customerAdmin", { host: UNKNOWN_HOST }).get("/v1/users/me")).status).toBe(401);
  });

  it("without a token: 401 on every host", async () => {
    for (const host of [NORTHWIND_HOST, CONTOSO_HOST, "localhost"]) expect((await apiAs(null, { host }).get("/v1/users/me")).status).toBe(401);
  });
});

describe("a session made for a partner's domain", () => {
  it("works there, and never on another partner's domain", async () => {
    const satellite = await satelliteCookie(await signInCookie(DEMO_USERS.customerAdmin.email));
    const token = (await json<{ token: string }>(await getWithCookie(satellite, "/api/auth/token", { host: NORTHWIND_HOST }))).token;
    expect((await apiAs(token, { host: NORTHWIND_HOST }).get("/v1/users/me")).status).toBe(200);
    expect((await apiAs(token, { host: CONTOSO_HOST }).get("/v1/users/me")).status).toBe(401);
    // Its cookie sent to Contoso's domain is no session there either.
    expect((await getWithCookie(satellite, "/api/auth/token", { host: CONTOSO_HOST })).status).toBe(401);
  });
});

describe("a session cookie of the main domain sent to a partner's domain", () => {
  it("is no session there without an account under the partner: the provider's session, token and page are signed out", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerAdmin.email);
    const session = await getWithCookie(cookie, "/api/auth/get-session", { host: CONTOSO_HOST });
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
    expect((await getWithCookie(cookie, "/api/auth/token", { host: CONTOSO_HOST })).status).toBe(401);
    const page = await getWithCookie(cookie, "/help", { host: CONTOSO_HOST, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(bootIdentity(await page.text())).toBeNull();
  });

  it("is the user's session there with an account under the partner, showing that partner's accounts only", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerAdmin.email);
    expect((await getWithCookie(cookie, "/api/auth/token", { host: NORTHWIND_HOST })).status).toBe(200);
    const page = await getWithCookie(cookie, "/help", { host: NORTHWIND_HOST, redirect: "manual" });
    expect(bootIdentity(await page.text())?.me.accounts.map((a) => a.id)).toEqual([DEMO.customers.fabrikam.id]);
  });
});
