import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS, type DemoUserKey } from "../../db/seed";
import { getWithCookie, satelliteCookie, satelliteStart, signInCookie, signUp } from "./auth";
import { call, json } from "./helpers";
import { first, nth } from "../present";
import { later, letClockRunAfterEach } from "./clock";

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

/** A one-time token and the verifier cookie of the browser it was minted for. */
type Minted = { token: string; verifier: string };

/**
 * Mints a hand-off for `who` to Northwind's domain (or `origin`) as the main
 * domain's post-auth does, for a browser that left that domain's sign-in.
 */
async function mint(who: string, origin = NORTHWIND): Promise<Minted> {
  const cookie = who.includes("=") ? who : await cookieOf(who as DemoUserKey);
  const { verifier, redirectUrl } = await satelliteStart(origin);
  expect(redirectUrl).toMatch(new RegExp(`^${origin}/post-auth\\?challenge=[\\w-]{43}$`));
  const res = await create(cookie, redirectUrl);
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = await json<{ url: string }>(res);
  expect(url.startsWith(`${origin}/post-auth?ott=`)).toBe(true);
  return { token: new URL(url).searchParams.get("ott")!, verifier };
}

function redeem(minted: Minted | string, origin: string | null, host = new URL(NORTHWIND).host, cookie?: string) {
  const { token, verifier } = typeof minted === "string" ? { token: minted, verifier: "" } : minted;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (origin) headers.Origin = origin;
  const sent = [verifier, cookie].filter(Boolean).join("; ");
  if (sent) headers.Cookie = sent;
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

letClockRunAfterEach();

describe("POST /api/auth/handoff/create: who is handed to which domain", () => {
  it("hands a Northwind customer to Northwind's registered origin, and a partner's own team to it", async () => {
    expect((await mint("customerAdmin")).token).toMatch(/^[\w-]{40,}$/);
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
      `${NORTHWIND}/post-auth?challenge=short`,
      `${NORTHWIND}/post-auth?challenge=${"a".repeat(43)}&next=/x`,
      `${NORTHWIND}/post-auth?next=/x&challenge=${"a".repeat(43)}`,
      `${NORTHWIND}/post-auth?challenge=${"a".repeat(43)}#x`,
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
    later(2 * 60 * 1000 + 1000);
    const res = await redeem(token, NORTHWIND);
    expect(res.status).toBe(400);
    expect(sessionCookie(res)).toBe("");
  });

  it("refuses a made-up token", async () => {
    expect((await redeem("not-a-token", NORTHWIND)).status).toBe(400);
  });
});

describe("the hand-off is redeemable only by the browser that left the partner's domain", () => {
  const host = new URL(NORTHWIND).host;
  const verifierOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("handoff_verifier=")) ?? "";

  it("the partner's sign-in redirect keeps a verifier in an HttpOnly cookie there and sends only its challenge", async () => {
    const res = await call("/bookings", { host, redirect: "manual" });
    expect(res.status).toBe(302);
    const set = verifierOf(res);
    expect(set).toMatch(/^handoff_verifier=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const verifier = set.split(";")[0]!;
    const redirectUrl = new URL(res.headers.get("Location")!).searchParams.get("redirectUrl")!;
    expect(redirectUrl).not.toContain(verifier.split("=")[1]);
    // The same browser keeps its verifier (two tabs), another gets its own.
    expect((await satelliteStart(NORTHWIND, verifier)).redirectUrl).toBe(redirectUrl);
    expect((await satelliteStart(NORTHWIND)).redirectUrl).not.toBe(redirectUrl);
  });

  it("refuses a redeem without the verifier or with another browser's, and gives no session", async () => {
    const minted = await mint("customerAdmin");
    const bare = await redeem(minted.token, NORTHWIND);
    expect(bare.status).toBe(400);
    expect(sessionCookie(bare)).toBe("");
    const other = await satelliteStart();
    const again = await mint("customerAdmin");
    const wrong = await redeem({ token: again.token, verifier: other.verifier }, NORTHWIND);
    expect(wrong.status).toBe(400);
    expect(sessionCookie(wrong)).toBe("");
    // Refused tokens are spent: the right browser cannot use them afterwards either.
    expect((await redeem(minted, NORTHWIND)).status).toBe(400);
    expect((await redeem(again, NORTHWIND)).status).toBe(400);
  });

  it("the right browser's redeem succeeds and drops the verifier", async () => {
    const res = await redeem(await mint("customerAdmin"), NORTHWIND);
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toMatch(/session_token=/);
    expect(verifierOf(res)).toMatch(/^handoff_verifier=;.*Max-Age=0/);
  });

  it("a link minted by someone else leaves the signed-in victim as they were", async () => {
    const victim = await satelliteCookie(await cookieOf("customerAdmin"));
    const before = await sessionOn(host, victim);
    // Another user of the same partner mints a token for their own browser and sends the link.
    const attacker = await mint("partnerAdmin");
    // The victim's browser: without a verifier, or with one of its own.
    const withNone = await redeem(attacker.token, NORTHWIND, host, victim);
    expect(withNone.status).toBe(400);
    const { verifier } = await satelliteStart();
    const withOwn = await redeem({ token: (await mint("partnerAdmin")).token, verifier }, NORTHWIND, host, victim);
    expect(withOwn.status).toBe(400);
    for (const res of [withNone, withOwn]) expect(sessionCookie(res)).toBe("");
    const after = await sessionOn(host, victim);
    expect(after!.user.email).toBe(DEMO_USERS.customerAdmin.email);
    expect(after!.session.id).toBe(before!.session.id);
  });

  it("does not put another user in the place of the one signed in there, even for that browser (409)", async () => {
    const start = await satelliteStart();
    const signedIn = await satelliteCookie(await cookieOf("customerAdmin"));
    const created = await create(await cookieOf("partnerAdmin"), start.redirectUrl);
    const token = new URL((await json<{ url: string }>(created)).url).searchParams.get("ott")!;
    const res = await redeem({ token, verifier: start.verifier }, NORTHWIND, host, signedIn);
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe("HANDOFF_SESSION_CONFLICT");
    expect(sessionCookie(res)).toBe("");
    expect((await sessionOn(host, signedIn))!.user.email).toBe(DEMO_USERS.customerAdmin.email);
    // The same user signing in again there is handed over as usual.
    const same = await satelliteStart();
    const mine = await create(await cookieOf("customerAdmin"), same.redirectUrl);
    const ott = new URL((await json<{ url: string }>(mine)).url).searchParams.get("ott")!;
    expect((await redeem({ token: ott, verifier: same.verifier }, NORTHWIND, host, signedIn)).status).toBe(200);
  });

  it("a visitor who started on the main domain is sent to the partner's sign-in to start there, with no token", async () => {
    const before = await handoffRecords();
    const res = await create(await cookieOf("customerAdmin"), `${NORTHWIND}/post-auth`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ url: `${NORTHWIND}/login` });
    expect(await handoffRecords()).toBe(before);
    // Still only for the partner's users.
    expect((await create(await cookieOf("otherCustomerAdmin"), `${NORTHWIND}/post-auth`)).status).toBe(403);
  });
});
