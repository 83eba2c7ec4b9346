import type { AuthFailureKind } from "../../contract/boot";

/**
 * What the app needs from an identity provider. Two
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

export type AuthFailure = { kind: AuthFailureKind; message: string };

/**
 * What a sign-up through an invite link came to: signed in (the invite proved
 * the address); the invite is not valid (any more, or here); the address is
 * not the invited one; or the provider's failure.
 */
export type InviteSignUpOutcome = "signedIn" | "invalidInvite" | "otherAddress" | AuthFailure;

/** The outcome of following a confirmation link. */
/**
 * What following a confirmation link with the password came to: signed in;
 * "confirmed" without switching users (someone else is signed in here);
 * already confirmed; a password that is not the account's; or a link that
 * expired, was replaced or is not one.
 */
export type VerifyOutcome = "signedIn" | "confirmed" | "alreadyVerified" | "wrongPassword" | "expired" | "invalid" | "rateLimited" | "unreachable";

export interface AuthAdapter {
  readonly provider: "embedded" | "clerk";
  /** Resolves once the provider has loaded. */
  load(): Promise<void>;
  getSession(): Promise<ProviderSession | null>;
  setActiveOrganization(orgId: string): Promise<void>;
  /** A bearer token for /v1, or null when signed out. */
  getToken(): Promise<string | null>;
  /**
   * Takes a token the server inlined in the page (embedded provider), so the
   * first /v1 calls do not wait for one.
   */
  primeToken?(token: string): void;
  signOut(): Promise<void>;
  /** Email and password (embedded screens; Clerk renders its own). */
  signIn(email: string, password: string): Promise<AuthFailure | null>;
  /**
   * Embedded: creates the account and mails the confirmation link; no session
   * until the link is followed. `next` is where the link leads afterwards
   * (a same-origin path).
   */
  signUp(name: string, email: string, password: string, next?: string): Promise<AuthFailure | null>;
  /**
   * Embedded: signs up with an invite link's code ("<accountId>.<inviteId>")
   * and the invited address. The invite proves the address, so the account
   * is confirmed and signed in at once, with no confirmation mail.
   */
  signUpByInvite(code: string, name: string, email: string, password: string): Promise<InviteSignUpOutcome>;
  /** Mails the confirmation link again (answers the same for any address). */
  resendVerification(email: string, next?: string): Promise<AuthFailure | null>;
  /**
   * Confirms the address with a confirmation link's token and the account's
   * password; on success the browser is signed in, unless someone else is
   * signed in here (then that session stays).
   */
  verifyEmail(token: string, password: string): Promise<VerifyOutcome>;
  /** Mails a password reset link (answers the same for any address). */
  requestPasswordReset(email: string): Promise<AuthFailure | null>;
  /** Sets a new password with a reset link's token; "invalid" when the token expired or was used. */
  resetPassword(token: string, password: string): Promise<AuthFailure | null>;
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
