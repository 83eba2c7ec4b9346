import { exportSPKI, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyClerk } from "../../worker/identity/tokens";

/** Tokens shaped like Clerk's session tokens (v2 claims), signed by a key made here. */
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwtKey: string;
const parties = ["https://app.techfit.example", "https://learn.northwind.com"];

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  jwtKey = await exportSPKI(pair.publicKey);
  otherKey = (await generateKeyPair("RS256")).privateKey;
});

function clerkToken(claims: Record<string, unknown>, key = privateKey, expiresIn = "60s") {
  return new SignJWT({ sid: "sess_123", azp: parties[1], v: 2, o: { id: "org_abc", rol: "admin", slg: "northwind", per: "read,write" }, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "ins_test" })
    .setSubject("user_123")
    .setIssuer("https://clerk.techfit.example")
    .setIssuedAt()
    .setNotBefore("0s")
    .setExpirationTime(expiresIn)
    .sign(key);
}

describe("Clerk session tokens (networkless verification)", () => {
  it("accepts a valid token and reads the organisation claims into the AuthContext", async () => {
    const auth = await verifyClerk({ jwtKey, authorizedParties: parties }, await clerkToken({}));
    expect(auth).toEqual({
      provider: "clerk",
      sessionId: "sess_123",
      userId: "user_123",
      email: null,
      emailVerified: false,
      name: null,
      orgId: "org_abc",
      orgRole: "admin",
      orgSlug: "northwind",
      orgPermissions: ["read", "write"],
      madeOn: parties[1],
    });
  });

  it("reads the verified flag of the address from the token template's email_verified claim", async () => {
    const verified = await verifyClerk({ jwtKey, authorizedParties: parties }, await clerkToken({ email: "a@b.test", email_verified: true }));
    expect(verified).toMatchObject({ email: "a@b.test", emailVerified: true });
    const asText = await verifyClerk({ jwtKey, authorizedParties: parties }, await clerkToken({ email: "a@b.test", email_verified: "true" }));
    expect(asText?.emailVerified).toBe(true);
    const unverified = await verifyClerk({ jwtKey, authorizedParties: parties }, await clerkToken({ email: "a@b.test", email_verified: false }));
    expect(unverified?.emailVerified).toBe(false);
  });

  it("reads v1 organisation claims too", async () => {
    const token = await clerkToken({ o: undefined, org_id: "org_v1", org_role: "org:member", org_slug: "acme", org_permissions: ["x"] });
    const auth = await verifyClerk({ jwtKey, authorizedParties: parties }, token);
    expect(auth).toMatchObject({ orgId: "org_v1", orgRole: "member", orgSlug: "acme", orgPermissions: ["x"] });
  });

  it("refuses an expired token", async () => {
    const token = await new SignJWT({ sid: "s", azp: parties[0] })
      .setProtectedHeader({ alg: "RS256" })
      .setSubject("user_1")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setNotBefore(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(privateKey);
    expect(await verifyClerk({ jwtKey, authorizedParties: parties }, token)).toBeNull();
  });

  it("refuses a token signed by another key", async () => {
    expect(await verifyClerk({ jwtKey, authorizedParties: parties }, await clerkToken({}, otherKey))).toBeNull();
  });

  it("refuses a token for an unauthorised party", async () => {
    const token = await clerkToken({ azp: "https://evil.example" });
    expect(await verifyClerk({ jwtKey, authorizedParties: parties }, token)).toBeNull();
  });
});
