/**
 * What the app needs from an identity provider (DESIGN.md §4). Two
 * implementations: ./embedded (better-auth in the Worker) and ./clerk.
 */
export type ProviderSession = {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  image: string | null;
  /** The provider's active organisation, if any. */
  activeOrgId: string | null;
};

export type AuthFailure = { kind: "invalid" | "taken" | "weak" | "rateLimited" | "unknown"; message: string };

export interface AuthAdapter {
  readonly provider: "embedded" | "clerk";
  /** Resolves once the provider has loaded (SPEC §4). */
  load(): Promise<void>;
  getSession(): Promise<ProviderSession | null>;
  setActiveOrganization(orgId: string): Promise<void>;
  /** A bearer token for /v1, or null when signed out. */
  getToken(): Promise<string | null>;
  signOut(): Promise<void>;
  /** Email and password (embedded screens; Clerk renders its own). */
  signIn(email: string, password: string): Promise<AuthFailure | null>;
  signUp(name: string, email: string, password: string): Promise<AuthFailure | null>;
  /**
   * Satellite hand-off, asked for on the main domain: where to send the
   * browser (the satellite's /post-auth with a one-time token),
   * "notAvailable" when the user has no account under that partner, null
   * when the URL is not a connected partner domain…
   */
  createHandoff(redirectUrl: string): Promise<{ url: string } | "notAvailable" | null>;
  /** …and the token exchanged on the satellite for a session of its own. */
  exchangeHandoffToken(token: string): Promise<boolean>;
}
