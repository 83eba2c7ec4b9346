import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { DEFAULT_STYLING } from "../../contract/styling";
import * as schema from "../../db/schema";
import { DEMO, DEMO_PASSWORD, DEMO_USERS } from "../../db/seed";
import { providerOrigins } from "../../worker/identity/context";
import { registeredOrigin } from "../../worker/tenant/origins";
import type { Tenant } from "../../worker/tenant/resolve";
import { authPost, signInCookie } from "./auth";
import { call } from "./helpers";

const db = drizzle(env.DB, { schema });
const NORTHWIND_HOST = "learn.northwind.test:5173";

const signInOn = (host: string) => authPost("/sign-in/email", { email: DEMO_USERS.customerAdmin.email, password: DEMO_PASSWORD }, { host });

describe("/api/auth answers only on trusted origins", () => {
  it("answers 404 on an unknown host, even when Origin is that host, and sets no cookie", async () => {
    for (const host of ["evil.test", "evil.test:5173"]) {
      const res = await signInOn(host);
      expect(res.status, host).toBe(404);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await call("/api/auth/get-session", { host })).status).toBe(404);
      expect((await call("/api/auth/token", { host })).status).toBe(404);
    }
  });

  it("answers 404 on a domain that is registered but not connected", async () => {
    await db.insert(schema.customDomains).values({
      accountId: DEMO.northwind.id,
      uri: "waiting.northwind.test",
      state: "awaitingConnection",
      verificationToken: "test-waiting",
    });
    expect((await signInOn("waiting.northwind.test:5173")).status).toBe(404);
    expect((await call("/api/auth/get-session", { host: "waiting.northwind.test:5173" })).status).toBe(404);
  });

  it("on a connected partner domain serves only what the satellite needs: sign-up there, but no sign-in", async () => {
    expect((await signInOn(NORTHWIND_HOST)).status).toBe(404);
    expect((await authPost("/change-email", { newEmail: "sat@example.test" }, { host: NORTHWIND_HOST })).status).toBe(404);
    const signUp = await authPost("/sign-up/email", { email: "sat@example.test", password: "Str0ng-pass!", name: "Sat" }, { host: NORTHWIND_HOST });
    expect(signUp.status).toBe(200);
    expect((await call("/api/auth/get-session", { host: NORTHWIND_HOST })).status).toBe(200);
  });

  it("still signs in on the main domain", async () => {
    expect(await signInCookie(DEMO_USERS.customerAdmin.email)).toMatch(/session_token=/);
  });
});

describe("providerOrigins (better-auth's trusted origins and Clerk's authorised parties)", () => {
  const vars = { APP_ENV: "production", MAIN_ORIGIN: "https://app.techfit.example" };
  const tenant = (t: Partial<Tenant>): Tenant => ({ mode: "satellite", host: "x", partner: null, styling: DEFAULT_STYLING, ...t });
  const northwind = { id: DEMO.northwind.id, name: "Northwind", tan: null, shard: null };

  it("trusts a connected domain only under its registered origin, whatever origin the request has", () => {
    const t = tenant({ host: "learn.northwind.com", partner: northwind });
    for (const requestOrigin of ["http://learn.northwind.com", "https://learn.northwind.com:8443", "https://learn.northwind.com"]) {
      expect(providerOrigins(vars, t, requestOrigin)).toEqual({
        base: "https://learn.northwind.com",
        trusted: ["https://app.techfit.example", "https://learn.northwind.com"],
      });
    }
  });

  it("trusts nothing on an unknown host", () => {
    expect(providerOrigins(vars, tenant({ host: "evil.example" }), "https://evil.example")).toBeNull();
  });

  it("registers https without a port in production, and the main origin's scheme and port in development", () => {
    expect(registeredOrigin(vars, "learn.northwind.com")).toBe("https://learn.northwind.com");
    expect(registeredOrigin({ APP_ENV: "development", MAIN_ORIGIN: "http://localhost:4401" }, "learn.northwind.test")).toBe("http://learn.northwind.test:4401");
  });
});
