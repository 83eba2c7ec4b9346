import { exports } from "cloudflare:workers";

/** Sends a request to the Worker under test, as if to `host`. */
export function call(path: string, init: RequestInit & { host?: string } = {}): Promise<Response> {
  const { host = "localhost", ...rest } = init;
  const url = new URL(path, `http://${host}`);
  const headers = new Headers(rest.headers);
  headers.set("Host", host);
  return exports.default.fetch(new Request(url, { ...rest, headers }));
}

export async function json<T = any>(res: Response): Promise<T> {
  return await res.json();
}
