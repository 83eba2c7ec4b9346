import { useEffect, useState } from "react";

/**
 * The address an invite link's sign-in fills in (`?invite=` on /login: the
 * invited address has an account already), asked once with no session. The
 * sign-in page is in the first load, which carries no query cache: a plain
 * request, whose code loads only when a link names an invite
 * (./invited-address-fetch). Null until known, and for a code that is no
 * pending invite here (the sign-in then goes on with an empty field).
 */
export function useInvitedAddress(code: string | null): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    import("./invited-address-fetch").then(
      (m) =>
        m.invitedAddress(code).then((found) => {
          if (live && found) setEmail(found);
        }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code]);
  return email;
}
