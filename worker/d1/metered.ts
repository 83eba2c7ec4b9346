import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counting D1 round trips. In production every D1 call is a network round
 * trip from the edge to the database, so the number of calls a request makes
 * (not CPU) sets the latency a user far from the database feels. Each request
 * gets its own metered D1 (wrapping the binding, or a read-replica session of
 * it): every statement executed (`first`, `all`, `run`, `raw`) and every
 * `exec` is one call, a `batch` of any size is one call. The totals go to the
 * response's Server-Timing header (worker/tenant/scope.ts).
 *
 * What a far user waits for is not the number of calls but how many run one
 * after another: the sequential depth. Each call gets a level, one more than
 * the highest level of the calls that had finished when it started (a call
 * can only depend on what has finished); the depth is the highest level.
 * Calls started together (Promise.all) share a level, so they count once; a
 * call started after another finished counts again, even if it did not need
 * its answer (the meter cannot tell, and the safe side is to count it).
 */
export type D1Meter = { calls: number; depth: number; ms: number; tenant: "hit" | "miss" | null; finished: number };

export const newMeter = (): D1Meter => ({ calls: 0, depth: 0, ms: 0, tenant: null, finished: 0 });

/** Counts one D1 call in `meter` around `run`: its time, and its level in the sequential depth. */
export async function timed<T>(meter: D1Meter, run: () => Promise<T>): Promise<T> {
  meter.calls += 1;
  const level = meter.finished + 1;
  meter.depth = Math.max(meter.depth, level);
  const t0 = performance.now();
  try {
    return await run();
  } finally {
    meter.ms += performance.now() - t0;
    meter.finished = Math.max(meter.finished, level);
  }
}

class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly meter: D1Meter,
  ) {}
  bind(...values: unknown[]): MeteredStatement {
    return new MeteredStatement(this.inner.bind(...values), this.meter);
  }
  first(colName?: string) {
    return timed(this.meter, () => (colName === undefined ? this.inner.first() : this.inner.first(colName)));
  }
  all() {
    return timed(this.meter, () => this.inner.all());
  }
  run() {
    return timed(this.meter, () => this.inner.run());
  }
  raw(...args: unknown[]) {
    return timed(this.meter, () => (this.inner.raw as (...a: unknown[]) => Promise<unknown>)(...args));
  }
}

const unwrap = (s: D1PreparedStatement | MeteredStatement): D1PreparedStatement => (s instanceof MeteredStatement ? s.inner : s);

/** What a request's D1 is: the binding's interface, plus the session's bookmark (null without sessions). */
export type MeteredD1 = D1Database & { bookmark(): string | null };

/** Wraps a D1 binding or session so that every call is counted in `meter`. */
export function meteredD1(base: D1Database | D1DatabaseSession, meter: D1Meter): MeteredD1 {
  const d1 = {
    prepare: (query: string) => new MeteredStatement(base.prepare(query), meter),
    batch: (statements: (D1PreparedStatement | MeteredStatement)[]) => timed(meter, () => base.batch(statements.map(unwrap))),
    exec: (query: string) => timed(meter, () => (base as D1Database).exec(query)),
    dump: () => (base as D1Database).dump(),
    // A session has no sessions of its own: then neither has the wrapper (a request run in-process inside another uses it as it is).
    withSession:
      typeof (base as D1Database).withSession === "function"
        ? (constraint?: string) => meteredD1((base as D1Database).withSession(constraint), meter)
        : undefined,
    bookmark: () => ("getBookmark" in base ? base.getBookmark() : null),
  };
  return d1 as unknown as MeteredD1;
}

/**
 * The request's metered D1, for code that outlives a request and was handed
 * the binding once (better-auth's adapter is built once per isolate).
 */
const current = new AsyncLocalStorage<D1Database>();

export function withRequestD1<T>(d1: D1Database, run: () => T): T {
  return current.run(d1, run);
}

/** A D1 that forwards each call to the current request's metered D1 (or `fallback` outside a request). */
export function requestD1(fallback: D1Database): D1Database {
  const target = () => current.getStore() ?? fallback;
  return {
    prepare: (query: string) => target().prepare(query),
    batch: (statements: D1PreparedStatement[]) => target().batch(statements),
    exec: (query: string) => target().exec(query),
    dump: () => target().dump(),
    withSession: (constraint?: string) => target().withSession(constraint),
  } as unknown as D1Database;
}

/**
 * Which D1 session a request reads from. With read replication on, reads may
 * be served by a replica near the user; the bookmark the client sends back
 * (header `x-d1-bookmark` or cookie `d1b`) makes the session at least as new
 * as the client's last write, so a user always reads their own writes. A
 * request that may write starts on the primary.
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_COOKIE = "d1b";

export function sessionConstraint(method: string, bookmark: string | undefined): string {
  if (bookmark && /^[\w.:+/=-]{1,200}$/.test(bookmark)) return bookmark;
  return method === "GET" || method === "HEAD" ? "first-unconstrained" : "first-primary";
}

/**
 * Who sees the request's D1 figures (Server-Timing, the `x-d1-bookmark`
 * header). The number of D1 calls tells apart a registered address from an
 * unknown one on sign-in, sign-up and the password-reset request, so by
 * default they go only to a verified caller, and never on the identity
 * provider's own paths (/api/auth/*, the sign-in form's POST /login). An
 * operator turns them on for every answer with the var SERVER_TIMING = "all"
 * (local development and the benchmark do; a deployment should not).
 */
export type TimingEnv = { SERVER_TIMING?: string };

export function showsTimings(env: TimingEnv, request: { method: string; path: string; signedIn: boolean }): boolean {
  if (env.SERVER_TIMING === "all") return true;
  return request.signedIn && !isAuthPath(request.method, request.path);
}

/** The identity provider's paths, whose answers must not differ for a known and an unknown address. */
export function isAuthPath(method: string, path: string): boolean {
  return path === "/api/auth" || path.startsWith("/api/auth/") || (method === "POST" && path === "/login");
}

/** The Server-Timing value: D1 calls, their sequential depth and total time, and the tenant cache's answer. */
export function serverTiming(meter: D1Meter): string {
  const parts = [`d1;desc="${meter.calls} calls, ${meter.depth} sequential";dur=${meter.ms.toFixed(1)}`];
  if (meter.tenant) parts.push(`tenant;desc="${meter.tenant}"`);
  return parts.join(", ");
}
