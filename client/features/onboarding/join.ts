import { useSyncExternalStore } from "react";
import { identity } from "../../auth/machine";
import { toast } from "../../components/ui/toast-store";
import { loadCatalogues, translate } from "../../lib/i18n";
import { parseInviteCode } from "../../lib/invite-code";
import { acceptInvite, inviteFailureText } from "./invite";

/** Joining by an invite link: under way, done (the invite's account is the active one), or failed. */
export type JoinState = { status: "joining" } | { status: "joined" } | { status: "failed"; error: unknown };

const states = new Map<string, JoinState>();
const listeners = new Set<() => void>();

function settle(code: string, state: JoinState) {
  states.set(code, state);
  for (const listener of listeners) listener();
}

/**
 * Joins the organisation of an invite code once per code and page: accepts
 * the invite, refreshes the session and makes the invite's account the active
 * one. Asking again (the route's loader run again) changes nothing;
 * a failure is said once, as a toast, and stays the code's answer until the
 * page is loaded again.
 */
export function joinByInvite(code: string): void {
  if (states.has(code)) return;
  const parsed = parseInviteCode(code);
  settle(code, { status: "joining" });
  const joining = parsed
    ? acceptInvite(parsed).then(async () => {
        await identity().refresh();
        await identity().setActiveAccount(parsed.accountId);
      })
    : Promise.reject(new Error("invalid invite code"));
  joining.then(
    () => settle(code, { status: "joined" }),
    (error: unknown) => {
      settle(code, { status: "failed", error });
      // The loader runs before the route's texts are here: the toast waits for them (else it would show the keys).
      void loadCatalogues()
        .catch(() => undefined)
        .then(() => toast({ title: translate("onboarding.inviteFailedTitle"), description: inviteFailureText(translate, error), variant: "error" }));
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts joining by the invite code in the address (`/onboarding?invite=`),
 * if there is one: the onboarding route's loader calls it once the guard has
 * let the visitor in, before the screen renders. Running the loader again (a
 * revalidation, the same link followed twice) posts nothing more.
 */
export function joinFromAddress(url: URL): void {
  const code = url.searchParams.get("invite");
  if (code) joinByInvite(code);
}

/** How joining by `code` goes, if it has started. */
export function joinState(code: string): JoinState | undefined {
  return states.get(code);
}

/** How joining by `code` goes (the route's loader started it); "joining" until it has started, null without a code. */
export function useJoinState(code: string | null): JoinState | null {
  const state = useSyncExternalStore(
    subscribe,
    () => (code ? joinState(code) : undefined),
    () => undefined,
  );
  return code ? (state ?? { status: "joining" }) : null;
}
