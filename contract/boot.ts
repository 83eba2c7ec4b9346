import type { DehydratedState } from "@tanstack/react-query";
import type { AccountDto } from "./accounts";
import type { Styling } from "./styling";
import type { UserDto } from "./users";

/**
 * What the server inlines into every page for the client to start with
 * (read from <script id="boot" type="application/json">).
 */
export type BootData = {
  /** Start-up domain mode, as the server resolved it. */
  mode: "main" | "satellite";
  host: string;
  /** Origin of the main product (where satellites send sign-in and sign-up). */
  mainOrigin: string;
  partner: { id: string; name: string } | null;
  styling: Styling;
  env: "development" | "production";
  /** Which identity provider the client talks to. */
  auth: { provider: "embedded" } | { provider: "clerk"; publishableKey: string };
  telemetry: boolean;
  /**
   * What the server already knows of the visitor, so the client starts
   * without asking: undefined when the server did not look (Clerk), null
   * when there is no session, else the session, `GET v1/users/me`'s answer,
   * the active account and a bearer token for /v1 (embedded provider).
   */
  identity?: BootIdentity | null;
  /** The server rendered the page's route itself (a public screen), not the loader: the client hydrates it as it is. */
  ssr?: boolean;
  /** The route (its path in the route table) the server rendered, when `ssr`: the client hydrates it without matching the address again. */
  route?: string;
  /**
   * A signed-in screen: the server rendered the shell (top bar, sidebar,
   * breadcrumbs) with a skeleton in place of the screen. The client's first
   * render shows the same, then the screen.
   */
  skeleton?: boolean;
  /** The screen's name the server put in the page's title (client/lib/title.tsx): the client starts from it, so the title does not change when the screen appears. */
  title?: string;
  /** The screen's first reads, answered on the server (TanStack Query's dehydrated state, keyed as the client keys them). */
  queries?: DehydratedState;
  /**
   * A sign-in form posted without the script and refused (worker/ssr/login-post.ts):
   * the page shows the form as the client would after that submit, so the first render
   * on both sides is the same.
   */
  loginFailure?: LoginFailure;
};

/** Why the identity provider refused (the screens explain each kind with a catalogue text). */
export type AuthFailureKind = "invalid" | "taken" | "weak" | "unverified" | "rateLimited" | "network" | "unknown";

export type LoginFailure = {
  /** The address as it was typed, kept in its field (never the password). */
  email: string;
  /** The form's own rules failed: each field's message (catalogue keys); nothing was sent to the provider. */
  fields?: { email?: "form.requiredField" | "message.invalidEmail"; password?: "form.requiredField" };
  /** The provider refused the sign-in: shown as the form's alert. */
  kind?: AuthFailureKind;
};

export type BootIdentity = {
  session: { sessionId: string; userId: string; email: string; name: string; image: string | null; activeOrgId: string | null };
  me: UserDto;
  /** The account the client makes active (the session's organisation, else the first available), or null. */
  account: AccountDto | null;
  token: string;
};

export const BOOT_ELEMENT_ID = "boot";
