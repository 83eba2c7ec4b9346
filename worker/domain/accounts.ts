import type { JobStatus } from "../../contract/enums";

/**
 * The partner an account belongs to: a partner account is its own, a
 * customer's is its parent (null for a customer without one). Whose library a
 * user browses, whose brand their mail wears and whose assessments they take.
 */
export function partnerOf(account: { id: string; type: string; parentAccountId: string | null }): string | null {
  return account.type === "partner" ? account.id : account.parentAccountId;
}

/**
 * The invitation mail's link: sign-up on the partner's origin with the invite
 * (`invite=<accountId>.<inviteId>`); with Clerk, also its invitation's ticket
 * (`__clerk_ticket`), which Clerk's sign-up reads from the URL to fix the
 * invited address and verify it (docs/decisions/2026-11-27-clerk-invite-ticket.md).
 */
export function inviteLink(origin: string, accountId: string, inviteId: string, clerkTicket: string | null = null): string {
  const url = new URL("/signup", origin);
  url.searchParams.set("invite", `${accountId}.${inviteId}`);
  if (clerkTicket) url.searchParams.set("__clerk_ticket", clerkTicket);
  return url.toString();
}

/**
 * What a customer takes from a partner it gets, wherever that happens (made
 * on the partner's domain, a first link or a re-link to another partner, on
 * any shard): the partner's currency, the one its money prices are in, and no
 * price group, another partner's groups being that partner's own
 * (docs/decisions/2026-11-27-relinked-currency.md,
 * docs/decisions/2026-11-27-customer-currency-is-its-partners.md).
 */
export function linkTerms<C extends string>(partner: { currency: C }): { currency: C; priceGroupId: null } {
  return { currency: partner.currency, priceGroupId: null };
}

/**
 * The currency an account keeps when its details are saved: a customer with a
 * partner pays in the one it took from that partner (linkTerms), whatever the
 * form sends; a partner, or a customer not yet linked, chooses its own
 * (docs/decisions/2026-11-27-customer-currency-is-its-partners.md).
 */
export function savedCurrency<C extends string>(account: { type: string; parentAccountId: string | null; currency: C }, asked: C): C {
  return account.type === "customer" && account.parentAccountId ? account.currency : asked;
}

/**
 * The bookings that no longer hold a customer's currency: those completed or
 * cancelled. Any other booking priced in money in the customer's currency
 * keeps the customer in it when its partner's currency changes
 * (docs/decisions/2026-11-27-currency-follows-the-partner.md).
 */
export const CLOSED_BOOKINGS = ["completed", "cancelled"] as const satisfies readonly JobStatus[];
