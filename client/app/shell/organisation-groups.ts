import type { AccountType } from "../../../contract/enums";

type Listed = { type: AccountType; partnerName: string | null; partnerId: string | null };

/**
 * One group of the organisation switcher: the user's partner accounts, a
 * provider's customers (`providerId` the provider's, `provider` its name), or
 * the customers with none.
 */
export type OrganisationGroup<A extends Listed> = {
  kind: "partners" | "provider" | "none";
  providerId: string | null;
  provider: string | null;
  accounts: A[];
};

/**
 * The user's accounts by provider, for the switcher on the main domain
 * (docs/decisions/2026-11-27-switcher-groups-by-provider.md): the user's own
 * partner accounts first, then each provider's customers under its name
 * (providers in alphabetical order), then the customers not with a provider
 * yet. A provider is told by its id, so two providers of the same name keep a
 * group each. Accounts keep their order within a group; empty groups are left out.
 */
export function groupByProvider<A extends Listed>(accounts: A[]): OrganisationGroup<A>[] {
  const partners = accounts.filter((a) => a.type === "partner");
  const customers = accounts.filter((a) => a.type !== "partner");
  const providers = new Map<string, string | null>();
  for (const a of customers) if (a.partnerId !== null && !providers.has(a.partnerId)) providers.set(a.partnerId, a.partnerName);
  const byName = [...providers].sort(([idA, a], [idB, b]) => (a ?? "").localeCompare(b ?? "") || idA.localeCompare(idB));
  const groups: OrganisationGroup<A>[] = [
    { kind: "partners", providerId: null, provider: null, accounts: partners },
    ...byName.map(([id, name]) => ({ kind: "provider" as const, providerId: id, provider: name, accounts: customers.filter((a) => a.partnerId === id) })),
    { kind: "none", providerId: null, provider: null, accounts: customers.filter((a) => a.partnerId === null) },
  ];
  return groups.filter((g) => g.accounts.length > 0);
}
