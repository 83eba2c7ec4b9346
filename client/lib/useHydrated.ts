import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while React hydrates that HTML, true
 * from the first render after (and at once on screens rendered in the
 * browser). A server-rendered form the Worker does not answer itself
 * (sign-up; sign-in is a plain form post) keeps its submit button disabled
 * until then: fields can be filled before the JavaScript arrives, and a
 * submit waits for the script that handles it instead of posting the page away.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
