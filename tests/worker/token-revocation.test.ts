import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_USERS } from "../../db/seed";
import { SESSION_CHECK_MS, SESSION_FRESH_MS } from "../../worker/identity/tokens";
import { apiAs, authPost, signInCookie, tokenForCookie } from "./auth";
import { nth } from "../present";
import { later, letClockRunAfterEach } from "./clock";

const db = drizzle(env.DB, { schema });

async function signedIn() {
  const cookie = await signInCookie(DEMO_USERS.customerMember.email);
  const token = await tokenForCookie(cookie);
  expect((await apiAs(token).get("/v1/users/me")).status).toBe(200);
  const sid = JSON.parse(atob(nth(token.split("."), 1).replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
  return { cookie, token, sid };
}

letClockRunAfterEach();

describe("a bearer token dies with its session", () => {
  it("stops working as soon as the session signs out in this isolate", async () => {
    const { cookie, token } = await signedIn();
    const out = await authPost("/sign-out", {}, { cookie });
    expect(out.status).toBe(200);
    expect((await apiAs(token).get("/v1/users/me")).status).toBe(401);
  });

  it("stops working within the check window when the session is revoked elsewhere (another isolate)", async () => {
    const { token, sid } = await signedIn();
    await db.delete(schema.authSessions).where(eq(schema.authSessions.id, sid));
    later(SESSION_CHECK_MS + 1);
    const res = await apiAs(token).get("/v1/users/me");
    expect(res.status).toBe(401);
    expect(SESSION_CHECK_MS).toBeLessThanOrEqual(10_000);
  });

  it("stops working once the session has expired", async () => {
    const { token, sid } = await signedIn();
    await db
      .update(schema.authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.authSessions.id, sid));
    later(SESSION_CHECK_MS + 1);
    expect((await apiAs(token).get("/v1/users/me")).status).toBe(401);
  });

  it("a burst of one caller's requests reads a session due for another look once, and the others use the last look", async () => {
    const { token } = await signedIn();
    const d1Calls = (res: Response) => Number(/d1;desc="(\d+) calls, \d+ sequential"/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);
    const warm = d1Calls(await apiAs(token).get("/v1/users/me"));
    later(SESSION_FRESH_MS + 1);
    const burst = await Promise.all(Array.from({ length: 5 }, () => apiAs(token).get("/v1/users/me")));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(burst.reduce((n, r) => n + d1Calls(r), 0)).toBe(5 * warm + 1);
    expect(SESSION_FRESH_MS).toBeLessThan(SESSION_CHECK_MS);
  });

  it("keeps working while the session lives", async () => {
    const { token } = await signedIn();
    later(SESSION_CHECK_MS + 1);
    expect((await apiAs(token).get("/v1/users/me")).status).toBe(200);
  });
});
