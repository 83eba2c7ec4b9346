import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { UNCONFIRMED_TTL_MS } from "../../worker/data/auth-links";
import {
  apiAs,
  authPost,
  confirmationToken,
  cookieOf,
  freshEmail,
  getWithCookie,
  lastMailTo,
  linkToken,
  NEW_PASSWORD,
  postSignUp,
  signInCookie,
  signUp,
  tokenForCookie,
  verifyEmail,
} from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });
const SQUATTER_PASSWORD = "Squ4tter-pass!";
const OWNER_PASSWORD = "0wner-own-pass!";
const signIn = (email: string, password: string) => authPost("/sign-in/email", { email, password });
const session = async (cookie: string) => json(await getWithCookie(cookie, "/api/auth/get-session"));
const userOf = async (email: string) => first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)));
const sessionsOf = async (userId: string) => db.select().from(schema.authSessions).where(eq(schema.authSessions.userId, userId));
const hasSessionCookie = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=") && !c.includes("Max-Age=0"));

async function resetToken(email: string) {
  expect((await authPost("/request-password-reset", { email, redirectTo: "/login" })).status).toBe(200);
  const mail = await lastMailTo(email, "Reset your");
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return linkToken(mail.text, "/reset-password");
}

/** What a sign-up answers, without what the caller sent or what differs per call (id, times). */
async function shapeOf(res: Response) {
  const body = await json(res);
  return { status: res.status, token: body.token, keys: Object.keys(body.user).sort(), emailVerified: body.user.emailVerified };
}

describe("an address signed up by someone else first", () => {
  it("stays its owner's: the owner's sign-up replaces the squatter's password, and the squatter's never signs in", async () => {
    const email = freshEmail();
    expect((await postSignUp(email, "Mallory", SQUATTER_PASSWORD)).status).toBe(200);
    const squattersLink = await confirmationToken(email);

    // The owner signs up later; the answer is the one a new address gets, and a confirmation mail comes.
    const owner = await postSignUp(email, "Olivia Owner", OWNER_PASSWORD, { callbackURL: "/post-auth" });
    expect(await shapeOf(owner)).toEqual(await shapeOf(await postSignUp(freshEmail(), "New", OWNER_PASSWORD)));
    const ownersLink = await confirmationToken(email);
    expect(ownersLink).not.toBe(squattersLink);
    expect((await userOf(email)).name).toBe("Olivia Owner");

    // The link mailed before the owner's sign-up is void, whatever password comes with it.
    const early = await verifyEmail(squattersLink, SQUATTER_PASSWORD);
    expect(early.status).toBe(401);
    expect((await json(early)).code).toBe("INVALID_TOKEN");
    // The squatter's password no longer confirms anything.
    const guessed = await verifyEmail(ownersLink, SQUATTER_PASSWORD);
    expect(guessed.status).toBe(401);
    expect((await json(guessed)).code).toBe("INVALID_PASSWORD");
    expect(hasSessionCookie(guessed)).toBe(false);
    expect((await userOf(email)).emailVerified).toBe(false);

    const confirmed = await verifyEmail(ownersLink, OWNER_PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({ status: "signedIn" });
    expect((await session(cookieOf(confirmed)))?.user.email).toBe(email);
    expect((await signIn(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    // The link is used up.
    expect((await json(await verifyEmail(ownersLink, OWNER_PASSWORD))).status).toBe("alreadyVerified");
  });

  it("an invited admin's address: the invite goes to the owner, never to the squatter's password", async () => {
    const email = freshEmail();
    const inviteId = crypto.randomUUID();
    await db.insert(schema.invites).values({ id: inviteId, accountId: DEMO.northwind.id, email, role: "admin", status: "pending" });
    await postSignUp(email, "Mallory", SQUATTER_PASSWORD);
    await postSignUp(email, "Ada Admin", OWNER_PASSWORD);
    const confirmed = await verifyEmail(await confirmationToken(email), OWNER_PASSWORD);
    expect(confirmed.status).toBe(200);
    const token = await tokenForCookie(cookieOf(confirmed));
    expect((await apiAs(token).post(`/v1/accounts/${DEMO.northwind.id}/invites/${inviteId}/accept`)).status).toBe(200);
    const squatter = await signIn(email, SQUATTER_PASSWORD);
    expect(squatter.status).toBe(401);
    expect(hasSessionCookie(squatter)).toBe(false);
  });

  it("a squatter signing up again after the owner voids the owner's link, and the owner's own password then leads through a reset", async () => {
    const email = freshEmail();
    await postSignUp(email, "Olivia Owner", OWNER_PASSWORD);
    const ownersLink = await confirmationToken(email);
    await postSignUp(email, "Mallory", SQUATTER_PASSWORD);
    expect((await json(await verifyEmail(ownersLink, OWNER_PASSWORD))).code).toBe("INVALID_TOKEN");
    // The newest mail came from the squatter's sign-up: the owner's password does not confirm it, the squatter's would not reach the mailbox.
    const newest = await confirmationToken(email);
    expect((await json(await verifyEmail(newest, OWNER_PASSWORD))).code).toBe("INVALID_PASSWORD");
    // The owner resets: that proves the address, sets the owner's password and voids the squatter's link.
    expect((await authPost("/reset-password", { token: await resetToken(email), newPassword: OWNER_PASSWORD })).status).toBe(200);
    expect((await userOf(email)).emailVerified).toBe(true);
    expect((await signIn(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it("the link mailed when the squatter tries to sign in confirms nothing without the squatter's password", async () => {
    const email = freshEmail();
    await postSignUp(email, "Mallory", SQUATTER_PASSWORD);
    const tried = await signIn(email, SQUATTER_PASSWORD);
    expect(tried.status).toBe(403);
    const mailed = await confirmationToken(email);
    const res = await verifyEmail(mailed, OWNER_PASSWORD);
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe("INVALID_PASSWORD");
    expect((await userOf(email)).emailVerified).toBe(false);
    expect((await signIn(email, SQUATTER_PASSWORD)).status).toBe(403);
  });

  it("better-auth's link-only confirmation is closed: it neither verifies nor signs in", async () => {
    const email = freshEmail();
    await postSignUp(email, "Mallory", SQUATTER_PASSWORD);
    const res = await call(`/api/auth/verify-email?token=${encodeURIComponent(await confirmationToken(email))}`, { headers: { Origin: "http://localhost" } });
    expect(res.status).toBe(404);
    expect(hasSessionCookie(res)).toBe(false);
    expect((await userOf(email)).emailVerified).toBe(false);
  });

  it("a sign-up over an unconfirmed address ends that user's sessions; a confirmed address's sign-up changes nothing", async () => {
    const email = freshEmail();
    await postSignUp(email, "Mallory", SQUATTER_PASSWORD);
    const user = await userOf(email);
    const now = new Date();
    await db.insert(schema.authSessions).values({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      userId: user.id,
      expiresAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
      updatedAt: now,
    });
    await postSignUp(email, "Olivia Owner", OWNER_PASSWORD);
    expect(await sessionsOf(user.id)).toEqual([]);

    const { email: taken, cookie } = await signUp("Vera Verified");
    const mails = (await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, taken))).length;
    expect((await postSignUp(taken, "Mallory", SQUATTER_PASSWORD)).status).toBe(200);
    expect((await userOf(taken)).name).toBe("Vera Verified");
    expect((await session(cookie))?.user.email).toBe(taken);
    expect((await signIn(taken, SQUATTER_PASSWORD)).status).toBe(401);
    const after = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, taken));
    expect(after.length).toBe(mails + 1);
    expect((await lastMailTo(taken, "You already have a")) !== null).toBe(true);
  });

  it("confirmation asks for a token and a password (invalid input is refused)", async () => {
    expect((await authPost("/confirm-email", { token: "", password: NEW_PASSWORD })).status).toBe(400);
    expect((await authPost("/confirm-email", { token: "x" })).status).toBe(400);
    expect((await json(await authPost("/confirm-email", { token: "not-a-token", password: NEW_PASSWORD }))).code).toBe("INVALID_TOKEN");
  });
});

describe("a link never replaces someone else's session", () => {
  it("a confirmation link followed while another user is signed in confirms the address and keeps that user signed in", async () => {
    const victim = await signInCookie("cara@fabrikam.test");
    const email = freshEmail();
    await postSignUp(email, "Mallory", SQUATTER_PASSWORD);
    const link = await confirmationToken(email);

    const refused = await verifyEmail(link, "not-the-password", victim);
    expect(refused.status).toBe(401);
    const res = await verifyEmail(link, SQUATTER_PASSWORD, victim);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "confirmed" });
    expect(hasSessionCookie(res)).toBe(false);
    expect((await userOf(email)).emailVerified).toBe(true);
    expect((await session(victim))?.user.email).toBe("cara@fabrikam.test");
    expect(await sessionsOf((await userOf(email)).id)).toEqual([]);
  });

  it("a reset link followed while another user is signed in sets that account's password and signs nobody in", async () => {
    const victim = await signInCookie("cara@fabrikam.test");
    const { email } = await signUp("Rita Reset");
    const res = await authPost("/reset-password", { token: await resetToken(email), newPassword: "N3w-password!" }, { cookie: victim });
    expect(res.status).toBe(200);
    expect(hasSessionCookie(res)).toBe(false);
    expect((await session(victim))?.user.email).toBe("cara@fabrikam.test");
  });
});

describe("addresses never confirmed", () => {
  const cron = () => worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), env);

  it("are removed by the cron trigger after a while, with their credentials; confirmed and recent ones stay", async () => {
    const stale = freshEmail();
    const recent = freshEmail();
    await postSignUp(stale, "Mallory", SQUATTER_PASSWORD);
    await postSignUp(recent, "Newcomer", SQUATTER_PASSWORD);
    const { email: confirmed } = await signUp();
    const old = new Date(Date.now() - UNCONFIRMED_TTL_MS - 60_000);
    await db.update(schema.authUsers).set({ updatedAt: old, createdAt: old }).where(eq(schema.authUsers.email, stale));
    await db.update(schema.authUsers).set({ updatedAt: old, createdAt: old }).where(eq(schema.authUsers.email, confirmed));
    const staleId = (await userOf(stale)).id;

    await cron();

    expect(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, stale))).toEqual([]);
    expect(await db.select().from(schema.authAccounts).where(eq(schema.authAccounts.userId, staleId))).toEqual([]);
    expect(
      await db
        .select()
        .from(schema.authVerifications)
        .where(and(eq(schema.authVerifications.value, staleId))),
    ).toEqual([]);
    expect((await userOf(recent)).emailVerified).toBe(false);
    expect((await userOf(confirmed)).emailVerified).toBe(true);
    // The address is free again: its owner signs up as anyone new.
    await postSignUp(stale, "Olivia Owner", OWNER_PASSWORD);
    expect((await verifyEmail(await confirmationToken(stale), OWNER_PASSWORD)).status).toBe(200);
  });
});
