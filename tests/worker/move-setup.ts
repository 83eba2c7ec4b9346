import { driveMove, type Send } from "../../scripts/shards-move";
import { call, type Bindings } from "./helpers";

/** The operator's secret the worker tests bind, and the bindings of a move whose phases reach every isolate at once. */
export const SECRET = "operator-secret-for-the-worker-tests-0123456789";
export const OPERATOR = { OPERATOR_SECRET: SECRET, SHARD_MOVE_SETTLE_SECONDS: "0" };

/** The operator's calls over the Worker, with `bindings` laid over the test's. */
export const sendWith =
  (bindings: Bindings = {}, token = SECRET): Send =>
  async (path, body) => {
    const res = await call(path, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      bindings: { ...OPERATOR, ...bindings },
    });
    const retry = res.headers.get("Retry-After");
    return { status: res.status, body: await res.json().catch(() => null), retryAfter: retry === null ? null : Number(retry) };
  };

/**
 * A whole move as `npm run shards -- move` drives it, with `afterFlip` run
 * before the cleanup's first call and `afterCleanup` before the finish.
 */
export function moveWith(partner: string, shard: string, hooks: { afterFlip?: () => Promise<void>; afterCleanup?: () => Promise<void> }, bindings?: Bindings) {
  const send = sendWith(bindings);
  const ran = new Set<string>();
  const once = async (key: string, hook?: () => Promise<void>) => {
    if (hook && !ran.has(key)) {
      ran.add(key);
      await hook();
    }
  };
  return driveMove(
    async (path, body) => {
      if (path.endsWith("/cleanup")) await once("flip", hooks.afterFlip);
      if (path.endsWith("/finish")) await once("cleanup", hooks.afterCleanup);
      return send(path, body);
    },
    { partner, shard },
    () => {},
    async () => {},
  );
}
