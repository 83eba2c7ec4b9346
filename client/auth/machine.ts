import type { QueryClient } from "@tanstack/react-query";
import type { AccountDto } from "../../contract/accounts";
import type { BootData, BootIdentity } from "../../contract/boot";
import type { UserDto } from "../../contract/users";
import { api, configureApi } from "../lib/api";
import { clearTelemetryUser, setTelemetryUser } from "../lib/telemetry";
import { savedListQuery } from "../features/my-list/query";
import type { AuthAdapter, ProviderSession } from "./adapter";
import { POST_AUTH_PATH, satelliteSendsToSignIn, satelliteSignInUrl } from "./satellite";
import { authStore } from "./store";
import type { AppAccount, AppUser } from "./types";
import { forgetSignupType } from "../features/auth/signupType";

/** Session-storage key for the redirect URL kept on the main domain. */
export const REDIRECT_KEY = "techfit:redirectUrl";
export { POST_AUTH_PATH };

export function storedRedirectUrl(): string | null {
  try {
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}

export function clearRedirectUrl(): void {
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    /* storage unavailable */
  }
}

function toAccount(a: AccountDto): AppAccount {
  return { id: a.id, name: a.name, type: a.type, tan: a.tan, logo: a.logo, timeZone: a.timeZone };
}

function toAppUser(session: ProviderSession, dto: UserDto, activeAccountId: string | null): AppUser {
  return {
    id: dto.id,
    email: dto.email || session.email,
    authId: session.userId,
    firstName: dto.firstName,
    lastName: dto.lastName,
    timeZone: dto.timeZone,
    imageUrl: dto.photo?.uri ?? session.image,
    accounts: dto.accounts.map((a) => ({ id: a.id, authId: a.authId ?? "", name: a.name, type: a.type, partnerName: a.partnerName, partnerId: a.partnerId })),
    onboardingInvites: dto.onboardingInvites,
    activeAccountId,
  };
}

/** The app's query client: the one there is now (null before its code loads), and the way to get it. */
export type Queries = { current: () => QueryClient | null; load: () => Promise<QueryClient> };

/** The signed-in state the server's identity stands for (the client adopts it; the server renders with it). */
export function knownState(known: BootIdentity) {
  const activeId = known.account?.id ?? null;
  const user = toAppUser(known.session, known.me, activeId);
  const role = activeId ? ((known.me.accounts.find((a) => a.id === activeId)?.role ?? "member") as AppUserStateRole) : null;
  return { signedIn: true, user, account: known.account ? toAccount(known.account) : null, role };
}

type Deps = { adapter: AuthAdapter; boot: BootData; queries: Queries };

/**
 * The app-user state machine, written once on top of an adapter.
 * Runs at start; later changes (sign-in, sign-out, switching account) go
 * through `refresh`, `signOut` and `setActiveAccount`.
 */
export function createIdentity({ adapter, boot, queries }: Deps) {
  /** Nothing cached survives a change of user or account (no client yet: nothing cached). */
  const clearQueries = () => queries.current()?.clear();
  /** The saved list, fetched ahead of the screens that show it. */
  const prefetchSavedList = (accountId: string) => void queries.load().then((qc) => qc.prefetchQuery(savedListQuery(accountId)));
  configureApi({ getToken: () => adapter.getToken(), accountId: () => authStore.get().account?.id ?? null });

  /** Switching the active account loads the account user, then the account. */
  async function activate(user: AppUser, accountId: string, known?: UserDto, providerOrgId?: string | null, session?: ProviderSession): Promise<void> {
    const entry = user.accounts.find((a) => a.id === accountId);
    if (!entry) throw new Error("not a member of that account");
    if (entry.authId && entry.authId !== providerOrgId) await adapter.setActiveOrganization(entry.authId);
    const accountUser = known ?? (await api.get("/v1/users/{id}", { params: { id: "me" } }));
    const role = (accountUser.accounts.find((a) => a.id === accountId)?.role ?? "member") as AppUserStateRole;
    const account = toAccount(await api.get("/v1/accounts/{id}", { params: { id: accountId }, accountId }));
    // The session read a moment ago serves again (no second get-session).
    const next = toAppUser(session ?? (await sessionOrThrow()), accountUser, accountId);
    authStore.set({ user: next, account, role });
    setTelemetryUser(next.id, account.id);
  }

  async function sessionOrThrow(): Promise<ProviderSession> {
    const s = await adapter.getSession();
    if (!s) throw new Error("signed out");
    return s;
  }

  async function setActiveAccount(accountId: string): Promise<void> {
    const user = authStore.get().user;
    if (!user) throw new Error("signed out");
    const same = authStore.get().account?.id === accountId;
    await activate(user, accountId);
    // Another account: nothing cached survives. The same one read again (after its details were saved):
    // what is cached is marked stale and the screens on view fetch it again — clearing would drop their
    // reads in flight silently and leave them showing what they had.
    if (same) void queries.current()?.invalidateQueries();
    else clearQueries();
    prefetchSavedList(accountId);
  }

  async function signOut(): Promise<void> {
    await adapter.signOut();
    signedOut();
    forgetSignupType();
    // After sign-out the user goes to /login (on a satellite, the main domain's).
    location.assign(boot.mode === "satellite" ? new URL("/login", boot.mainOrigin).toString() : "/login");
  }

  function signedOut(): void {
    authStore.set({ signedIn: false, user: null, account: null, role: null });
    clearQueries();
    clearTelemetryUser();
  }

  /** Reads the provider's session and builds the app user; ends authenticating. */
  async function refresh(): Promise<void> {
    authStore.set({ authenticating: true });
    const session = await adapter.getSession();
    if (!session) {
      signedOut();
      if (boot.mode === "satellite" && satelliteSendsToSignIn(location.pathname, boot.auth.provider)) {
        location.replace(satelliteSignInUrl(boot, location));
        return; // stays authenticating while the browser leaves
      }
      const redirectUrl = new URLSearchParams(location.search).get("redirectUrl");
      if (redirectUrl) sessionStorage.setItem(REDIRECT_KEY, redirectUrl);
      authStore.set({ authenticating: false });
      return;
    }
    const dto = await api.get("/v1/users/{id}", { params: { id: "me" } });
    const memberships = dto.accounts;
    let activeId = memberships.find((a) => a.authId && a.authId === session.activeOrgId)?.id ?? null;
    if (!activeId) activeId = memberships[0]?.id ?? null;
    const user = toAppUser(session, dto, activeId);
    authStore.set({ signedIn: true, user, account: null, role: null });
    if (activeId) await activate(user, activeId, dto, session.activeOrgId, session);
    else setTelemetryUser(user.id, null);
    clearQueries();
    // After the account user and the account, the saved list.
    if (activeId) prefetchSavedList(activeId);
    authStore.set({ authenticating: false });
  }

  /**
   * Starts from what the server inlined: the same state `refresh` reaches,
   * without a request. The provider's active organisation follows in the
   * background when the server picked another account (embedded tokens do
   * not depend on it).
   */
  function adopt(known: BootIdentity | null): void {
    if (!known) {
      signedOut();
      const redirectUrl = new URLSearchParams(location.search).get("redirectUrl");
      if (redirectUrl) sessionStorage.setItem(REDIRECT_KEY, redirectUrl);
      if (boot.mode === "satellite" && satelliteSendsToSignIn(location.pathname, boot.auth.provider)) {
        location.replace(satelliteSignInUrl(boot, location));
        return; // stays authenticating while the browser leaves
      }
      authStore.set({ authenticating: false });
      return;
    }
    adapter.primeToken?.(known.token);
    const activeId = known.account?.id ?? null;
    const state = knownState(known);
    const { user } = state;
    authStore.set(state);
    setTelemetryUser(user.id, activeId);
    const entry = user.accounts.find((a) => a.id === activeId);
    if (entry?.authId && entry.authId !== known.session.activeOrgId) {
      const orgId = entry.authId;
      // In a task of its own: start-up runs before hydration, which should not wait for it.
      setTimeout(() => {
        adapter.setActiveOrganization(orgId).catch((err) => console.warn("could not switch organisation", err));
      }, 0);
    }
    if (activeId) prefetchSavedList(activeId);
    authStore.set({ authenticating: false });
  }

  /** Start-up (Authentication). */
  async function start(): Promise<void> {
    authStore.set({ authenticating: true, setActiveAccount, signOut, getToken: () => adapter.getToken() });
    const params = new URLSearchParams(location.search);
    const ott = params.get("ott");
    const handoff = Boolean(ott && location.pathname === POST_AUTH_PATH);
    // Partner styling from redirectUrl (query, else session-stored) on the main domain.
    if (boot.mode === "main") {
      const redirectUrl = params.get("redirectUrl") ?? storedRedirectUrl();
      if (redirectUrl && !params.get("redirectUrl")) {
        // The partner's look is a courtesy here: without it the page keeps the platform's. Its code comes alongside the look.
        Promise.all([api.get("/v1/styles", { anonymous: true, query: { origin: redirectUrl } }), import("../app/apply-styling")]).then(
          ([styling, { applyStyling }]) => applyStyling(styling),
          () => {},
        );
      }
    }
    try {
      // The server read the session already (embedded provider): start from it
      // at once, before the page hydrates, unless a hand-off token is to be
      // exchanged for a new session.
      if (boot.identity !== undefined && !handoff) return adopt(boot.identity);
      await adapter.load();
      // A satellite arriving back from the main domain exchanges its one-time token first.
      if (handoff && ott) {
        await adapter.exchangeHandoffToken(ott);
        params.delete("ott");
        history.replaceState(history.state, "", `${location.pathname}${params.size ? `?${params}` : ""}`);
      }
      await refresh();
    } catch (err) {
      console.error("identity start failed", err);
      signedOut();
      authStore.set({ authenticating: false });
    }
  }

  return { start, refresh, signOut, setActiveAccount, adapter, boot };
}

let instance: Identity | null = null;

export function setIdentity(identity: Identity): void {
  instance = identity;
}

/** The running identity (adapter and state machine), for the sign-in screens. */
export function identity(): Identity {
  if (!instance) throw new Error("identity not started");
  return instance;
}

type AppUserStateRole = "owner" | "admin" | "member";
export type Identity = ReturnType<typeof createIdentity>;
