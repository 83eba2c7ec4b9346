import type { AccountLocation } from "../../contract/enums";

/**
 * Regions: D1's location hints. A shard is created in one of them
 * (`wrangler d1 create … --location <hint>`), and a partner belongs to the one
 * nearest its customers, from its location (the country it does business in).
 */
export const REGIONS = {
  wnam: "Western North America",
  enam: "Eastern North America",
  weur: "Western Europe",
  eeur: "Eastern Europe",
  apac: "Asia-Pacific",
  oc: "Oceania",
} as const;
export type Region = keyof typeof REGIONS;

export const isRegion = (value: string): value is Region => Object.hasOwn(REGIONS, value);

/** The region of each location a partner can give (contract/enums.ts AccountLocation): every one is mapped. */
export const REGION_OF_LOCATION: Record<AccountLocation, Region> = {
  US: "enam",
  CA: "enam",
  UK: "weur",
};

export function regionOf(location: AccountLocation | null | undefined): Region | null {
  return location ? REGION_OF_LOCATION[location] : null;
}

/** A shard as placement sees it: its name and the region it was created in (null: none stated). */
export type ShardInfo = { name: string; region: Region | null };

/**
 * Where a new partner's data goes: a shard in its region (the one listed first
 * when several are), else the default shard. Several partners share a shard; a
 * shard of its own for a very large partner is an operator's move.
 */
export function placePartner(
  location: AccountLocation | null | undefined,
  shards: readonly ShardInfo[],
  defaultShard: string,
): { shard: string; region: Region | null } {
  const region = regionOf(location);
  const near = region ? shards.find((s) => s.region === region) : undefined;
  return { shard: near?.name ?? defaultShard, region };
}
