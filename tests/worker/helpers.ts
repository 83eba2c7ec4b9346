import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { app } from "../../worker/index";

/** Bindings laid over the test ones for one request: a deployment's vars, a stand-in for a binding. */
export type Bindings = Record<string, unknown>;

/**
 * Sends a request to the Worker under test, as if to `host` (or to the host of
 * an absolute URL). With `bindings`, the Worker runs with them laid over the
 * test bindings.
 */
export function call(path: string, init: RequestInit & { host?: string; bindings?: Bindings } = {}): Promise<Response> {
  const { host, bindings, ...rest } = init;
  const url = new URL(path, `http://${host ?? "localhost"}`);
  const headers = new Headers(rest.headers);
  headers.set("Host", host ?? url.host);
  const request = new Request(url, { ...rest, headers });
  if (bindings) return Promise.resolve(app.fetch(request, { ...env, ...bindings }, createExecutionContext()));
  return exports.default.fetch(request);
}

export async function json<T = any>(res: Response): Promise<T> {
  return await res.json();
}
