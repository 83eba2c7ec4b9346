import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { apiAs, authPost, multipart, nextIp, PNG, signInCookie, signUp, tokenFor, tokenForCookie } from "./auth";
import { json } from "./helpers";
import { first } from "../present";
import { withClockHeld } from "./clock";

describe("embedded sign-in and bearer tokens", () => {
  it("signs in with email and password, with HttpOnly SameSite=Lax cookies, and issues a JWT", async () => {
    const res = await authPost("/sign-in/email", { email: DEMO_USERS.partnerAdmin.email, password: "Demo-pass-2026!" });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // http on localhost
    const token = await tokenForCookie(first(session.split(";")));
    expect(token.split(".")).toHaveLength(3);
  });

  it("refuses a wrong password", async () => {
    await expect(signInCookie(DEMO_USERS.partnerAdmin.email, "wrong-password")).rejects.toThrow(/401/);
  });

  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("rate limits sign-in attempts from one address", () =>
    withClockHeld(async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      const retryAfter: (string | null)[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await authPost("/sign-in/email", { email: "nobody@example.test", password: "wrong-password" }, { ip });
        statuses.push(res.status);
        retryAfter.push(res.headers.get("Retry-After"));
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      // The provider's own limit says when to try again too (whole seconds), and only on the 429s.
      expect(retryAfter.slice(0, 10).every((r) => r === null)).toBe(true);
      expect(retryAfter.slice(10).every((r) => /^[1-9]\d*$/.test(r ?? ""))).toBe(true);
    }));

  it("refuses a forged or tampered token with 401", async () => {
    const token = await tokenFor("partnerAdmin");
    const [h, p = "", s] = token.split(".");
    const payload = JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...payload, sub: "someone-else" }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    for (const bad of [`${h}.${forged}.${s}`, "not-a-jwt", ""]) {
      const res = await apiAs(bad).get("/v1/users/me");
      expect(res.status).toBe(401);
      expect((await json(res)).error.code).toBe("unauthenticated");
    }
  });
});

describe("GET /v1/users/{id}", () => {
  it("answers the signed-in user with accounts and roles", async () => {
    const res = await apiAs("partnerAdmin").get("/v1/users/me");
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user.email).toBe(DEMO_USERS.partnerAdmin.email);
    expect(user.accounts).toEqual([expect.objectContaining({ id: DEMO.northwind.id, type: "partner", role: "owner", authId: DEMO.northwind.id })]);
    expect(user.onboardingInvites).toEqual([]);
    // by product id too
    expect((await apiAs("partnerAdmin").get(`/v1/users/${user.id}`)).status).toBe(200);
  });

  it("answers 404 for another user, 401 without a token", async () => {
    const other = await json(await apiAs("customerAdmin").get("/v1/users/me"));
    expect((await apiAs("partnerAdmin").get(`/v1/users/${other.id}`)).status).toBe(404);
    expect((await apiAs(null).get("/v1/users/me")).status).toBe(401);
  });

  it("creates the product user on first sight for a new sign-up, with no account", async () => {
    const { token, email } = await signUp("Grace Hopper");
    const user = await json(await apiAs(token).get("/v1/users/me"));
    expect(user).toMatchObject({ email, firstName: "Grace", lastName: "Hopper", accounts: [] });
  });
});

describe("POST /v1/users", () => {
  it("saves names, theme, language and a profile photo", async () => {
    const { token } = await signUp();
    const res = await apiAs(token).post("/v1/users", multipart({ firstName: "Kay", lastName: "Jones", theme: "dark", language: "enGB" }, { photo: PNG }));
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(user).toMatchObject({ firstName: "Kay", lastName: "Jones", theme: "dark", language: "enGB" });
    const key = decodeURIComponent(user.photo.uri.replace("/files/", ""));
    const stored = await env.UPLOADS.get(key);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
  });

  it("refuses a bad value (400), a non-image (415), a photo over 10 MB (413) and no token (401)", async () => {
    const { token } = await signUp();
    const bad = await apiAs(token).post("/v1/users", multipart({ theme: "purple" }));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.theme).toBeTruthy();
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/svg+xml" });
    expect((await apiAs(token).post("/v1/users", multipart({}, { photo: svg }))).status).toBe(415);
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/png" });
    expect((await apiAs(token).post("/v1/users", multipart({}, { photo: big }))).status).toBe(413);
    expect((await apiAs(null).post("/v1/users", multipart({ firstName: "X" }))).status).toBe(401);
    const unchanged = await json(await apiAs(token).get("/v1/users/me"));
    expect(unchanged.theme).toBe("light");
    expect(unchanged.photo).toBeNull();
  });
});
