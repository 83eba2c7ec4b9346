/**
 * Where a request that writes two databases may stop between them: the
 * isolate can end there (a deployment, the CPU or memory limit, a crash) and
 * then no catch of the request runs. Each such request keeps its
 * compensating step in its first batch, so the cron repairs what is left
 * (docs/decisions/2026-11-27-steps-kept-in-the-first-batch.md). Each point
 * is marked by `betweenDatabases`, which does nothing unless a worker test
 * has set a stop (`stopBetweenDatabases`): then it throws there, as an
 * isolate's end would leave the request, past every catch of the flow.
 */
export type CutOffPoint = "acceptInvite" | "sendInvites" | "memberStatus" | "link" | "awaySeats" | "awayRelease" | "accountCopy" | "copyAhead";

let stop: ((point: CutOffPoint) => void) | null = null;

/** What a stop threw: an isolate's end, which no catch of the request would have seen. */
const ended = new WeakSet<object>();

/** A point between a request's two databases (`point`): nothing happens here, unless a test stops the request. */
export function betweenDatabases(point: CutOffPoint): void {
  try {
    stop?.(point);
  } catch (err) {
    if (err instanceof Object) ended.add(err);
    throw err;
  }
}

/** Whether `err` is a test's stop (`betweenDatabases`): a catch that compensates lets it pass untouched, as an isolate's end would never reach it. */
export const isolateEnded = (err: unknown): boolean => err instanceof Object && ended.has(err);

/** Worker tests only: `hook` runs at every such point (null: none again). */
export function stopBetweenDatabases(hook: ((point: CutOffPoint) => void) | null): void {
  stop = hook;
}
