import { describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { apiAs, authPost, tokenFor } from "./auth";
import { holdClockInEachTest } from "./clock";
import { call } from "./helpers";

const TIMING = /^d1;desc="(\d+) calls, (\d+) sequential";dur=(\d+(?:\.\d+)?)(?:, tenant;desc="(hit|miss)")?$/;

function timing(res: Response): { calls: number; ms: number; tenant: string | undefined } {
  const header = res.headers.get("Server-Timing");
  expect(header).toMatch(TIMING);
  const [, calls, depth, ms, tenant] = header!.match(TIMING)!;
  // Never deeper than the number of calls, and at least one level when there is a call.
  expect(Number(depth)).toBeLessThanOrEqual(Number(calls));
  expect(Number(depth) > 0).toBe(Number(calls) > 0);
  return { calls: Number(calls), ms: Number(ms), tenant };
}

describe("Server-Timing: D1 calls per request", () => {
  // A warm-up and the request it measures at one instant: no cache lapses in between on a slow machine.
  holdClockInEachTest();
  it("reports no D1 call for the health check", async () => {
    const res = await call("/v1/health");
    expect(res.status).toBe(200);
    expect(timing(res)).toMatchObject({ calls: 0, ms: 0 });
  });

  it("serves the partner's shell without any D1 call once its tenant is cached, as no-cache HTML", async () => {
    const host = "learn.northwind.test";
    const first = await call("/help", { host });
    await first.text();
    const warm = await call("/help", { host });
    expect(warm.status).toBe(200);
    expect(await warm.text()).toContain("<title>Help · Northwind Learn</title>");
    expect(timing(warm)).toEqual({ calls: 0, ms: 0, tenant: "hit" });
    expect(warm.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("counts the tenant look-up of an unknown host as a miss with one call", async () => {
    const res = await call("/login", { host: `unknown-${crypto.randomUUID().slice(0, 8)}.example.test` });
    await res.text();
    expect(timing(res)).toMatchObject({ calls: 1, tenant: "miss" });
  });

  it("counts the calls of a warm authenticated read: membership and one batch of data", async () => {
    const token = await tokenFor("customerMember");
    await (await apiAs(token, { accountId: DEMO.customers.fabrikam.id }).get("/v1/entitlements")).arrayBuffer();
    const res = await apiAs(token, { accountId: DEMO.customers.fabrikam.id }).get("/v1/entitlements");
    expect(res.status).toBe(200);
    const { calls } = timing(res);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(3);
  });

  it("counts better-auth's own D1 calls too", async () => {
    const res = await authPost("/sign-in/email", { email: "dan@fabrikam.test", password: "wrong-password-1" });
    expect(res.status).toBe(401);
    expect(timing(res).calls).toBeGreaterThan(0);
  });

  it("hands the client a D1 bookmark, and reads with the one it sends back", async () => {
    const token = await tokenFor("customerMember");
    const first = await apiAs(token, { accountId: DEMO.customers.fabrikam.id }).get("/v1/entitlements");
    expect(first.status).toBe(200);
    const bookmark = first.headers.get("x-d1-bookmark");
    expect(bookmark).toBeTruthy();
    expect(first.headers.getSetCookie().join(";")).toContain(`d1b=${encodeURIComponent(bookmark!)}`);
    const again = await apiAs(token, { accountId: DEMO.customers.fabrikam.id, headers: { "x-d1-bookmark": bookmark! } }).get("/v1/entitlements");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-d1-bookmark")).toBeTruthy();
  });

  it("ignores a bookmark D1 cannot use instead of failing the request", async () => {
    const res = await call("/login", { headers: { "x-d1-bookmark": "not a bookmark!" } });
    expect(res.status).toBe(200);
  });
});
