import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import {
  authPost,
  confirmationToken,
  cookieOf,
  freshEmail,
  getWithCookie,
  lastMailTo,
  linkToken,
  NEW_PASSWORD,
  nextIp,
  postSignUp,
  signUp,
  verifyEmail,
} from "./auth";
import { json } from "./helpers";
import { first } from "../present";
import { withClockHeld } from "./clock";

const db = drizzle(env.DB, { schema });
const ORIGIN = env.MAIN_ORIGIN;
const signIn = (email: string, password: string) => authPost("/sign-in/email", { email, password });
const session = async (cookie: string) => json(await getWithCookie(cookie, "/api/auth/get-session"));
const linksOf = async (email: string) => {
  const user = first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)));
  return db.select().from(schema.authVerifications).where(eq(schema.authVerifications.value, user.id));
};
const outboxTo = async (email: string) => db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email));

async function requestReset(email: string) {
  const res = await authPost("/request-password-reset", { email, redirectTo: "/login" });
  expect(res.status).toBe(200);
  return json(res);
}
async function resetToken(email: string) {
  const mail = await lastMailTo(email, "Reset your");
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return linkToken(mail.text, "/reset-password");
}

describe("password reset by mail (embedded provider)", () => {
  it("mails a link to /reset-password; the new password works, the old does not, and every session ends", async () => {
    const { email, cookie } = await signUp("Rita Reset");
    expect((await session(cookie))?.user.email).toBe(email);
    await requestReset(email);
    const mail = await lastMailTo(email, "Reset your");
    expect(mail).toMatchObject({ subject: "Reset your TechFIT password" });
    expect(mail!.text).toMatch(new RegExp(`${ORIGIN}/reset-password\\?token=\\S+`));
    expect(mail!.text).toContain("Hi Rita Reset,");

    const res = await authPost("/reset-password", { token: await resetToken(email), newPassword: "N3w-password!" });
    expect(res.status).toBe(200);
    expect(await session(cookie)).toBeNull();
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(401);
    const fresh = await signIn(email, "N3w-password!");
    expect(fresh.status).toBe(200);
    expect((await session(cookieOf(fresh)))?.user.email).toBe(email);
  });

  it("a reset token works once", async () => {
    const { email } = await signUp();
    await requestReset(email);
    const token = await resetToken(email);
    expect((await authPost("/reset-password", { token, newPassword: "Once-only-1" })).status).toBe(200);
    const again = await authPost("/reset-password", { token, newPassword: "Twice-over-2" });
    expect(again.status).toBe(400);
    expect((await json(again)).code).toBe("INVALID_TOKEN");
    expect((await signIn(email, "Once-only-1")).status).toBe(200);
  });

  it("an expired token is refused and the password stays", async () => {
    const { email } = await signUp();
    await requestReset(email);
    const token = await resetToken(email);
    await db
      .update(schema.authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.authVerifications.identifier, `reset-password:${token}`));
    const res = await authPost("/reset-password", { token, newPassword: "Too-late-123" });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("INVALID_TOKEN");
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("a new password follows the sign-up rules (8 to 128 characters), and a refused one uses up nothing", async () => {
    const { email } = await signUp();
    await requestReset(email);
    const token = await resetToken(email);
    const short = await authPost("/reset-password", { token, newPassword: "short" });
    expect(short.status).toBe(400);
    expect((await json(short)).code).toBe("PASSWORD_TOO_SHORT");
    expect((await authPost("/reset-password", { token, newPassword: "x".repeat(129) })).status).toBe(400);
    expect((await authPost("/reset-password", { token, newPassword: "Long-enough-1" })).status).toBe(200);
  });

  it("answers the same whether or not the address has an account, and mails only an existing one", async () => {
    const { email } = await signUp();
    const known = await requestReset(email);
    const nobody = freshEmail();
    const unknown = await requestReset(nobody);
    expect(unknown).toEqual(known);
    expect(await outboxTo(nobody)).toEqual([]);
  });

  it("resetting proves the address: an unverified account becomes verified and can sign in", async () => {
    const email = freshEmail();
    await postSignUp(email);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(403);
    await requestReset(email);
    expect((await authPost("/reset-password", { token: await resetToken(email), newPassword: "Pr0ven-owner!" })).status).toBe(200);
    const user = first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)));
    expect(user.emailVerified).toBe(true);
    expect((await signIn(email, "Pr0ven-owner!")).status).toBe(200);
  });

  it("a reset voids every earlier reset link and every confirmation link of the user", async () => {
    const email = freshEmail();
    await postSignUp(email);
    const confirmation = await confirmationToken(email);
    await requestReset(email);
    const earlierToken = await resetToken(email);
    await requestReset(email);
    const second = await resetToken(email);
    expect(second).not.toBe(earlierToken);
    expect((await authPost("/reset-password", { token: second, newPassword: "Sec0nd-link!" })).status).toBe(200);
    const earlier = await authPost("/reset-password", { token: earlierToken, newPassword: "F1rst-link!" });
    expect(earlier.status).toBe(400);
    expect((await json(earlier)).code).toBe("INVALID_TOKEN");
    expect((await signIn(email, "F1rst-link!")).status).toBe(401);
    expect((await signIn(email, "Sec0nd-link!")).status).toBe(200);
    // Verified by the reset already; the confirmation link was voided with it, and confirms nothing either way.
    const confirm = await verifyEmail(confirmation, NEW_PASSWORD);
    expect(await json(confirm)).toEqual({ status: "alreadyVerified" });
    expect(confirm.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(false);
    expect(await linksOf(email)).toEqual([]);
  });

  it("a password change voids every outstanding reset link", async () => {
    const { email, cookie } = await signUp();
    await requestReset(email);
    const token = await resetToken(email);
    const changed = await authPost("/change-password", { currentPassword: NEW_PASSWORD, newPassword: "Ch4nged-pass!" }, { cookie });
    expect(changed.status).toBe(200);
    const late = await authPost("/reset-password", { token, newPassword: "L4te-reset!" });
    expect(late.status).toBe(400);
    expect((await json(late)).code).toBe("INVALID_TOKEN");
    expect((await signIn(email, "Ch4nged-pass!")).status).toBe(200);
  });

  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("requests are rate-limited per client address like sign-in", () =>
    withClockHeld(async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await authPost("/request-password-reset", { email: freshEmail() }, { ip })).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    }));
});
