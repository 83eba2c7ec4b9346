/** An invite code from a mail link: "<accountId>.<inviteId>" (the sign-up it opens and onboarding read it). */
export function parseInviteCode(code: string | null): { accountId: string; inviteId: string } | null {
  const [, accountId, inviteId] = code?.match(/^([0-9a-f-]{36})\.([0-9a-f-]{36})$/i) ?? [];
  return accountId && inviteId ? { accountId, inviteId } : null;
}
