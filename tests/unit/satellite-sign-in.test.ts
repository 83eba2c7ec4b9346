import { describe, expect, it } from "vitest";
import { satelliteSignInTarget, satelliteSignInUrl } from "../../client/auth/satellite";

const MAIN = "http://localhost:5173";
const PARTNER = "http://learn.northwind.test:5173";
const here = (path: string) => {
  const url = new URL(path, PARTNER);
  return { origin: url.origin, pathname: url.pathname, search: url.search };
};

describe("where a signed-out visitor of a partner's domain goes to sign in", () => {
  it("embedded: through the partner's own sign-in (its server keeps the hand-off verifier), with the query but no stale return address or token", () => {
    const embedded = { mainOrigin: MAIN, auth: { provider: "embedded" } };
    expect(satelliteSignInUrl(embedded, here("/bookings?tab=upcoming&redirectUrl=https%3A%2F%2Fevil.test&ott=x"))).toBe(`${PARTNER}/login?tab=upcoming`);
    expect(satelliteSignInUrl(embedded, here("/signup?type=customer"))).toBe(`${PARTNER}/signup?type=customer`);
    expect(satelliteSignInUrl(embedded, here("/login"))).toBe(`${PARTNER}/login`);
  });

  it("Clerk: straight to the main domain's sign-in, without a challenge", () => {
    const clerk = { mainOrigin: MAIN, auth: { provider: "clerk" } };
    const to = new URL(satelliteSignInUrl(clerk, here("/bookings?tab=upcoming")));
    expect(`${to.origin}${to.pathname}`).toBe(`${MAIN}/login`);
    expect(to.searchParams.get("redirectUrl")).toBe(`${PARTNER}/post-auth`);
    expect(to.searchParams.get("tab")).toBe("upcoming");
  });

  it("the server's target carries the challenge in the return address", () => {
    const to = new URL(satelliteSignInTarget(MAIN, here("/signup?ott=x"), "c".repeat(43)));
    expect(`${to.origin}${to.pathname}`).toBe(`${MAIN}/signup`);
    expect([...to.searchParams.keys()]).toEqual(["redirectUrl"]);
    expect(to.searchParams.get("redirectUrl")).toBe(`${PARTNER}/post-auth?challenge=${"c".repeat(43)}`);
  });
});
