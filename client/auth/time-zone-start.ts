import { authStore } from "./store";

/**
 * Starts the saving of the browser's zone (./time-zone.ts startTimeZoneSync)
 * once a signed-in user without a stored zone is seen, loading its code only
 * then: a signed-out page (sign-in) and a user whose zone is stored load
 * none of it (its zone rules and the API's schemas; sign-in's weight budget
 * is in the bench). Answers the way to stop.
 */
export function syncTimeZoneWhenMissing(load: () => Promise<{ startTimeZoneSync: () => () => void }> = () => import("./time-zone")): () => void {
  let started = false;
  let left = false;
  let stop: (() => void) | undefined;
  const check = () => {
    const { signedIn, user } = authStore.get();
    if (started || !signedIn || !user?.id || user.timeZone) return;
    started = true;
    void load().then(({ startTimeZoneSync }) => {
      if (!left) stop = startTimeZoneSync();
    });
  };
  const unsubscribe = authStore.subscribe(check);
  check();
  return () => {
    left = true;
    unsubscribe();
    stop?.();
  };
}
