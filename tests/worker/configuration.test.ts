import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO } from "../../db/seed";
import { authSecret } from "../../worker/identity/embedded";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";

/** A deployment's configuration, laid over the test bindings. */
const production = {
  APP_ENV: "production",
  MAIN_HOST: "techfit.example",
  MAIN_ORIGIN: "https://techfit.example",
  BETTER_AUTH_SECRET: "a-deployment-secret-of-at-least-32-characters",
};
const MAIN = "https://techfit.example";

afterEach(() => vi.restoreAllMocks());

describe("a deployment's configuration", () => {
  it("serves when complete", async () => {
    const res = await call(`${MAIN}/v1/health`, { bindings: production });
    expect(res.status).toBe(200);
  });

  it.each([
    ["no BETTER_AUTH_SECRET", { ...production, BETTER_AUTH_SECRET: undefined }, "BETTER_AUTH_SECRET is not set"],
    ["no BETTER_AUTH_SECRET, even in development", { ...production, APP_ENV: "development", BETTER_AUTH_SECRET: undefined }, "BETTER_AUTH_SECRET is not set"],
    ["the placeholder host", { ...production, MAIN_HOST: "main-host.invalid", MAIN_ORIGIN: "https://main-host.invalid" }, "MAIN_HOST is the placeholder"],
    ["a partial Clerk configuration", { ...production, CLERK_PUBLISHABLE_KEY: "pk_live_x", CLERK_JWT_KEY: "key" }, "CLERK_SECRET_KEY not set"],
  ])("with %s refuses every request (500, nothing internal) and says why in the log", async (_, vars, reason) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of ["/v1/health", "/login", "/api/auth/get-session"]) {
      const res = await call(`${MAIN}${path}`, { bindings: vars });
      expect(res.status).toBe(500);
      const body = await json(res);
      expect(body.error).toMatchObject({ code: "internal", message: "The service is not configured" });
      expect(JSON.stringify(body)).not.toContain("BETTER_AUTH");
    }
    expect(log).toHaveBeenCalledWith(expect.stringContaining(reason));
    expect(first(first(log.mock.calls))).toMatch(/^configuration error, refusing to serve: /);
  });

  it("the embedded provider has no built-in secret to fall back to", () => {
    expect(() => authSecret({ ...env, APP_ENV: "development", BETTER_AUTH_SECRET: undefined })).toThrow("BETTER_AUTH_SECRET is not set");
    expect(authSecret({ ...env, BETTER_AUTH_SECRET: production.BETTER_AUTH_SECRET })).toBe(production.BETTER_AUTH_SECRET);
  });
});

describe("production leaves the development conveniences off", () => {
  it("the dev mailbox and the DNS stand-in are not there, on any host", async () => {
    for (const host of ["techfit.example", "127.0.0.1", DEMO.northwind.domain]) {
      expect((await call(`https://${host}/dev/mail`, { bindings: production })).status).toBe(404);
      expect((await call(`https://${host}/dev/dns-query?name=_domain-verification.${DEMO.northwind.domain}&type=TXT`, { bindings: production })).status).toBe(
        404,
      );
    }
  });

  it("X-Forwarded-Host does not pick the verification token's host", async () => {
    const res = await call(`${MAIN}/.well-known/domain-verification`, { bindings: production, headers: { "X-Forwarded-Host": DEMO.northwind.domain } });
    expect(res.status).toBe(404);
  });

  it("a reserved test domain is refused as an invalid TLD, and nothing is written", async () => {
    const ada = apiAs("partnerAdmin", { bindings: production });
    const uri = `learn${Date.now().toString(36)}.academy.test`;
    const res = await ada.post(`${MAIN}/v1/admin/custom-domains`, { uri });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.uri).toBe("Invalid TLD");
    const list = await json(await ada.get(`${MAIN}/v1/admin/custom-domains`));
    expect(list.items.map((d: { uri: string }) => d.uri)).not.toContain(uri);
  });
});
