/**
 * The scale simulation's arithmetic (tests/bench/scale.ts), pure so a unit
 * test can check it: what a partner costs in D1 from the measured footprint,
 * how many partner-years a shard holds, how many shards a fleet needs, and
 * the page times a latency model gives from each request's sequential D1
 * round trips.
 */

/** D1's cap on one database, in bytes (10 GB, decimal: the smaller reading). */
export const SHARD_BYTES = 10e9;

/** Bytes of D1 each kind of row brings, as measured (one database's share: a shard's or the directory's). */
export type Footprint = { perPartner: number; perCustomer: number; perBooking: number };

/** A partner's size and how much its customers book. */
export type PartnerShape = { customers: number; bookingsPerCustomerYear: number };

/** What one partner adds to a database: once (itself and its customers) and then every year (its bookings). */
export function partnerBytes(f: Footprint, p: PartnerShape): { once: number; perYear: number; firstYear: number } {
  const once = f.perPartner + p.customers * f.perCustomer;
  const perYear = p.customers * p.bookingsPerCustomerYear * f.perBooking;
  return { once, perYear, firstYear: once + perYear };
}

/**
 * Partner-years one shard holds, filled to `fill` of `capacity`: counted with
 * a partner's first year (its fixed rows and a year of bookings), so a shard
 * whose partners stay longer holds somewhat more.
 */
export function partnerYearsPerShard(f: Footprint, p: PartnerShape, { capacity = SHARD_BYTES, fill = 1 } = {}): number {
  const { firstYear } = partnerBytes(f, p);
  return firstYear > 0 ? (capacity * fill) / firstYear : Infinity;
}

/** Bytes a fleet of `partners` partners of that shape holds after `years` years. */
export function fleetBytes(f: Footprint, p: PartnerShape, partners: number, years: number): number {
  const { once, perYear } = partnerBytes(f, p);
  return partners * (once + years * perYear);
}

/** Shards a fleet needs after `years` years, each filled to `fill` of `capacity` (at least one). */
export function shardsNeeded(f: Footprint, p: PartnerShape, partners: number, years: number, { capacity = SHARD_BYTES, fill = 1 } = {}): number {
  return Math.max(1, Math.ceil(fleetBytes(f, p, partners, years) / (capacity * fill)));
}

// ---------------------------------------------------------- directory ---

/**
 * Customer organisations one database holds at `perCustomer` bytes each,
 * filled to `fill` of `capacity` (the directory: identity, the user, the
 * routing row; partners' own rows are few and left out).
 */
export function customersPerDatabase(perCustomer: number, { capacity = SHARD_BYTES, fill = 1 } = {}): number {
  return perCustomer > 0 ? Math.floor((capacity * fill) / perCustomer) : Infinity;
}

/** Databases that `customers` organisations need at `perCustomer` bytes each, spread evenly (a hash), each filled to `fill` of `capacity` (at least one). */
export function databasesNeeded(customers: number, perCustomer: number, { capacity = SHARD_BYTES, fill = 1 } = {}): number {
  return Math.max(1, Math.ceil((customers * perCustomer) / (capacity * fill)));
}

/**
 * Bytes a user's sessions leave behind over `years` when expired ones are
 * never removed: one session of `sessionBytes` for each sign-in after a lapse
 * (`signInsPerYear`), none removed; pruned, only the live ones stay
 * (`live` sessions at a time).
 */
export function sessionBytes(
  sessionBytes: number,
  { signInsPerYear, years, pruned, live = 1 }: { signInsPerYear: number; years: number; pruned: boolean; live?: number },
) {
  return sessionBytes * (pruned ? live : Math.max(live, signInsPerYear * years));
}

// ------------------------------------------------------------ latency ---

/** Round-trip times, edge ↔ database, in milliseconds. */
export type Rtt = { near: number; continent: number; far: number };
export const RTT: Rtt = { near: 5, continent: 30, far: 150 };

/** Where a user's edge is, seen from their partner's database (primary). */
export type Position = keyof Rtt;

/**
 * Modelled D1 waiting time of one request: its sequential round trips, each
 * one round trip from the user's edge to where it is served. A read (GET) is
 * served by a replica near the user when replicas are on, else by the
 * primary; a write's round trips all go to the primary (a write and what it
 * reads back run there; D1 sends a session that wrote to the primary). The
 * Worker's own time and the user ↔ edge leg are the same everywhere and left out.
 */
export function requestMs(depth: number, kind: "read" | "write", position: Position, { replicas = false, rtt = RTT } = {}): number {
  const trip = kind === "read" && replicas ? rtt.near : rtt[position];
  return depth * trip;
}

/**
 * The average over a population: `shares` of users by position (summing to 1).
 * Today's single database is in one region: with users spread evenly over
 * `regions` regions, 1/regions of them are near and the rest far.
 */
export function averageMs(
  depth: number,
  kind: "read" | "write",
  shares: Partial<Record<Position, number>>,
  options: { replicas?: boolean; rtt?: Rtt } = {},
): number {
  return (Object.entries(shares) as [Position, number][]).reduce((sum, [position, share]) => sum + share * requestMs(depth, kind, position, options), 0);
}

/** Users by position with one database for everyone, its users spread evenly over `regions` regions. */
export const singleDatabaseShares = (regions: number): Partial<Record<Position, number>> => ({ near: 1 / regions, far: 1 - 1 / regions });

/** Users by position with each partner on a shard in its region: all near but `farShare` (customers abroad, travellers). */
export const shardedShares = (farShare: number): Partial<Record<Position, number>> => ({ near: 1 - farShare, far: farShare });
