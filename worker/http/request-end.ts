/**
 * What a request gives back when it ends, whatever its answer: an endpoint
 * registers it (`onRequestEnd`), and the endpoint's wrapper runs it once the
 * handler has answered or thrown (worker/http/endpoint.ts), a refused guard
 * included.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";

const ends = new WeakMap<Context<AppEnv>, (() => void)[]>();

export function onRequestEnd(c: Context<AppEnv>, end: () => void): void {
  const list = ends.get(c);
  if (list) list.push(end);
  else ends.set(c, [end]);
}

export function runRequestEnd(c: Context<AppEnv>): void {
  const list = ends.get(c);
  ends.delete(c);
  for (const end of list ?? []) end();
}
