import { describe, expect, it } from "vitest";
import {
  averageMs,
  customersPerDatabase,
  databasesNeeded,
  sessionBytes,
  fleetBytes,
  partnerBytes,
  partnerYearsPerShard,
  requestMs,
  shardedShares,
  shardsNeeded,
  singleDatabaseShares,
  SHARD_BYTES,
  type Footprint,
} from "../bench/scale-model";

// The scale simulation's arithmetic (tests/bench/scale.ts): the projection from a measured footprint, and the latency model.
const footprint: Footprint = { perPartner: 20_000, perCustomer: 4_000, perBooking: 5_000 };
const shape = { customers: 100, bookingsPerCustomerYear: 12 };

describe("the projection", () => {
  it("counts a partner's fixed rows once and its bookings every year", () => {
    expect(partnerBytes(footprint, shape)).toEqual({ once: 20_000 + 100 * 4_000, perYear: 100 * 12 * 5_000, firstYear: 420_000 + 6_000_000 });
    expect(fleetBytes(footprint, shape, 10, 0)).toBe(10 * 420_000);
    expect(fleetBytes(footprint, shape, 10, 3)).toBe(10 * (420_000 + 3 * 6_000_000));
  });

  it("gives partner-years per shard from a partner's first year, less when the shard is kept part full", () => {
    expect(partnerYearsPerShard(footprint, shape)).toBeCloseTo(SHARD_BYTES / 6_420_000, 6);
    expect(partnerYearsPerShard(footprint, shape, { fill: 0.5 })).toBeCloseTo(SHARD_BYTES / 2 / 6_420_000, 6);
    expect(partnerYearsPerShard(footprint, shape, { capacity: 12_840_000 })).toBe(2);
    expect(partnerYearsPerShard({ perPartner: 0, perCustomer: 0, perBooking: 0 }, shape)).toBe(Infinity);
  });

  it("rounds the shards a fleet needs up, and always needs one", () => {
    // 1,000 partners after a year: 1,000 × 6.42 MB = 6.42 GB → one 10 GB shard, two at 50 %.
    expect(shardsNeeded(footprint, shape, 1_000, 1)).toBe(1);
    expect(shardsNeeded(footprint, shape, 1_000, 1, { fill: 0.5 })).toBe(2);
    // 2,000 partners after two years: 2,000 × (0.42 + 12) MB = 24.84 GB → three.
    expect(shardsNeeded(footprint, shape, 2_000, 2)).toBe(3);
    expect(shardsNeeded(footprint, shape, 0, 5)).toBe(1);
  });
});

describe("the directory", () => {
  it("holds the customers its capacity allows, fewer when kept part full", () => {
    expect(customersPerDatabase(2_500)).toBe(4_000_000);
    expect(customersPerDatabase(2_500, { fill: 0.8 })).toBe(3_200_000);
    expect(customersPerDatabase(3_000, { capacity: 10_000 })).toBe(3);
    expect(customersPerDatabase(0)).toBe(Infinity);
  });

  it("splits into as many databases as the customers' bytes need, rounded up, at least one", () => {
    // 10 million customers at 2.5 KB: 25 GB → three of 10 GB, four at 80 %.
    expect(databasesNeeded(10_000_000, 2_500)).toBe(3);
    expect(databasesNeeded(10_000_000, 2_500, { fill: 0.8 })).toBe(4);
    expect(databasesNeeded(4_000_000, 2_500)).toBe(1);
    expect(databasesNeeded(4_000_001, 2_500)).toBe(2);
    expect(databasesNeeded(0, 2_500)).toBe(1);
  });

  it("keeps a user's live sessions only when expired ones are pruned, else one per sign-in after a lapse", () => {
    expect(sessionBytes(400, { signInsPerYear: 50, years: 5, pruned: false })).toBe(400 * 250);
    expect(sessionBytes(400, { signInsPerYear: 50, years: 5, pruned: true })).toBe(400);
    expect(sessionBytes(400, { signInsPerYear: 50, years: 5, pruned: true, live: 2 })).toBe(800);
    expect(sessionBytes(400, { signInsPerYear: 0, years: 5, pruned: false })).toBe(400);
  });
});

describe("the latency model", () => {
  const rtt = { near: 5, continent: 30, far: 150 };

  it("charges each sequential round trip at the user's distance from the primary", () => {
    expect(requestMs(3, "read", "near", { rtt })).toBe(15);
    expect(requestMs(3, "read", "continent", { rtt })).toBe(90);
    expect(requestMs(3, "write", "far", { rtt })).toBe(450);
  });

  it("serves reads from a replica near the user, never writes", () => {
    expect(requestMs(4, "read", "far", { replicas: true, rtt })).toBe(20);
    expect(requestMs(4, "write", "far", { replicas: true, rtt })).toBe(600);
  });

  it("averages over where users are: a single database is near one region of several; shards are near most users", () => {
    const single = singleDatabaseShares(3);
    expect(single.near).toBeCloseTo(1 / 3, 12);
    expect(single.far).toBeCloseTo(2 / 3, 12);
    expect(shardedShares(0.1)).toEqual({ near: 0.9, far: 0.1 });
    expect(averageMs(2, "read", singleDatabaseShares(3), { rtt })).toBeCloseTo((2 * 5) / 3 + (2 * 150 * 2) / 3, 9);
    expect(averageMs(2, "read", shardedShares(0.1), { rtt })).toBeCloseTo(0.9 * 10 + 0.1 * 300, 9);
    expect(averageMs(2, "write", shardedShares(0.1), { replicas: true, rtt })).toBeCloseTo(0.9 * 10 + 0.1 * 300, 9);
    expect(averageMs(2, "read", shardedShares(0.1), { replicas: true, rtt })).toBeCloseTo(10, 9);
  });
});
