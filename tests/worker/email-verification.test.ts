import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { INVITE_MESSAGES } from "../../contract/accounts";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { authSecret } from "../../worker/identity/embedded";
import {
  apiAs,
  authPost,
  cookieOf,
  freshEmail,
  lastMailTo,
  linkToken,
  NEW_PASSWORD,
  nextIp,
  postSignUp,
  signUp,
  tokenForCookie,
  verifyEmail,
  verifyFromMail,
  type Caller,
} from "./auth";
import { json } from "./helpers";
import { first, nth } from "../present";
import { withClockHeld } from "./clock";

const db = drizzle(env.DB, { schema });
// Links in mail go to the main origin as configured (never the scheme and host a request names).
const ORIGIN = env.MAIN_ORIGIN;
const signIn = (email: string, password = NEW_PASSWORD) => authPost("/sign-in/email", { email, password });

async function inviteFor(email: string, role: "member" | "admin" = "member") {
  const id = crypto.randomUUID();
  await db.insert(schema.invites).values({ id, accountId: DEMO.customers.fabrikam.id, email, role, status: "pending" });
  return id;
}
const accept = (who: Caller, inviteId: string) => apiAs(who).post(`/v1/accounts/${DEMO.customers.fabrikam.id}/invites/${inviteId}/accept`);
const membersOf = async (email: string) =>
  db
    .select()
    .from(schema.accountUsers)
    .where(and(eq(schema.accountUsers.accountId, DEMO.customers.fabrikam.id), eq(schema.accountUsers.email, email)));

describe("e-mail verification (embedded provider)", () => {
  it("sign-up queues a confirmation mail with a link to /verify-email and gives no session until it is followed", async () => {
    const email = freshEmail();
    const res = await postSignUp(email, "Vera Verify", NEW_PASSWORD, { callbackURL: "/post-auth?invite=abc" });
    expect(res.status).toBe(200);
    expect((await json(res)).token).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(false);

    const mail = await lastMailTo(email, "Confirm your email address");
    expect(mail).toMatchObject({ subject: "Confirm your email address for TechFIT" });
    expect(["queued", "sent"]).toContain(mail!.status);
    expect(mail!.text).toContain("Hi Vera Verify,");
    expect(mail!.text).toMatch(
      new RegExp(`${ORIGIN}/verify-email\\?token=[^&\\s]+&next=${encodeURIComponent("/post-auth?invite=abc").replace(/[?]/g, "\\?")}`),
    );
    expect(mail!.html).toContain("/verify-email?token=");

    // Signing in before verifying is refused (and sends the link again).
    const early = await signIn(email);
    expect(early.status).toBe(403);
    expect((await json(early)).code).toBe("EMAIL_NOT_VERIFIED");

    const verified = await verifyFromMail(email);
    expect(verified.status).toBe(200);
    const token = await tokenForCookie(cookieOf(verified));
    const me = await json(await apiAs(token).get("/v1/users/me"));
    expect(me.email).toBe(email);
    expect((await signIn(email)).status).toBe(200);
  });

  it("the mail is not branded from a URL the client sends: a redirectUrl naming a partner's domain changes nothing", async () => {
    const email = freshEmail();
    const next = `/post-auth?redirectUrl=${encodeURIComponent("http://learn.northwind.test/post-auth")}`;
    expect((await postSignUp(email, "Pat", NEW_PASSWORD, { callbackURL: next })).status).toBe(200);
    const mail = await lastMailTo(email, "Confirm your email address");
    expect(mail!.subject).toBe("Confirm your email address for TechFIT");
    expect(mail!.fromName).toBe("TechFIT");
    expect(mail!.accountId).toBeNull();
    expect(mail!.text).toContain(`${ORIGIN}/verify-email?token=`);
  });

  it("an address with a pending invite gets its confirmation in the inviting account's partner's brand, linking to the partner's domain", async () => {
    const email = freshEmail();
    await inviteFor(email);
    expect((await postSignUp(email, "Ivy", NEW_PASSWORD, { callbackURL: "/post-auth" })).status).toBe(200);
    const mail = await lastMailTo(email, "Confirm your email address");
    expect(mail).toMatchObject({ subject: "Confirm your email address for Northwind Learn", fromName: "Northwind Learn", accountId: DEMO.northwind.id });
    expect(mail!.text).toContain("http://learn.northwind.test:5173/verify-email?token=");
  });

  it("an address already registered gets the same answer as a new one, and its owner a mail explaining how to get in", async () => {
    const res = await postSignUp("cara@fabrikam.test", "Impostor", "An0ther-pass!");
    expect(res.status).toBe(200);
    expect((await json(res)).token).toBeNull();
    // Cara belongs to Fabrikam, a customer of Northwind: the mail is Northwind's and links to its domain.
    const mail = await lastMailTo("cara@fabrikam.test", "You already have a");
    expect(mail).toMatchObject({ fromName: "Northwind Learn", accountId: DEMO.northwind.id });
    expect(mail!.text).toContain("http://learn.northwind.test:5173/forgot-password");
    // The existing account is untouched: the old password still works, the new one does not.
    expect((await signIn("cara@fabrikam.test", "An0ther-pass!")).status).toBe(401);
  });

  it("an expired or forged link is refused with a code the screen explains, and nothing is verified", async () => {
    const email = freshEmail();
    await postSignUp(email);
    const user = first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)));
    const secret = new TextEncoder().encode(authSecret(env));
    const expired = await new SignJWT({ email, userId: user.id })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const late = await verifyEmail(expired);
    expect(late.status).toBe(401);
    expect((await json(late)).code).toBe("TOKEN_EXPIRED");
    const forged = await verifyEmail(`${linkToken((await lastMailTo(email, "Confirm"))!.text, "/verify-email")}x`);
    expect(forged.status).toBe(401);
    expect((await json(forged)).code).toBe("INVALID_TOKEN");
    expect(first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.id, user.id))).emailVerified).toBe(false);
  });

  it("resending answers the same for any address and sends only to an unverified one", async () => {
    const email = freshEmail();
    await postSignUp(email);
    const before = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email));
    expect((await authPost("/send-verification-email", { email, callbackURL: "/post-auth" })).status).toBe(200);
    const after = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email));
    expect(after.length).toBe(before.length + 1);
    // Unknown and verified addresses get the same answer and no mail.
    const unknown = freshEmail();
    expect(await json(await authPost("/send-verification-email", { email: unknown }))).toEqual({ status: true });
    const outboxAda = (await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "ada@northwind.test"))).length;
    expect(await json(await authPost("/send-verification-email", { email: "ada@northwind.test" }))).toEqual({ status: true });
    expect(await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, unknown))).toEqual([]);
    expect((await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "ada@northwind.test"))).length).toBe(outboxAda);
  });

  // Each anonymous resend takes at least half a second (better-auth's floor against timing probes).
  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("resending is rate-limited per client address", { timeout: 30_000 }, () =>
    withClockHeld(async () => {
      const unknown = freshEmail();
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await authPost("/send-verification-email", { email: unknown }, { ip })).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    }),
  );

  it("the embedded token says whether the address is verified", async () => {
    const { token } = await signUp();
    const payload = JSON.parse(atob(nth(token.split("."), 1).replace(/-/g, "+").replace(/_/g, "/")));
    expect(payload.email_verified).toBe(true);
  });
});

describe("invites are bound to a verified address", () => {
  it("someone who signs up with an invited address first gets no session, so cannot accept it", async () => {
    const email = freshEmail();
    const inviteId = await inviteFor(email, "admin");
    const res = await postSignUp(email, "Mallory");
    expect((await json(res)).token).toBeNull();
    expect((await signIn(email)).status).toBe(403);
    expect(first(await db.select().from(schema.invites).where(eq(schema.invites.id, inviteId))).status).toBe("pending");
  });

  it("a session whose address is not verified is refused (403, nothing written) and is offered no invites", async () => {
    const { email, cookie } = await signUp("Una Verified");
    const inviteId = await inviteFor(email);
    // A session of an address that is not (or no longer) verified.
    await db.update(schema.authUsers).set({ emailVerified: false }).where(eq(schema.authUsers.email, email));
    const token = await tokenForCookie(cookie);
    expect((await json(await apiAs(token).get("/v1/users/me"))).onboardingInvites).toEqual([]);
    const res = await accept(token, inviteId);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({ code: "forbidden", message: INVITE_MESSAGES.verifyFirst });
    expect(first(await db.select().from(schema.invites).where(eq(schema.invites.id, inviteId))).status).toBe("pending");
    expect(await membersOf(email)).toEqual([]);
  });

  it("a verified user with another address is refused (403, nothing written)", async () => {
    const invited = freshEmail();
    const inviteId = await inviteFor(invited, "admin");
    const { token, email } = await signUp();
    const res = await accept(token, inviteId);
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(INVITE_MESSAGES.otherAddress);
    expect((await accept("partnerAdmin", inviteId)).status).toBe(403);
    expect(first(await db.select().from(schema.invites).where(eq(schema.invites.id, inviteId))).status).toBe("pending");
    expect(await membersOf(email)).toEqual([]);
  });

  it("the verified invited address accepts, with the invited role", async () => {
    const email = freshEmail();
    const inviteId = await inviteFor(email, "admin");
    const { token } = await signUp("Ian Invitee", email);
    const res = await accept(token, inviteId);
    expect(res.status).toBe(200);
    expect(await membersOf(email)).toEqual([expect.objectContaining({ role: "admin", status: "active" })]);
  });

  it("better-auth's own invitation endpoint refuses an unverified address too", async () => {
    const { email, cookie } = await signUp();
    const invitationId = crypto.randomUUID();
    const fabrikam = DEMO.customers.fabrikam.id;
    const owner = first(await db.select().from(schema.authMembers).where(eq(schema.authMembers.organizationId, fabrikam)).limit(1));
    await db.insert(schema.authInvitations).values({
      id: invitationId,
      organizationId: fabrikam,
      email,
      role: "admin",
      status: "pending",
      expiresAt: new Date(Date.now() + 3600_000),
      createdAt: new Date(),
      inviterId: owner.userId,
    });
    await db.update(schema.authUsers).set({ emailVerified: false }).where(eq(schema.authUsers.email, email));
    const res = await authPost("/organization/accept-invitation", { invitationId }, { cookie });
    expect(res.status).toBe(403);
    const row = first(await db.select().from(schema.authInvitations).where(eq(schema.authInvitations.id, invitationId)));
    expect(row.status).toBe("pending");
  });
});
