import { api } from "../lib/api";
import { browserTimeZone } from "../lib/dates";
import { authStore } from "./store";

/** Puts a user's new zone into the signed-in state: every time on screen follows it at once. */
export function adoptTimeZone(timeZone: string | null): void {
  const { user } = authStore.get();
  if (user && user.timeZone !== timeZone) authStore.set({ user: { ...user, timeZone } });
}

/**
 * A signed-in user without a stored zone gets the browser's, saved on their
 * first signed-in load (onboarding included). Started after hydration, so the
 * first render stays the server's; answers the way to stop listening.
 */
export function startTimeZoneSync(): () => void {
  let asked: string | null = null;
  const check = () => {
    const { signedIn, user } = authStore.get();
    if (!signedIn || !user?.id || user.timeZone || asked === user.id) return;
    asked = user.id;
    api
      .put("/v1/users/{id}/time-zone", { params: { id: "me" }, body: { timeZone: browserTimeZone() }, accountId: null })
      .then((saved) => adoptTimeZone(saved.timeZone))
      .catch(() => {
        asked = null; // tried again at the next change of the signed-in state
      });
  };
  check();
  return authStore.subscribe(check);
}
