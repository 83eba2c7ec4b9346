import { Hono } from "hono";
import type { AppEnv } from "../env";

/**
 * Uploads live in R2. Keys under `public/` (branding: logos, hero and login
 * images) are served to anyone; other prefixes are served by their own areas
 * after an access check.
 */
export const PUBLIC_PREFIX = "public/";

export { fileUri } from "../../contract/files";

/**
 * Headers that keep an upload inert on the product's origin: its stored type,
 * no sniffing, and a sandboxing CSP so that even an SVG opened directly cannot
 * run script.
 */
export function inertFileHeaders(contentType: string, etag?: string): Headers {
  const headers = new Headers({
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": "public, max-age=300",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (etag) headers.set("ETag", etag);
  return headers;
}

/**
 * A private file as an access-checked route answers it (after its own
 * check): a download with its stored type and name, inert, never cached
 * by a shared cache. Null when the key holds nothing.
 */
export async function privateDownload(bucket: R2Bucket, key: string): Promise<Response | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Content-Disposition": object.httpMetadata?.contentDisposition ?? "attachment",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  });
  return new Response(object.body, { headers });
}

export const files = new Hono<AppEnv>();

files.get("/files/:key{.+}", async (c) => {
  const key = c.req.param("key").split("/").map(decodeURIComponent).join("/");
  if (!key.startsWith(PUBLIC_PREFIX) || key.includes("..")) return c.notFound();
  const object = await c.env.UPLOADS.get(key);
  if (!object) return c.notFound();
  const type = object.httpMetadata?.contentType ?? "application/octet-stream";
  return new Response(object.body, { headers: inertFileHeaders(type, object.httpEtag) });
});
