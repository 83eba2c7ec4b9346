import { env } from "cloudflare:workers";
import { exportSPKI, generateKeyPair, SignJWT } from "jose";

/**
 * Clerk stood in for by its session tokens (v2 claims), signed with a key
 * made here: the Worker verifies them without network (worker/identity/tokens.ts
 * verifyClerk) against the bindings' `CLERK_JWT_KEY`.
 */
export async function clerkSigner() {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const jwtKey = await exportSPKI(pair.publicKey);
  return {
    /** The bindings that configure Clerk, with this signer's public key. */
    bindings: () => ({ CLERK_PUBLISHABLE_KEY: "pk_test_x", CLERK_SECRET_KEY: "sk_test_x", CLERK_JWT_KEY: jwtKey }),
    /**
     * A session token of user `sub` made on `origin` (its `azp`: the main
     * domain unless given), with active organisation `orgId` (none when null).
     */
    token: (opts: { sub: string; orgId: string | null; origin?: string; role?: string; claims?: Record<string, unknown> }) =>
      new SignJWT({
        sid: `sess_${opts.sub}`,
        azp: opts.origin ?? env.MAIN_ORIGIN,
        v: 2,
        ...(opts.orgId ? { o: { id: opts.orgId, rol: opts.role ?? "admin" } } : {}),
        ...opts.claims,
      })
        .setProtectedHeader({ alg: "RS256", kid: "ins_test" })
        .setSubject(opts.sub)
        .setIssuer("https://clerk.techfit.example")
        .setIssuedAt()
        .setNotBefore("0s")
        .setExpirationTime("10m")
        .sign(pair.privateKey),
  };
}
