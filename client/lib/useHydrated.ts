import { startTransition, useEffect, useState } from "react";

/**
 * False while the server renders and while React hydrates that HTML (and in
 * a component's first render in the browser), true from the render after
 * its first commit. A server-rendered form the Worker does not answer itself
 * (sign-up; sign-in is a plain form post) keeps its submit button disabled
 * until then: fields can be filled before the JavaScript arrives, and a
 * submit waits for the script that handles it instead of posting the page away.
 *
 * The change is a transition: it renders in slices like hydration itself (a
 * store read with useSyncExternalStore would re-render everything that reads
 * it at once, in one long task, the moment hydration ends). It is per
 * component, not a page-wide flag: the parts of a page hydrate at different
 * times (each Suspense boundary on its own), and a part hydrating after
 * another has finished must still start from the server's value.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
