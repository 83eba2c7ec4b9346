import type { AuthAdapter, AuthFailure, ProviderSession, VerifyOutcome } from "./adapter";

const BASE = "/api/auth";

async function call<T>(path: string, init: { method?: "GET" | "POST"; json?: unknown } = {}): Promise<{ status: number; data: T | null }> {
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json ? { "Content-Type": "application/json" } : undefined,
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  try {
    return { status: res.status, data: text ? (JSON.parse(text) as T) : null };
  } catch {
    return { status: res.status, data: null };
  }
}

/**
 * A call a form makes on the user's behalf: when the server cannot be reached
 * at all (offline, server down) the answer is status 0, which the screens
 * explain, instead of a rejected promise that would leave the form waiting.
 */
async function attempt<T>(path: string, init: { method?: "GET" | "POST"; json?: unknown } = {}): Promise<{ status: number; data: T | null }> {
  try {
    return await call<T>(path, init);
  } catch {
    return { status: 0, data: null };
  }
}

/** Maps better-auth's failures to the kinds the screens explain (the provider's messages). */
export function providerFailure(status: number, data: { code?: string; message?: string } | null): AuthFailure {
  const code = data?.code ?? "";
  const message = data?.message ?? "Something went wrong";
  if (status === 0) return { kind: "network", message: "We couldn't reach the server. Check your connection and try again." };
  if (status === 429) return { kind: "rateLimited", message: "Too many attempts. Please wait a minute and try again." };
  if (code.includes("ALREADY_EXISTS") || code.includes("USER_ALREADY")) return { kind: "taken", message: "That email address is already registered." };
  if (code.includes("PASSWORD_TOO_SHORT") || code.includes("PASSWORD_TOO_LONG")) return { kind: "weak", message: "Passwords must be at least 8 characters." };
  if (code === "EMAIL_NOT_VERIFIED") return { kind: "unverified", message: "Please confirm your email address first." };
  if (code === "INVALID_TOKEN" || code === "TOKEN_EXPIRED") return { kind: "invalid", message: "This link has expired or was already used." };
  if (status === 401 || code.includes("INVALID_EMAIL_OR_PASSWORD")) return { kind: "invalid", message: "Wrong email or password." };
  if (code.includes("INVALID_EMAIL")) return { kind: "invalid", message: "Invalid Email" };
  return { kind: "unknown", message };
}

type SessionResponse = {
  session: { id: string; activeOrganizationId?: string | null };
  user: { id: string; email: string; name: string; image?: string | null };
} | null;

/** The embedded provider: better-auth's REST endpoints on this origin (cookies stay on this host). */
export function embeddedAdapter(): AuthAdapter {
  let cached: { token: string; exp: number } | null = null;
  let pending: Promise<string | null> | null = null;
  // A token asked for before a sign-in, sign-out or hand-off is not kept after it.
  let generation = 0;
  const dropToken = () => {
    cached = null;
    pending = null;
    generation++;
  };
  const remember = (token: string) => {
    const [, claims = ""] = token.split(".");
    const payload = JSON.parse(atob(claims.replace(/-/g, "+").replace(/_/g, "/"))) as { exp: number };
    cached = { token, exp: payload.exp * 1000 };
  };
  return {
    provider: "embedded",
    load: async () => {},
    async getSession(): Promise<ProviderSession | null> {
      const { data } = await call<SessionResponse>("/get-session");
      if (!data?.session) return null;
      return {
        sessionId: data.session.id,
        userId: data.user.id,
        email: data.user.email,
        name: data.user.name,
        image: data.user.image ?? null,
        activeOrgId: data.session.activeOrganizationId ?? null,
      };
    },
    async setActiveOrganization(organizationId) {
      // The embedded token names no organisation (the API checks X-Account-Id
      // against the memberships), so the cached token stays valid.
      const { status } = await call("/organization/set-active", { json: { organizationId } });
      if (status !== 200) throw new Error(`could not switch organisation (${status})`);
    },
    getToken() {
      if (cached && cached.exp - 60_000 > Date.now()) return Promise.resolve(cached.token);
      // Concurrent callers share one request.
      if (pending) return pending;
      const asked = generation;
      const request = call<{ token: string }>("/token")
        .then(({ status, data }) => {
          if (status !== 200 || !data?.token) return null;
          if (asked === generation) remember(data.token);
          return data.token;
        })
        .finally(() => {
          if (pending === request) pending = null;
        });
      pending = request;
      return request;
    },
    primeToken(token) {
      remember(token);
    },
    async signOut() {
      dropToken();
      // Ends every session of the user, so a satellite's sign-out also signs out the main domain.
      await call("/revoke-sessions", { json: {} });
      await call("/sign-out", { json: {} });
    },
    async signIn(email, password) {
      dropToken();
      const { status, data } = await attempt<{ code?: string; message?: string }>("/sign-in/email", { json: { email, password } });
      return status === 200 ? null : providerFailure(status, data);
    },
    async signUp(name, email, password, next = "/post-auth") {
      dropToken();
      const { status, data } = await attempt<{ code?: string; message?: string }>("/sign-up/email", { json: { name, email, password, callbackURL: next } });
      return status === 200 ? null : providerFailure(status, data);
    },
    async signUpByInvite(invite, name, email, password) {
      dropToken();
      const { status, data } = await attempt<{ code?: string; message?: string }>("/sign-up/invite", { json: { invite, name, email, password } });
      if (status === 200) return "signedIn";
      if (data?.code === "INVALID_INVITE") return "invalidInvite";
      if (data?.code === "INVITE_OTHER_ADDRESS") return "otherAddress";
      return providerFailure(status, data);
    },
    async resendVerification(email, next = "/post-auth") {
      const { status, data } = await attempt<{ code?: string; message?: string }>("/send-verification-email", { json: { email, callbackURL: next } });
      return status === 200 ? null : providerFailure(status, data);
    },
    async verifyEmail(token, password): Promise<VerifyOutcome> {
      const { status, data } = await attempt<{ code?: string; status?: string }>("/confirm-email", { json: { token, password } });
      if (status === 0) return "unreachable";
      if (status === 200) {
        if (data?.status === "signedIn") dropToken();
        return data?.status === "signedIn" || data?.status === "confirmed" ? data.status : "alreadyVerified";
      }
      if (status === 429) return "rateLimited";
      if (data?.code === "INVALID_PASSWORD") return "wrongPassword";
      return data?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
    },
    async requestPasswordReset(email) {
      const { status, data } = await attempt<{ code?: string; message?: string }>("/request-password-reset", { json: { email, redirectTo: "/login" } });
      return status === 200 ? null : providerFailure(status, data);
    },
    async resetPassword(token, newPassword) {
      dropToken();
      const { status, data } = await attempt<{ code?: string; message?: string }>("/reset-password", { json: { token, newPassword } });
      return status === 200 ? null : providerFailure(status, data);
    },
    async createHandoff(redirectUrl) {
      const { status, data } = await call<{ url?: string; code?: string }>("/handoff/create", { json: { redirectUrl } });
      if (status === 200 && data?.url) return { url: data.url };
      return status === 403 && data?.code === "HANDOFF_NOT_AVAILABLE" ? "notAvailable" : null;
    },
    async exchangeHandoffToken(token) {
      dropToken();
      const { status } = await call("/handoff/redeem", { json: { token } });
      return status === 200;
    },
  };
}
