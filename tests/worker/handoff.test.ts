import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS, type DemoUserKey } from "../../db/seed";
import { getWithCookie, signInCookie, signUp } from "./auth";
import { call, json } from "./helpers";
import { first, nth } from "../present";

// Worker tests run with MAIN_ORIGIN http://localhost:5173 in development, so
// a connected domain's registered origin carries that scheme and port.
const MAIN = "http://localhost";
const NORTHWIND = "http://learn.northwind.test:5173";
const CONTOSO = "http://skills.contoso.test:5173";
const db = drizzle(env.DB, { schema });

const cookies = new Map<string, string>();
async function cookieOf(who: DemoUserKey): Promise<string> {
  let cookie = cookies.get(who);
  if (!cookie) cookies.set(who, (cookie = await signInCookie(DEMO_USERS[who].email)));
  return cookie;
}

function create(cookie: string | null, redirectUrl: string, host = "localhost") {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: host === "localhost" ? MAIN : `http://${host}` };
  if (cookie) headers.Cookie = cookie;
  return call("/api/auth/handoff/create", { method: "POST", host, headers, body: JSON.stringify({ redirectUrl }) });
}

/** Mints a hand-off for `who` to Northwind's domain; answers the one-time token. */
async function mint(who: string, origin = NORTHWIND): Promise<string> {
  const cookie = who.includes("=") ? who : await cookieOf(who as DemoUserKey);
  const res = await create(cookie, `${origin}/post-auth`);
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = await json<{ url: string }>(res);
  expect(url.startsWith(`${origin}/post-auth?ott=`)).toBe(true);
  return new URL(url).searchParams.get("ott")!;
}

function redeem(token: string, origin: string | null, host = new URL(NORTHWIND).host, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (origin) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  return call("/api/auth/handoff/redeem", { method: "POST", host, headers, body: JSON.stringify({ token }) });
}

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.includes("session_token") && !c.endsWith("="))
    .join("; ");

async function sessionOn(host: string, cookie: string) {
  const res = await getWithCookie(cookie, "/api/auth/get-session", { host });
  expect(res.status).toBe(200);
  return json<{ session: { id: string; userId: string }; user: { email: string } } | null>(res);
}

const handoffRecords = async () => (await db.select().from(schema.authVerifications)).length;

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/auth/handoff/create: who is handed to which domain", () => {
  it("hands a Northwind customer to Northwind's registered origin, and a partner's own team to it", async () => {
    expect(await mint("customerAdmin")).toMatch(/^[\w-]{40,}$/);
    expect(await mint("partnerAdmin")).toBeTruthy();
    expect(await mint("otherPartnerAdmin", CONTOSO)).toBeTruthy();
  });

  it("refuses a user with no account under that partner: 403 and no token", async () => {
    const before = await handoffRecords();
    for (const who of ["otherPartnerAdmin", "otherCustomerAdmin"] as const) {
      const res = await create(await cookieOf(who), `${NORTHWIND}/post-auth`);
      expect(res.status, who).toBe(403);
      const body = await json(res);
      expect(body.code).toBe("HANDOFF_NOT_AVAILABLE");
      expect(JSON.stringify(body)).not.toContain("ott");
    }
    // Northwind's customer is no more welcome on Contoso's domain.
    expect((await create(await cookieOf("customerAdmin"), `${CONTOSO}/post-auth`)).status).toBe(403);
    expect(await handoffRecords()).toBe(before);
  });

  it("hands a fresh sign-up with no account yet to the domain it came from (onboarding happens there)", async () => {
    const { cookie } = await signUp("Sat Ellite");
    expect(await mint(cookie)).toBeTruthy();
  });

  it("refuses another port, scheme, path, query, user info, an unconnected or unknown host and the main origin (400)", async () => {
    await db.insert(schema.customDomains).values({
      accountId: DEMO.northwind.id,
      uri: "pending.northwind.test",
      state: "awaitingConnection",
      verificationToken: "test-pending",
    });
    const before = await handoffRecords();
    const cookie = await cookieOf("customerAdmin");
    for (const target of [
      "http://learn.northwind.test:9999/post-auth",
      "http://learn.northwind.test/post-auth",
      "https://learn.northwind.test:5173/post-auth",
      "https://learn.northwind.test/post-auth",
      `${NORTHWIND}/`,
      `${NORTHWIND}/elsewhere`,
      `${NORTHWIND}/post-auth?next=/x`,
      `${NORTHWIND}/post-auth#x`,
      "http://eve@learn.northwind.test:5173/post-auth",
      "http://pending.northwind.test:5173/post-auth",
      "http://unknown.test:5173/post-auth",
      "http://localhost:5173/post-auth",
      "javascript:alert(1)",
      "not a url",
    ]) {
      const res = await create(cookie, target);
      expect(res.status, target).toBe(400);
    }
    expect(await handoffRecords()).toBe(before);
  });

  it("needs a signed-in session (401) and is not served on a satellite (404)", async () => {
    expect((await create(null, `${NORTHWIND}/post-auth`)).status).toBe(401);
    const res = await create(await cookieOf("customerAdmin"), `${NORTHWIND}/post-auth`, new URL(NORTHWIND).host);
    expect(res.status).toBe(404);
  });
});

describe("POST /api/auth/handoff/redeem: the token is bound to its origin, single use and short-lived", () => {
  it("signs the browser in on the satellite with a new session of its own, never the main one", async () => {
    const main = await cookieOf("customerAdmin");
    const token = await mint("customerAdmin");
    const res = await redeem(token, NORTHWIND);
    expect(res.status, await res.clone().text()).toBe(200);
    const satellite = sessionCookie(res);
    expect(satellite).toMatch(/session_token=/);
    expect(satellite).not.toBe(main);
    expect(JSON.stringify(await res.json())).not.toContain(first(nth(main.split("="), 1).split(".")));

    const there = await sessionOn(new URL(NORTHWIND).host, satellite);
    const here = await sessionOn("localhost", main);
    expect(there!.user.email).toBe(DEMO_USERS.customerAdmin.email);
    expect(there!.session.userId).toBe(here!.session.userId);
    expect(there!.session.id).not.toBe(here!.session.id);
  });

  it("never replaces the session of someone else signed in on the satellite (a link sent to them signs nobody in)", async () => {
    const victim = sessionCookie(await redeem(await mint("customerAdmin"), NORTHWIND));
    const attackers = await mint("partnerAdmin");
    const res = await redeem(attackers, NORTHWIND, undefined, victim);
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe("SIGNED_IN_AS_ANOTHER_USER");
    expect(sessionCookie(res)).toBe("");
    expect((await sessionOn(new URL(NORTHWIND).host, victim))!.user.email).toBe(DEMO_USERS.customerAdmin.email);
    // The same user coming back through a hand-off is let in.
    expect((await redeem(await mint("customerAdmin"), NORTHWIND, undefined, victim)).status).toBe(200);
  });

  it("is single use", async () => {
    const token = await mint("customerAdmin");
    expect((await redeem(token, NORTHWIND)).status).toBe(200);
    const again = await redeem(token, NORTHWIND);
    expect(again.status).toBe(400);
    expect(sessionCookie(again)).toBe("");
  });

  it("is refused from any other origin, or arriving on any other host, and gives no session", async () => {
    const token = await mint("customerAdmin");
    for (const [origin, host] of [
      [null, "learn.northwind.test:5173"],
      ["http://evil.test", "learn.northwind.test:5173"],
      ["http://learn.northwind.test", "learn.northwind.test:5173"],
      ["https://learn.northwind.test", "learn.northwind.test:5173"],
      [NORTHWIND, "evil.test:5173"],
      [NORTHWIND, "localhost:5173"],
      ["http://localhost:5173", "localhost:5173"],
    ] as const) {
      const res = await redeem(token, origin, host);
      expect(res.status, `${origin} on ${host}`).not.toBe(200);
      expect(sessionCookie(res)).toBe("");
    }
    // A token minted for Northwind's domain, redeemed from Contoso's: refused (and spent).
    const res = await redeem(token, CONTOSO, new URL(CONTOSO).host);
    expect(res.status).toBe(400);
    expect(sessionCookie(res)).toBe("");
    expect((await redeem(token, NORTHWIND)).status).toBe(400);
  });

  it("expires after two minutes", async () => {
    const token = await mint("customerAdmin");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60 * 1000 + 1000);
    const res = await redeem(token, NORTHWIND);
    expect(res.status).toBe(400);
    expect(sessionCookie(res)).toBe("");
  });

  it("refuses a made-up token", async () => {
    expect((await redeem("not-a-token", NORTHWIND)).status).toBe(400);
  });
});
