import type { AccountType } from "../../../contract/enums";

type Listed = { type: AccountType; partnerName: string | null };

/** One group of the organisation switcher: the user's partner accounts, a provider's customers, or the customers with none. */
export type OrganisationGroup<A extends Listed> = { kind: "partners" | "provider" | "none"; provider: string | null; accounts: A[] };

/**
 * The user's accounts by provider, for the switcher on the main domain
 * (docs/decisions/2026-11-27-switcher-groups-by-provider.md): the user's own
 * partner accounts first, then each provider's customers under its name
 * (providers in alphabetical order), then the customers not with a provider
 * yet. Accounts keep their order within a group; empty groups are left out.
 */
export function groupByProvider<A extends Listed>(accounts: A[]): OrganisationGroup<A>[] {
  const partners = accounts.filter((a) => a.type === "partner");
  const customers = accounts.filter((a) => a.type !== "partner");
  const providers = [...new Set(customers.flatMap((a) => (a.partnerName === null ? [] : [a.partnerName])))].sort((a, b) => a.localeCompare(b));
  const groups: OrganisationGroup<A>[] = [
    { kind: "partners", provider: null, accounts: partners },
    ...providers.map((p) => ({ kind: "provider" as const, provider: p, accounts: customers.filter((a) => a.partnerName === p) })),
    { kind: "none", provider: null, accounts: customers.filter((a) => a.partnerName === null) },
  ];
  return groups.filter((g) => g.accounts.length > 0);
}
