import { api, ApiError } from "../../lib/api";
import type { Translate } from "../../lib/i18n";
import { apiMessageKey, translateApiMessage } from "../../lib/api-messages";

const accepting = new Map<string, Promise<void>>();

/**
 * Accepts an invite once per page, however often a screen asks (a remount
 * while the session refreshes, a second button press): every caller shares
 * the one request, so the server never sees the same acceptance twice. A
 * failed attempt may be tried again.
 */
export function acceptInvite({ accountId, inviteId }: { accountId: string; inviteId: string }): Promise<void> {
  const key = `${accountId}.${inviteId}`;
  let pending = accepting.get(key);
  if (!pending) {
    pending = api.post("/v1/accounts/{accountId}/invites/{inviteId}/accept", { params: { accountId, inviteId }, accountId: null }).then(() => undefined);
    accepting.set(key, pending);
    pending.catch(() => accepting.delete(key));
  }
  return pending;
}

/**
 * Why accepting an invite failed, in words the invitee can act on: the
 * address is not verified yet, or the invite was sent to another address;
 * anything else is the error catalogue's "could not be validated".
 */
export function inviteFailureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError && error.status === 403) {
    const key = apiMessageKey(error.message);
    if (key === "message.inviteVerifyFirst") return `${translateApiMessage(error.message)}.`;
    if (key === "message.inviteOtherAddress") return `${translateApiMessage(error.message)}. ${t("onboarding.inviteOtherAddressHelp")}`;
  }
  return t("onboarding.invalidInvite");
}
