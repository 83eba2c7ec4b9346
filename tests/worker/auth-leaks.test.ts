import { env } from "cloudflare:workers";
import { and, eq, gt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { INVITES_PER_DAY } from "../../contract/team";
import * as schema from "../../db/schema";
import { DEMO, DEMO_PASSWORD } from "../../db/seed";
import { apiAs, authPost, freshEmail, lastMailTo, NEW_PASSWORD, nextIp, signInCookie } from "./auth";
import { call, json, type Bindings } from "./helpers";

/**
 * What the embedded provider's answers and mail carry: no figure that tells a
 * registered address from an unknown one, no name or text the sender wrote
 * beyond one bounded line, no brand or link taken from what the client sends.
 */
const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam.id;
// The deployment's default: the tests' own bindings send every figure (vitest.config.ts).
const DEFAULT: Bindings = { SERVER_TIMING: undefined };
const KNOWN = "cara@fabrikam.test";

/**
 * What a caller can compare of two answers: status, body, and every header but
 * the per-request ones. The body may echo the address it was sent, and a new
 * id and time: those are the same for both once masked.
 */
async function observable(res: Response, email: string) {
  const headers = [...res.headers.entries()]
    .filter(([name]) => !["x-request-id", "set-cookie", "date"].includes(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort();
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split("=")[0])
    .sort();
  const body = (await res.text())
    .replaceAll(email, "<email>")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "<time>");
  return { status: res.status, body, headers, cookies };
}

const timed = (res: Response) => ({ timing: res.headers.get("Server-Timing"), bookmark: res.headers.get("x-d1-bookmark") });

describe("auth answers are the same for a registered and an unknown address", () => {
  const cases: [string, string, (email: string) => Record<string, unknown>][] = [
    ["sign-in", "/sign-in/email", (email) => ({ email, password: "wrong-password-1" })],
    ["password-reset request", "/request-password-reset", (email) => ({ email, redirectTo: "/login" })],
    ["sign-up", "/sign-up/email", (email) => ({ email, password: NEW_PASSWORD, name: "Same Answer" })],
  ];
  it.each(cases)("%s: same status, body and headers, and no D1 figures", async (_what, path, body) => {
    const stranger = freshEmail();
    const known = await authPost(path, body(KNOWN), { bindings: DEFAULT });
    const unknown = await authPost(path, body(stranger), { bindings: DEFAULT });
    expect(timed(known)).toEqual({ timing: null, bookmark: null });
    expect(timed(unknown)).toEqual({ timing: null, bookmark: null });
    expect(await observable(known, KNOWN)).toEqual(await observable(unknown, stranger));
  });

  it("sends no D1 figures to a signed-out caller, and sends them to a signed-in one", async () => {
    expect(timed(await call("/v1/health", { bindings: DEFAULT }))).toEqual({ timing: null, bookmark: null });
    expect(timed(await call("/login", { bindings: DEFAULT })).timing).toBeNull();
    const signedIn = await apiAs("customerMember", { accountId: FABRIKAM, bindings: DEFAULT }).get("/v1/entitlements");
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Server-Timing")).toMatch(/^d1;desc="\d+ calls, \d+ sequential"/);
  });

  it("the sign-in form's post carries no D1 figures either", async () => {
    const res = await call("/login", {
      method: "POST",
      bindings: DEFAULT,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", "CF-Connecting-IP": nextIp() },
      body: new URLSearchParams({ email: KNOWN, password: "wrong-password-1" }).toString(),
    });
    expect(res.status).toBe(401);
    expect(timed(res)).toEqual({ timing: null, bookmark: null });
  });

  it("an operator turns the figures on for every answer with SERVER_TIMING=all", async () => {
    const res = await authPost("/sign-in/email", { email: KNOWN, password: "wrong-password-1" }, { bindings: { SERVER_TIMING: "all" } });
    expect(res.headers.get("Server-Timing")).toMatch(/^d1;desc="\d+ calls, \d+ sequential"/);
  });
});

describe("names are one bounded line, better-auth's included", () => {
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("INVALID_NAME");
  };

  it("sign-up refuses a multi-line, an overlong or a 2 MB name, and sends no mail", async () => {
    for (const name of ["Dear customer,\n\nYour account is locked: call 555-0100", "x".repeat(121), "Line\u2028break", "y".repeat(2 * 1024 * 1024)]) {
      const email = freshEmail();
      await refused(await authPost("/sign-up/email", { email, password: NEW_PASSWORD, name }));
      expect(await lastMailTo(email, "")).toBeNull();
    }
    const ok = await authPost("/sign-up/email", { email: freshEmail(), password: NEW_PASSWORD, name: "x".repeat(120) });
    expect(ok.status).toBe(200);
  });

  it("a signed-in user cannot make their name multi-line, nor an organisation's", async () => {
    const cookie = await signInCookie("dan@fabrikam.test", DEMO_PASSWORD);
    await refused(await authPost("/update-user", { name: "Dan\nClick here" }, { cookie }));
    await refused(await authPost("/organization/create", { name: "Org\r\nPay now", slug: `org-${crypto.randomUUID().slice(0, 8)}` }, { cookie }));
    expect((await authPost("/update-user", { name: "Dan Moreau" }, { cookie })).status).toBe(200);
  });

  it("the product's own name fields follow the same rule", async () => {
    const team = await apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Sales\nClick here", department: "sales" });
    expect(team.status).toBe(400);
    expect((await json(team)).error.fields.name).toBe("Must be on one line");
    const fine = await apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Sales West", department: "sales" });
    expect(fine.status).toBe(201);
  });

  it("a name stored before the rule reaches mail on one line", async () => {
    await db.update(schema.authUsers).set({ name: "Cara\n\nYour account is locked. Call 555-0100" }).where(eq(schema.authUsers.email, KNOWN));
    expect((await authPost("/request-password-reset", { email: KNOWN, redirectTo: "/login" })).status).toBe(200);
    const mail = await lastMailTo(KNOWN, "Reset your");
    expect(mail!.text.split("\n")[0]).toBe("Hi Cara Your account is locked. Call 555-0100,");
  });
});

describe("mail links and brand come from the server's side", () => {
  it("a reset asked for under a forged host and scheme mails a link to the main origin", async () => {
    const email = freshEmail();
    expect((await authPost("/sign-up/email", { email, password: NEW_PASSWORD, name: "Fay" })).status).toBe(200);
    const res = await call("/api/auth/request-password-reset", {
      method: "POST",
      host: "evil.localhost",
      headers: { "Content-Type": "application/json", Origin: "http://evil.localhost", "CF-Connecting-IP": nextIp() },
      body: JSON.stringify({ email, redirectTo: "/login" }),
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(email, "Reset your");
    expect(mail!.text).toContain(`${env.MAIN_ORIGIN}/reset-password?token=`);
    expect(mail!.text).not.toContain("evil");
  });

  it("a partner's invitee gets the partner's brand and support address, with links to the partner's domain, which serves them", async () => {
    const email = freshEmail();
    expect((await authPost("/sign-up/email", { email, password: NEW_PASSWORD, name: "Ines" })).status).toBe(200);
    await db.insert(schema.invites).values({ accountId: FABRIKAM, email, status: "pending" });
    expect((await authPost("/request-password-reset", { email, redirectTo: "/login" })).status).toBe(200);
    const mail = await lastMailTo(email, "Reset your");
    expect(mail).toMatchObject({ subject: "Reset your Northwind Learn password", fromName: "Northwind Learn", accountId: DEMO.northwind.id });
    expect(mail!.text).toContain("Questions? Write to help@northwind.test");
    const link = new URL(/(http\S+\/reset-password\?token=\S+)/.exec(mail!.text)![1]!);
    expect(link.origin).toBe("http://learn.northwind.test:5173");
    const reset = await authPost("/reset-password", { token: link.searchParams.get("token"), newPassword: "N3w-password!" }, { host: link.host });
    expect(reset.status).toBe(200);
  });

  it("an invite's link goes to the partner's domain whatever host the request named", async () => {
    const email = freshEmail();
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM, host: "evil.localhost" }).post("/v1/admin/account-users/invites", { emails: email });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(email, "");
    expect(mail!.text).toMatch(/http:\/\/learn\.northwind\.test:5173\/signup\?invite=\S+/);
    expect(mail!.text).not.toContain("evil");
  });

  it("an assessment link is on the main origin whatever host the request named", async () => {
    const res = await apiAs("customerMember", { accountId: FABRIKAM, host: "evil.localhost" }).get("/v1/assessments/fitness-score");
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).url.startsWith(`${env.MAIN_ORIGIN}/assessment/`)).toBe(true);
  });

  it("cookies are Secure outside development, even on a request that names http", async () => {
    const production: Bindings = { APP_ENV: "production", MAIN_ORIGIN: "https://localhost" };
    const res = await authPost("/sign-in/email", { email: "dan@fabrikam.test", password: DEMO_PASSWORD }, { bindings: production });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});

describe("invites per account and day", () => {
  const sentToday = async () =>
    (
      await db
        .select({ id: schema.invites.id })
        .from(schema.invites)
        .where(and(eq(schema.invites.accountId, FABRIKAM), gt(schema.invites.createdAt, new Date(Date.now() - 24 * 3600 * 1000).toISOString())))
    ).length;
  const invite = (emails: string[]) => apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: emails.join(";") });

  it(`answers 429 in the error envelope, sending none, once a request would go over ${INVITES_PER_DAY} in 24 hours`, async () => {
    // Invites older than a day do not count.
    const old = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    const add = async (n: number, createdAt?: string) => {
      for (let i = 0; i < n; i++) await db.insert(schema.invites).values({ accountId: FABRIKAM, email: freshEmail(), createdAt });
    };
    await add(10, old);
    await add(INVITES_PER_DAY - (await sentToday()) - 1);

    const over = [freshEmail(), freshEmail()];
    const refused = await invite(over);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ error: { code: "rate_limited", fields: { emails: expect.stringContaining("invite limit") } } });
    // When a place comes free: the oldest invite of the last 24 hours was sent just now, so about a day from now.
    const retry = Number(refused.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    expect(await sentToday()).toBe(INVITES_PER_DAY - 1);
    expect(await lastMailTo(over[0]!, "")).toBeNull();

    const last = await invite([freshEmail()]);
    expect(last.status).toBe(200);
    expect(await sentToday()).toBe(INVITES_PER_DAY);
    expect((await invite([freshEmail()])).status).toBe(429);
  });

  it("holds under requests sent at once: sixteen of ten addresses each never take the account past the cap", async () => {
    const before = await sentToday();
    const answers = await Promise.all(Array.from({ length: 16 }, () => invite(Array.from({ length: 10 }, () => freshEmail()))));
    const sent = answers.filter((r) => r.status === 200).length;
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(await sentToday()).toBe(before + sent * 10);
    expect(await sentToday()).toBeLessThanOrEqual(INVITES_PER_DAY);
    expect(sent).toBe(Math.floor((INVITES_PER_DAY - before) / 10));
  });

  it("counts per account: another account still invites", async () => {
    const res = await apiAs("partnerAdmin", { accountId: DEMO.northwind.id }).post("/v1/admin/account-users/invites", { emails: freshEmail() });
    expect(res.status).toBe(200);
  });
});
