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
export type CutOffPoint = "acceptInvite" | "sendInvites" | "memberStatus" | "link" | "awaySeats" | "awayRelease";

let stop: ((point: CutOffPoint) => void) | null = null;

/** A point between a request's two databases (`point`): nothing happens here, unless a test stops the request. */
export function betweenDatabases(point: CutOffPoint): void {
  stop?.(point);
}

/** Worker tests only: `hook` runs at every such point (null: none again). */
export function stopBetweenDatabases(hook: ((point: CutOffPoint) => void) | null): void {
  stop = hook;
}
