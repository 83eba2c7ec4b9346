/**
 * A partner's new customer signs up, confirms the address and resets the
 * password on the partner's connected domain itself: the provider answers
 * there as on the main domain (same limits, same answers whether or not the
 * address is taken), the mail is the partner's with links to its domain,
 * and confirming there signs the browser in with a session of that partner.
 * An unknown or unconnected host gets 404.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { DEMO_USERS } from "../../db/seed/identity";
import { DEFAULT_STYLING } from "../../contract/styling-values";
import { authPost, cookieOf, freshEmail, getWithCookie, lastMailTo, linkToken, NEW_PASSWORD, nextIp } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";
import { shardDbOf } from "./databases";
import { withClockHeld } from "./clock";

const db = drizzle(env.DB, { schema });
const HOST = `${DEMO.northwind.domain}:5173`;
const NORTHWIND = `http://${HOST}`;
const on = (host: string) => ({ host });
const signUpOn = (host: string, email: string, extra: Record<string, unknown> = {}, ip?: string) =>
  authPost("/sign-up/email", { email, password: NEW_PASSWORD, name: "Nora New", callbackURL: "/post-auth?type=customer", ...extra }, { host, ip });
const sessionOf = async (res: Response) =>
  first(
    await db
      .select()
      .from(schema.authSessions)
      .where(eq(schema.authSessions.token, sessionToken(res))),
  );
const sessionToken = (res: Response) => decodeURIComponent(cookieOf(res).match(/better-auth\.session_token=([^;]+)/)?.[1] ?? "").split(".")[0] ?? "";

/** A mail is the partner's: its name and sender, its support address, links to its domain, nothing of the product. */
function expectNorthwindMail(mail: { fromName: string | null; subject: string; text: string; html: string | null } | null, path: string) {
  expect(mail).not.toBeNull();
  const { fromName, subject, text, html } = mail!;
  expect(fromName).toBe(DEMO.northwind.platformName);
  expect(`${subject}\n${text}`).toContain(DEMO.northwind.platformName);
  expect(text).toContain("help@northwind.test");
  expect(text).toContain(`${NORTHWIND}${path}?token=`);
  for (const part of [subject, text, html ?? ""]) {
    expect(part).not.toContain("TechFIT");
    expect(part).not.toContain("localhost");
    expect(part.toLowerCase()).not.toContain(DEFAULT_STYLING.brandColour);
  }
  expect(html?.toLowerCase()).toContain(DEMO.northwind.brandColour);
}

describe("sign-up on a partner's domain", () => {
  it("answers as on the main domain and mails the partner's confirmation, linked to its domain", async () => {
    const email = freshEmail();
    const res = await signUpOn(HOST, email);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.token).toBeNull();
    expect(body.user.emailVerified).toBe(false);
    expect(cookieOf(res)).not.toMatch(/session_token=/);
    const mail = await lastMailTo(email, "Confirm your email address");
    expectNorthwindMail(mail, "/verify-email");
    expect(mail!.text).toContain(encodeURIComponent("/post-auth?type=customer"));
  });

  it("answers a taken address exactly as a new one, and mails its owner the partner's 'already registered'", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    const confirmed = await authPost(
      "/confirm-email",
      { token: linkToken((await lastMailTo(email, "Confirm"))!.text, "/verify-email"), password: NEW_PASSWORD },
      on(HOST),
    );
    expect(confirmed.status).toBe(200);
    const again = await signUpOn(HOST, email);
    const fresh = await signUpOn(HOST, freshEmail());
    expect(again.status).toBe(fresh.status);
    expect(Object.keys((await json(again)).user).sort()).toEqual(Object.keys((await json(fresh)).user).sort());
    const mail = await lastMailTo(email, "already");
    expect(mail?.fromName).toBe(DEMO.northwind.platformName);
    expect(mail?.text).toContain(`${NORTHWIND}/forgot-password`);
    expect(mail?.text).not.toContain("TechFIT");
  });

  it("refuses invalid input as the main domain does, mailing nothing", async () => {
    const email = freshEmail();
    for (const [extra, status] of [
      [{ email: "not-an-address" }, 400],
      [{ password: "short" }, 400],
      [{ name: "Two\nLines" }, 400],
    ] as const) {
      expect((await signUpOn(HOST, email, extra)).status, JSON.stringify(extra)).toBe(status);
    }
    expect(await lastMailTo(email, "Confirm")).toBeNull();
  });

  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("is rate-limited per client address like sign-in", () =>
    withClockHeld(async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await signUpOn(HOST, freshEmail(), {}, ip)).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    }));

  it("answers 404 on an unknown host and on a partner's domain that is not connected", async () => {
    await db
      .insert(schema.customDomains)
      .values({ accountId: DEMO.northwind.id, uri: "pending.northwind.test", state: "awaitingConnection", verificationToken: "t-pending" });
    for (const host of ["evil.test:5173", "pending.northwind.test:5173"]) {
      const email = freshEmail();
      expect((await signUpOn(host, email)).status, host).toBe(404);
      expect((await authPost("/request-password-reset", { email, redirectTo: "/login" }, on(host))).status, host).toBe(404);
      expect(await lastMailTo(email, "Confirm")).toBeNull();
    }
  });
});

describe("later mail to an address signed up on a partner's domain", () => {
  it("is the partner's while the address is unconfirmed, also from the main domain (a sign-in before confirming)", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    const before = await lastMailTo(email, "Confirm");
    const early = await authPost("/sign-in/email", { email, password: NEW_PASSWORD });
    expect(early.status).toBe(403);
    const mail = await lastMailTo(email, "Confirm");
    expect(mail?.id).not.toBe(before?.id);
    expectNorthwindMail(mail, "/verify-email");
  });

  it("is the product's again once the address is signed up on the main domain instead", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    expect((await authPost("/sign-up/email", { email, password: NEW_PASSWORD, name: "Nora Main" })).status).toBe(200);
    const mail = await lastMailTo(email, "Confirm");
    expect(mail?.fromName).toBe("TechFIT");
    expect(mail?.text).not.toContain(NORTHWIND);
  });
});

describe("confirming on a partner's domain", () => {
  it("signs the browser in there with a session of that partner only", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    const token = linkToken((await lastMailTo(email, "Confirm"))!.text, "/verify-email");
    const res = await authPost("/confirm-email", { token, password: NEW_PASSWORD }, on(HOST));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "signedIn" });
    expect((await sessionOf(res)).partnerAccountId).toBe(DEMO.northwind.id);
    // The session is the partner domain's: it reads itself there.
    const me = await json(await getWithCookie(cookieOf(res), "/api/auth/get-session", on(HOST)));
    expect(me.user.email).toBe(email);
  });

  it("on the main domain makes a session of no partner", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    const token = linkToken((await lastMailTo(email, "Confirm"))!.text, "/verify-email");
    const res = await authPost("/confirm-email", { token, password: NEW_PASSWORD });
    expect(await json(res)).toEqual({ status: "signedIn" });
    expect((await sessionOf(res)).partnerAccountId).toBeNull();
  });

  it("confirms, but signs in nobody there, for a user of another partner", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    const authUser = first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)));
    const [product] = await db.insert(schema.users).values({ authId: authUser.id, email, firstName: "Nora" }).returning();
    // A member of Contoso: the user copied to Contoso's shard with the membership, as the product writes them.
    const contoso = await shardDbOf(DEMO.contoso.id);
    await contoso.insert(schema.users).values(product!).onConflictDoNothing();
    await contoso.insert(schema.accountUsers).values({ accountId: DEMO.contoso.id, userId: product!.id, email, role: "member", status: "active" });
    // The identity provider's membership, which the directory knows the user's accounts by.
    await db
      .insert(schema.authMembers)
      .values({ id: crypto.randomUUID(), organizationId: DEMO.contoso.id, userId: authUser.id, role: "member", createdAt: new Date() });
    const token = linkToken((await lastMailTo(email, "Confirm"))!.text, "/verify-email");
    const res = await authPost("/confirm-email", { token, password: NEW_PASSWORD }, on(HOST));
    expect(await json(res)).toEqual({ status: "verified" });
    expect(cookieOf(res)).not.toMatch(/session_token=/);
    expect(first(await db.select().from(schema.authUsers).where(eq(schema.authUsers.id, authUser.id))).emailVerified).toBe(true);
  });
});

describe("password reset on a partner's domain", () => {
  it("mails the partner's reset link to its domain, answers an unknown address the same, and the link resets there", async () => {
    const email = freshEmail();
    await signUpOn(HOST, email);
    const asked = await authPost("/request-password-reset", { email, redirectTo: "/login" }, on(HOST));
    const unknown = await authPost("/request-password-reset", { email: freshEmail(), redirectTo: "/login" }, on(HOST));
    expect(asked.status).toBe(200);
    expect(await json(asked)).toEqual(await json(unknown));
    const mail = await lastMailTo(email, "Reset your");
    expectNorthwindMail(mail, "/reset-password");
    const reset = await authPost("/reset-password", { token: linkToken(mail!.text, "/reset-password"), newPassword: "N3w-reset-pass!" }, on(HOST));
    expect(reset.status).toBe(200);
    // A reset signs nobody in; sign-in goes through the main domain's branded sign-in and the hand-off.
    expect(cookieOf(reset)).not.toMatch(/session_token=[^;]/);
    expect((await authPost("/sign-in/email", { email, password: "N3w-reset-pass!" })).status).toBe(200);
  });

  it("refuses an invalid request there as on the main domain", async () => {
    expect((await authPost("/request-password-reset", { email: "nope" }, on(HOST))).status).toBe(400);
    const reset = await authPost("/reset-password", { token: "not-a-token", newPassword: "N3w-reset-pass!" }, on(HOST));
    expect(reset.status).toBe(400);
  });
});

describe("the screens of a partner's domain", () => {
  it("renders sign-up there, in the partner's styling, instead of sending it to the main domain", async () => {
    const res = await call("/signup?type=customer", { host: HOST, redirect: "manual" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>(?:[^<]+ · )?Northwind Learn<\/title>/);
    expect(html).not.toContain("TechFIT");
  });

  it.each(["/signup", "/forgot-password"])("moves the main domain's %s reached from the partner's sign-in to the partner's domain", async (path) => {
    const redirectUrl = `${NORTHWIND}/post-auth?challenge=${"a".repeat(43)}`;
    const res = await call(`${path}?type=customer&redirectUrl=${encodeURIComponent(redirectUrl)}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${NORTHWIND}${path}?type=customer`);
  });

  it("keeps the main domain's sign-up for a return address that is no connected partner domain", async () => {
    for (const redirectUrl of ["http://evil.test:5173/post-auth", "http://pending.northwind.test:5173/post-auth", `${NORTHWIND}/elsewhere`]) {
      const res = await call(`/signup?redirectUrl=${encodeURIComponent(redirectUrl)}`, { redirect: "manual" });
      expect(res.status, redirectUrl).toBe(200);
    }
  });
});

describe("another partner's domain never speaks to a partner's people", () => {
  // Finn is a customer of Contoso's (Harbour Health); anyone can type his address on Northwind's domain.
  const finn = DEMO_USERS.otherCustomerAdmin.email;
  const CONTOSO = `http://${DEMO.contoso.domain}:5173`;

  /** The mail is Contoso's, linked to Contoso's domain, and says nothing of Northwind. */
  function expectContosoMail(mail: { fromName: string | null; subject: string; text: string; html: string | null } | null, path: string) {
    expect(mail).not.toBeNull();
    expect(mail!.fromName).toBe(DEMO.contoso.platformName);
    expect(mail!.text).toContain(`${CONTOSO}${path}`);
    for (const part of [mail!.subject, mail!.text, mail!.html ?? ""]) {
      expect(part).not.toContain(DEMO.northwind.platformName);
      expect(part).not.toContain(DEMO.northwind.domain);
    }
  }

  it("a reset asked for on Northwind's domain mails Contoso's customer Contoso's reset, linked to Contoso's domain", async () => {
    const res = await authPost("/request-password-reset", { email: finn, redirectTo: "/login" }, on(HOST));
    expect(res.status).toBe(200);
    expectContosoMail(await lastMailTo(finn, "Reset your"), "/reset-password?token=");
  });

  it("a sign-up with his address on Northwind's domain mails him Contoso's 'already registered'", async () => {
    expect((await signUpOn(HOST, finn)).status).toBe(200);
    expectContosoMail(await lastMailTo(finn, "already"), "/forgot-password");
  });
});
