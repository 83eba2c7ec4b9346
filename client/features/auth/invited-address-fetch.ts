import { api } from "../../lib/api";
import { parseInviteCode } from "../../lib/invite-code";

/** The address of the pending invite `code` names here, or null (no such invite, or it could not be read). */
export async function invitedAddress(code: string): Promise<string | null> {
  const parsed = parseInviteCode(code);
  if (!parsed) return null;
  try {
    return (await api.get("/v1/accounts/{accountId}/invites/{inviteId}", { params: parsed, accountId: null, anonymous: true })).email;
  } catch {
    return null;
  }
}
