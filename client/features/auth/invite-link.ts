import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { parseInviteCode } from "../../lib/invite-code";

/** The invite link's query key: its own root, asked with no account (no session yet). */
export const inviteLinkKeys = { one: (code: string | null) => ["invite-link", code] as const };

/**
 * The invite an invite link names (`?invite=<accountId>.<inviteId>`): its
 * address, organisation and whether that address has an account already,
 * asked once (no session yet) by sign-up and sign-in alike. A code that is no
 * code, or an invite that is not pending (here), comes back as an error.
 */
export function useInviteLink(code: string | null) {
  const parsed = parseInviteCode(code);
  return useQuery({
    queryKey: inviteLinkKeys.one(code),
    queryFn: () =>
      parsed
        ? api.get("/v1/accounts/{accountId}/invites/{inviteId}", { params: parsed, accountId: null, anonymous: true })
        : Promise.reject(new Error("Not an invite code")),
    enabled: code !== null,
    retry: false,
    staleTime: Infinity,
  });
}
