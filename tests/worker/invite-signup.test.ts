import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, authPost, cookieOf, freshEmail, lastMailTo, NEW_PASSWORD, nextIp, postSignUp, tokenForCookie } from "./auth";
import { shardDbOf, shardOfAccount } from "./databases";
import { call, json } from "./helpers";
import { withClockHeld } from "./clock";

const db = drizzle(env.DB, { schema });
const NORTHWIND_HOST = "learn.northwind.test:5173";
const CONTOSO_HOST = "skills.contoso.test:5173";

async function inviteFor(email: string, accountId: string = DEMO.customers.fabrikam.id, status: "pending" | "revoked" | "accepted" = "pending") {
  const id = crypto.randomUUID();
  await db.insert(schema.invites).values({ id, accountId, email, role: "member", status });
  return { accountId, inviteId: id, code: `${accountId}.${id}` };
}

// Each look-up from an address of its own, as from different visitors (the look-up is rate limited per address).
const lookUp = (accountId: string, inviteId: string, host?: string, opts: { ip?: string; bindings?: Record<string, string> } = {}) =>
  call(`/v1/accounts/${accountId}/invites/${inviteId}`, { host, headers: { "CF-Connecting-IP": opts.ip ?? nextIp() }, bindings: opts.bindings });
const signUpByInvite = (body: Record<string, unknown>, host?: string) =>
  authPost("/sign-up/invite", { name: "Ivy Invitee", password: NEW_PASSWORD, ...body }, { host });
const userByEmail = async (email: string) => (await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)))[0];

describe("GET v1/accounts/{accountId}/invites/{inviteId}: the invite link's sign-up", () => {
  it("answers the invited address and organisation without a session, on the partner's domain and the main one", async () => {
    const email = freshEmail();
    const { accountId, inviteId } = await inviteFor(email.toUpperCase());
    for (const host of [undefined, NORTHWIND_HOST]) {
      const res = await lookUp(accountId, inviteId, host);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ email, accountName: DEMO.customers.fabrikam.name, hasAccount: false });
    }
  });

  it("answers 404 for an unknown, revoked or accepted invite and on another partner's domain; 400 for ids that are not UUIDs", async () => {
    const email = freshEmail();
    const { accountId, inviteId } = await inviteFor(email);
    expect((await lookUp(accountId, crypto.randomUUID())).status).toBe(404);
    expect((await lookUp(DEMO.customers.alpine.id, inviteId)).status).toBe(404);
    expect((await lookUp(accountId, inviteId, CONTOSO_HOST)).status).toBe(404);
    for (const status of ["revoked", "accepted"] as const) {
      const used = await inviteFor(freshEmail(), accountId, status);
      expect((await lookUp(used.accountId, used.inviteId)).status).toBe(404);
    }
    const bad = await lookUp("abc", inviteId);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.accountId).toBe("Not a valid UUID");
  });
  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("is rate limited per client address like the sign-up it opens (three times its rule a minute): 429 with Retry-After, known or unknown ids alike", () =>
    withClockHeld(async () => {
      // AUTH_SIGNIN_LIMIT 2: the sign-up takes 2 a minute, the look-up 6.
      const bindings = { AUTH_SIGNIN_LIMIT: "2" };
      const { accountId, inviteId } = await inviteFor(freshEmail());
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await lookUp(accountId, i % 2 ? crypto.randomUUID() : inviteId, undefined, { ip, bindings })).status);
      expect(statuses).toEqual([200, 404, 200, 404, 200, 404]);
      const refused = await lookUp(accountId, inviteId, undefined, { ip, bindings });
      expect(refused.status).toBe(429);
      expect((await json(refused)).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/Too many requests/) });
      expect(refused.headers.get("Retry-After")).toBe("60");
      // A guess is counted too (no guessing at full speed); another address is not held back.
      expect((await lookUp(accountId, crypto.randomUUID(), undefined, { ip, bindings })).status).toBe(429);
      expect((await lookUp(accountId, inviteId, undefined, { bindings })).status).toBe(200);
    }));
});

describe("an invite of a partner whose data is on another shard than the directory's database", () => {
  it("is found on its partner's domain, signs the invitee up there and is accepted, the membership on the partner's shard", async () => {
    const email = freshEmail();
    const harbour = DEMO.customers.harbour.id;
    expect(await shardOfAccount(harbour)).toBe(env.SHARD_WEUR_1);
    const { accountId, inviteId, code } = await inviteFor(email, harbour);
    const found = await lookUp(accountId, inviteId, CONTOSO_HOST);
    expect(found.status).toBe(200);
    expect(await json(found)).toEqual({ email, accountName: DEMO.customers.harbour.name, hasAccount: false });
    // Harbour Health is Contoso's customer: Northwind's domain does not know the invite.
    expect((await lookUp(accountId, inviteId, NORTHWIND_HOST)).status).toBe(404);
    const res = await signUpByInvite({ invite: code, email }, CONTOSO_HOST);
    expect(res.status).toBe(200);
    const token = await tokenForCookie(cookieOf(res));
    expect((await apiAs(token, { host: CONTOSO_HOST }).post(`/v1/accounts/${accountId}/invites/${inviteId}/accept`)).status).toBe(200);
    const user = await userByEmail(email);
    const members = await (
      await shardDbOf(harbour)
    )
      .select()
      .from(schema.accountUsers)
      .where(and(eq(schema.accountUsers.accountId, harbour), eq(schema.accountUsers.email, email)));
    expect(members).toHaveLength(1);
    expect(user?.emailVerified).toBe(true);
  });
});

describe("POST /api/auth/sign-up/invite: the invite proves the address", () => {
  it("signs the invitee up verified and signed in, with no confirmation mail, and the invite is then accepted", async () => {
    const email = freshEmail();
    const { accountId, inviteId, code } = await inviteFor(email);
    const res = await signUpByInvite({ invite: code, email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "signedIn" });
    expect((await userByEmail(email))?.emailVerified).toBe(true);
    expect(await lastMailTo(email, "Confirm your email address")).toBeNull();
    // The session's token says the address is verified, so the invite is accepted at once.
    const token = await tokenForCookie(cookieOf(res));
    const accepted = await apiAs(token).post(`/v1/accounts/${accountId}/invites/${inviteId}/accept`);
    expect(accepted.status).toBe(200);
    const me = await json(await apiAs(token).get("/v1/users/me"));
    expect(me.accounts).toEqual([expect.objectContaining({ id: accountId, role: "member" })]);
    // The same password signs in later.
    expect((await authPost("/sign-in/email", { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("refuses a different address typed by hand (403, nothing created), and that address's own sign-up still needs its mail", async () => {
    const invited = freshEmail();
    const other = freshEmail();
    const { accountId, inviteId, code } = await inviteFor(invited);
    const res = await signUpByInvite({ invite: code, email: other });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe("INVITE_OTHER_ADDRESS");
    expect(await userByEmail(other)).toBeUndefined();
    expect(await userByEmail(invited)).toBeUndefined();
    // The usual sign-up with the other address and the invite's code alongside: unverified, a confirmation mailed, the invite not accepted.
    expect((await postSignUp(other, "Otto Other", NEW_PASSWORD, { invite: code })).status).toBe(200);
    expect((await userByEmail(other))?.emailVerified).toBe(false);
    expect(await lastMailTo(other, "Confirm your email address")).not.toBeNull();
    const [row] = await db
      .select()
      .from(schema.invites)
      .where(and(eq(schema.invites.id, inviteId), eq(schema.invites.accountId, accountId)));
    expect(row?.status).toBe("pending");
  });

  it("answers 404 for a wrong, revoked or used invite, and for one to another partner's customer on a partner's domain", async () => {
    const email = freshEmail();
    const { inviteId, code } = await inviteFor(email);
    const wrong = await signUpByInvite({ invite: `${DEMO.customers.fabrikam.id}.${crypto.randomUUID()}`, email });
    expect(wrong.status).toBe(404);
    expect((await json(wrong)).code).toBe("INVALID_INVITE");
    expect((await signUpByInvite({ invite: `${DEMO.customers.alpine.id}.${inviteId}`, email })).status).toBe(404);
    const revoked = await inviteFor(freshEmail(), DEMO.customers.fabrikam.id, "revoked");
    expect((await signUpByInvite({ invite: revoked.code, email })).status).toBe(404);
    // Fabrikam is Northwind's customer: Contoso's domain does not take its invite; Northwind's does, and its session is Northwind's.
    expect((await signUpByInvite({ invite: code, email }, CONTOSO_HOST)).status).toBe(404);
    expect(await userByEmail(email)).toBeUndefined();
    const here = await signUpByInvite({ invite: code, email }, NORTHWIND_HOST);
    expect(here.status).toBe(200);
    const [session] = await db
      .select()
      .from(schema.authSessions)
      .where(eq(schema.authSessions.userId, (await userByEmail(email))!.id));
    expect(session?.partnerAccountId).toBe(DEMO.northwind.id);
  });

  it("answers 400 for a missing invite code, a short password or a name of two lines, and creates nobody", async () => {
    const email = freshEmail();
    const { code } = await inviteFor(email);
    expect((await signUpByInvite({ email })).status).toBe(400);
    expect((await signUpByInvite({ invite: "not-a-code", email })).status).toBe(400);
    const short = await signUpByInvite({ invite: code, email, password: "short" });
    expect(short.status).toBe(400);
    expect((await json(short)).code).toBe("PASSWORD_TOO_SHORT");
    expect((await signUpByInvite({ invite: code, email, name: "Ivy\nInvitee" })).status).toBe(400);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("takes over an unconfirmed sign-up of the invited address with the invitee's password, and leaves a confirmed one alone", async () => {
    const email = freshEmail();
    expect((await postSignUp(email, "Sam Squatter", "squatter-pass-1")).status).toBe(200);
    const { code } = await inviteFor(email);
    const res = await signUpByInvite({ invite: code, email });
    expect(res.status).toBe(200);
    const user = await userByEmail(email);
    expect(user).toMatchObject({ emailVerified: true, name: "Ivy Invitee" });
    expect((await authPost("/sign-in/email", { email, password: "squatter-pass-1" })).status).toBe(401);
    expect((await authPost("/sign-in/email", { email, password: NEW_PASSWORD })).status).toBe(200);
    // Now confirmed: another invite to it cannot set a new password; its owner signs in instead.
    const again = await inviteFor(email, DEMO.customers.tailspin.id);
    const taken = await signUpByInvite({ invite: again.code, email, password: "another-pass-2" });
    expect(taken.status).toBe(422);
    expect((await json(taken)).code).toBe("USER_ALREADY_EXISTS");
    expect((await authPost("/sign-in/email", { email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe("POST /api/auth/sign-up/invite at once, 16 times", () => {
  const TIMES = 16;

  /** The rows a sign-up of `email` leaves: its users, their credentials and their sessions. */
  async function rowsOf(email: string) {
    const users = await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email));
    const ids = users.map((u) => u.id);
    const of = async <T>(read: (id: string) => Promise<T[]>) => (await Promise.all(ids.map(read))).flat();
    return {
      users,
      credentials: await of((id) => db.select().from(schema.authAccounts).where(eq(schema.authAccounts.userId, id))),
      sessions: await of((id) => db.select().from(schema.authSessions).where(eq(schema.authSessions.userId, id))),
    };
  }

  /** One whole account: one verified user with one credential, signed in as many times as sign-ups succeeded. */
  async function expectOneAccount(email: string, signedIn: number) {
    const { users, credentials, sessions } = await rowsOf(email);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ emailVerified: true, name: "Ivy Invitee" });
    expect(credentials.map((c) => c.providerId)).toEqual(["credential"]);
    expect(sessions).toHaveLength(signedIn);
  }

  it("for the same invite: exactly one sign-up succeeds; the others are refused (422, no server error) and leave no half-done rows", async () => {
    const email = freshEmail();
    const { code } = await inviteFor(email);
    const answers = await Promise.all(Array.from({ length: TIMES }, () => signUpByInvite({ invite: code, email })));
    // One signed up; every other one is told the address has an account now (422), none fails on the way.
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(TIMES - 1).fill(422)]);
    await expectOneAccount(email, 1);
    // The one account is whole: its password signs in.
    expect((await authPost("/sign-in/email", { email, password: NEW_PASSWORD })).status).toBe(200);
  }, 60_000);

  it("for the same invite over an unconfirmed sign-up of its address: exactly one takes it over, one credential, one session", async () => {
    const email = freshEmail();
    expect((await postSignUp(email, "Sam Squatter", "squatter-pass-1")).status).toBe(200);
    const { code } = await inviteFor(email);
    const answers = await Promise.all(Array.from({ length: TIMES }, () => signUpByInvite({ invite: code, email })));
    // One signed up; every other one is told the address has an account now (422), none fails on the way.
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(TIMES - 1).fill(422)]);
    await expectOneAccount(email, 1);
    expect((await authPost("/sign-in/email", { email, password: "squatter-pass-1" })).status).toBe(401);
  }, 60_000);

  it("for different invites: each succeeds once, one whole account each", async () => {
    const emails = Array.from({ length: TIMES }, () => freshEmail());
    const invites = await Promise.all(emails.map((email) => inviteFor(email)));
    const answers = await Promise.all(invites.map(({ code }, i) => signUpByInvite({ invite: code, email: emails[i] })));
    expect(answers.map((r) => r.status)).toEqual(Array(TIMES).fill(200));
    for (const email of emails) await expectOneAccount(email, 1);
  }, 60_000);
});

describe("an invite link opens sign-up", () => {
  it("mails /signup?invite= and sends a signed-out visitor of an older /onboarding?invite= link to sign-up, other onboarding visits to sign-in", async () => {
    const { code } = await inviteFor(freshEmail());
    const old = await call(`/onboarding?invite=${code}`, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(`/signup?invite=${code}`);
    const plain = await call("/onboarding", { redirect: "manual" });
    expect(plain.headers.get("Location")).toBe("/login");
    const page = await call(`/signup?invite=${code}`);
    expect(page.status).toBe(200);
  });
});
