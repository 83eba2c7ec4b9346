/**
 * Requests bind to the delivery partner's open times when it publishes hours
 * (docs/decisions/2026-11-27-requests-bound-to-open-times.md), and the demo
 * gives Northwind weekday hours in New York. Tests of other rules, which
 * request times of their own choosing, take the demo's hours away first: a
 * partner without published hours may be asked for any future time.
 */
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll } from "vitest";
import * as schema from "../../db/schema";

/** Before the file's (or the describe block's) tests: no partner publishes hours. */
export function withoutPublishedHours() {
  beforeAll(async () => {
    await drizzle(env.DB, { schema }).delete(schema.availabilitySchedules);
  });
}
