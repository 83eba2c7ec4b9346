import { ClerkProvider, SignIn, SignUp, useClerk } from "@clerk/react";
import { useEffect, type ReactNode } from "react";
import type { BootData } from "../../contract/boot";
import type { AuthAdapter, ProviderSession } from "./adapter";
import { POST_AUTH_PATH } from "./machine";

/**
 * The Clerk implementation of the adapter (hosted production).
 * Loaded only when the server says Clerk is configured. On a partner's
 * domain Clerk runs as a satellite: sign-in and sign-up happen on the main
 * domain and Clerk carries the session back.
 */
type LoadedClerk = ReturnType<typeof useClerk>;

export function createClerkIdentity(boot: BootData) {
  let resolveClerk: (c: LoadedClerk) => void = () => {};
  const ready = new Promise<LoadedClerk>((r) => (resolveClerk = r));
  const unsupported = { kind: "unknown" as const, message: "Sign in with the form shown" };

  const adapter: AuthAdapter = {
    provider: "clerk",
    load: async () => {
      await ready;
    },
    async getSession(): Promise<ProviderSession | null> {
      const clerk = await ready;
      if (!clerk.session || !clerk.user) return null;
      return {
        sessionId: clerk.session.id,
        userId: clerk.user.id,
        email: clerk.user.primaryEmailAddress?.emailAddress ?? "",
        name: clerk.user.fullName ?? "",
        image: clerk.user.imageUrl ?? null,
        activeOrgId: clerk.organization?.id ?? null,
      };
    },
    async setActiveOrganization(orgId) {
      await (await ready).setActive({ organization: orgId });
    },
    async getToken() {
      return (await (await ready).session?.getToken()) ?? null;
    },
    async signOut() {
      await (await ready).signOut();
    },
    signIn: async () => unsupported,
    signUp: async () => unsupported,
    // Clerk's own invitation ticket proves the address there (docs/decisions/2026-11-27-invite-link-proves-the-address.md).
    signUpByInvite: async () => unsupported,
    // Clerk verifies addresses and resets passwords in its own components.
    resendVerification: async () => unsupported,
    verifyEmail: async () => "invalid",
    requestPasswordReset: async () => unsupported,
    resetPassword: async () => unsupported,
    // Clerk's satellite sync carries the session; no hand-off token is needed.
    createHandoff: async () => null,
    exchangeHandoffToken: async () => false,
  };

  function Bridge() {
    const clerk = useClerk();
    useEffect(() => {
      if (clerk.loaded) resolveClerk(clerk);
      else return clerk.addListener(() => clerk.loaded && resolveClerk(clerk));
    }, [clerk]);
    return null;
  }

  /** Auth-driven navigation carries viaClerk=true. */
  const viaClerk = (to: string) => `${to}${to.includes("?") ? "&" : "?"}viaClerk=true`;

  function Provider({ children, navigate }: { children: ReactNode; navigate: (to: string, replace: boolean) => void }) {
    const key = boot.auth.provider === "clerk" ? boot.auth.publishableKey : "";
    const satellite = boot.mode === "satellite";
    return (
      <ClerkProvider
        publishableKey={key}
        isSatellite={satellite}
        domain={satellite ? boot.host : undefined}
        signInUrl={satellite ? new URL("/login", boot.mainOrigin).toString() : "/login"}
        signUpUrl={satellite ? new URL("/signup", boot.mainOrigin).toString() : "/signup"}
        signInForceRedirectUrl={POST_AUTH_PATH}
        signUpForceRedirectUrl={POST_AUTH_PATH}
        signInFallbackRedirectUrl={POST_AUTH_PATH}
        afterSignOutUrl="/login"
        routerPush={(to: string) => navigate(viaClerk(to), false)}
        routerReplace={(to: string) => navigate(viaClerk(to), true)}
      >
        <Bridge />
        {children}
      </ClerkProvider>
    );
  }

  return { adapter, Provider };
}

/** Clerk's own sign-in and sign-up forms, for the /login and /signup screens. */
export function ClerkSignIn() {
  return <SignIn routing="hash" signUpUrl="/signup" forceRedirectUrl={POST_AUTH_PATH} />;
}

/**
 * An invite link's sign-up carries its invitation's `__clerk_ticket`, which
 * `<SignUp>` reads from the URL itself (the invited address filled in, fixed
 * and verified); `next` keeps the invite for /post-auth, which joins.
 */
export function ClerkSignUp({ next = POST_AUTH_PATH }: { next?: string }) {
  return <SignUp routing="hash" signInUrl="/login" forceRedirectUrl={next} />;
}
