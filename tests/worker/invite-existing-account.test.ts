/**
 * An invite mailed to an address that already has an account leads to
 * sign-in, not sign-up: the invite link's look-up says so (for the invite's
 * own address only, which the link's holder knows), the main domain's
 * sign-in hands the user to the partner's domain although no account of
 * theirs is that partner's yet, and the invite is accepted there
 * (docs/decisions/2026-11-27-invite-for-an-existing-account.md).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { ACCOUNT_DETAILS, apiAs, freshEmail, getWithCookie, multipart, nextIp, postSignUp, satelliteCookie, signUp } from "./auth";
import { call, json } from "./helpers";

const db = drizzle(env.DB, { schema });
const NORTHWIND = "http://learn.northwind.test:5173";
const NORTHWIND_HOST = new URL(NORTHWIND).host;
const CONTOSO_HOST = "skills.contoso.test:5173";
const FABRIKAM = DEMO.customers.fabrikam;

async function inviteFor(email: string, accountId: string = FABRIKAM.id) {
  const id = crypto.randomUUID();
  await db.insert(schema.invites).values({ id, accountId, email, role: "member", status: "pending" });
  return { accountId, inviteId: id };
}

const lookUp = (accountId: string, inviteId: string, host?: string) =>
  call(`/v1/accounts/${accountId}/invites/${inviteId}`, { host, headers: { "CF-Connecting-IP": nextIp() } });

/** A person signed in on the main domain who runs a customer of no partner (an account, but none of Northwind's). */
async function personElsewhere() {
  const person = await signUp("Elsewhere Person");
  const made = await apiAs(person.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Elsewhere Ltd", type: "customer" }));
  expect(made.status).toBe(201);
  return person;
}

describe("an invite link's look-up says whether the invited address has an account", () => {
  it("no for a new address, yes for one with an account (whatever its case in the invite), on the partner's domain and the main one", async () => {
    const fresh = await inviteFor(freshEmail());
    const person = await personElsewhere();
    const existing = await inviteFor(person.email.toUpperCase());
    for (const host of [undefined, NORTHWIND_HOST]) {
      expect(await json(await lookUp(fresh.accountId, fresh.inviteId, host))).toMatchObject({ hasAccount: false });
      expect(await json(await lookUp(existing.accountId, existing.inviteId, host))).toEqual({
        email: person.email,
        accountName: FABRIKAM.name,
        hasAccount: true,
      });
    }
  });

  it("no for an address someone signed up with and never confirmed: the invitee signs up, which takes the address back", async () => {
    const email = freshEmail();
    expect((await postSignUp(email, "Squatter")).status).toBe(200);
    const [squatter] = await db.select({ verified: schema.authUsers.emailVerified }).from(schema.authUsers).where(eq(schema.authUsers.email, email));
    expect(squatter).toEqual({ verified: false });
    const { accountId, inviteId } = await inviteFor(email);
    for (const host of [undefined, NORTHWIND_HOST]) expect(await json(await lookUp(accountId, inviteId, host))).toMatchObject({ hasAccount: false });
  });

  it("tells nothing without a pending invite: an unknown invite, or one on another partner's domain, is 404 with no answer about any address", async () => {
    const person = await personElsewhere();
    const { accountId, inviteId } = await inviteFor(person.email);
    for (const res of [await lookUp(accountId, crypto.randomUUID()), await lookUp(accountId, inviteId, CONTOSO_HOST)]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(await json(res))).not.toContain("hasAccount");
    }
  });
});

describe("the sign-in of an invite link, for a user with accounts elsewhere", () => {
  it("is handed to the partner's domain only while an invite to their address is pending there, and accepts it there", async () => {
    const person = await personElsewhere();
    // No invite: none of the person's accounts is Northwind's, so no hand-off to its domain.
    await expect(satelliteCookie(person.cookie, NORTHWIND)).rejects.toThrow(/hand-off create failed: 403/);

    const { accountId, inviteId } = await inviteFor(person.email);
    const satellite = await satelliteCookie(person.cookie, NORTHWIND);
    const token = (await json<{ token: string }>(await getWithCookie(satellite, "/api/auth/token", { host: NORTHWIND_HOST }))).token;
    const there = apiAs(token, { host: NORTHWIND_HOST });
    // Accepting needs a session: without one, 401; with the session made there, the person joins Fabrikam.
    expect((await apiAs(null, { host: NORTHWIND_HOST }).post(`/v1/accounts/${accountId}/invites/${inviteId}/accept`)).status).toBe(401);
    const accepted = await there.post(`/v1/accounts/${accountId}/invites/${inviteId}/accept`);
    expect(accepted.status).toBe(200);
    const me = await json<{ accounts: { id: string }[] }>(await there.get("/v1/users/me"));
    // On Northwind's domain only Northwind's accounts: Fabrikam, not the person's own.
    expect(me.accounts.map((a) => a.id)).toEqual([FABRIKAM.id]);
  });

  it("an invite revoked before the sign-in opens no door", async () => {
    const person = await personElsewhere();
    const { inviteId } = await inviteFor(person.email);
    await db.update(schema.invites).set({ status: "revoked" }).where(eq(schema.invites.id, inviteId));
    await expect(satelliteCookie(person.cookie, NORTHWIND)).rejects.toThrow(/hand-off create failed: 403/);
  });
});
