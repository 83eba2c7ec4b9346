/**
 * A booking customer whose requests go through D1 bindings that record every
 * statement prepared (its SQL), so a test can tell what a booking reads and
 * writes (docs/decisions/2026-11-27-booking-burst-cpu.md).
 */
import { env } from "cloudflare:workers";
import { apiAs } from "./auth";
import { FABRIKAM } from "./bookings-setup";

/**
 * Fabrikam's admin booking through a D1 binding that records every statement
 * sent; `beforeWrite` runs just before the booking's write batch (its first
 * statement takes a seat) is sent.
 */
export function recordedCustomer(beforeWrite: () => Promise<unknown> = async () => undefined) {
  const sent: string[] = [];
  const recorded = (binding: D1Database) =>
    new Proxy(binding, {
      get(target, key) {
        if (key === "prepare")
          return (query: string) => {
            sent.push(query);
            return target.prepare(query);
          };
        // A request reads and writes through a session of the binding (read replicas).
        if (key === "withSession")
          return (...args: unknown[]) => recorded((target as unknown as { withSession(...a: unknown[]): D1Database }).withSession(...args));
        if (key === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (writeBatch(sent).length) await beforeWrite();
            return target.batch(statements);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  // Fabrikam's shard, the first, is the directory's database under its own binding.
  const bindings = { DB: recorded(env.DB), SHARD_FIRST: recorded((env as unknown as { SHARD_FIRST: D1Database }).SHARD_FIRST) };
  return { api: apiAs("customerAdmin", { accountId: FABRIKAM, bindings }), sent };
}

/** The statements of a booking's write batch: from the first seat it takes (its first statement) on. */
export const writeBatch = (sent: string[]) => {
  const at = sent.findIndex((q) => /^UPDATE slots SET seats_taken = seats_taken \+ 1/.test(q));
  return at < 0 ? [] : sent.slice(at);
};
