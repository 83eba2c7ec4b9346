import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { parseInviteCode } from "../../lib/invite-code";

/**
 * The address an invite link's sign-in fills in (`?invite=` on /login: the
 * invited address has an account already), asked once with no session. The
 * sign-in page is in the first load, which carries no query cache: a plain
 * request. Null until known, and for a code that is no pending invite here
 * (the sign-in then goes on with an empty field).
 */
export function useInvitedAddress(code: string | null): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    const parsed = parseInviteCode(code);
    if (!parsed) return;
    let live = true;
    api.get("/v1/accounts/{accountId}/invites/{inviteId}", { params: parsed, accountId: null, anonymous: true }).then(
      (invite) => {
        if (live) setEmail(invite.email);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code]);
  return email;
}
