/**
 * The partner an account belongs to: a partner account is its own, a
 * customer's is its parent (null for a customer without one). Whose library a
 * user browses, whose brand their mail wears and whose assessments they take.
 */
export function partnerOf(account: { id: string; type: string; parentAccountId: string | null }): string | null {
  return account.type === "partner" ? account.id : account.parentAccountId;
}
