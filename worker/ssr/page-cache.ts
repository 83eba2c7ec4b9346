import { readCookie } from "../../client/lib/cookies";
import { isolateCache } from "../http/isolate-cache";
import type { RenderedRoute } from "./screens";

/**
 * Signed-out pages rendered once per isolate. React's render of a public
 * screen with its shell is most of what such a page costs, and its HTML
 * depends only on the page's address, the boot data (the partner, its
 * styling, the host; no identity) and the few cookies the render reads (the
 * sidebar's state). The key holds the first two whole, so a partner's new
 * styling is a new entry; each entry keeps a variant per value of the cookies
 * its render read. An entry lives a minute (nothing on these screens follows
 * the clock closer than that), and the oldest go first past MAX_KEYS.
 */
const TTL_MS = 60_000;
const MAX_KEYS = 200;
const MAX_VARIANTS = 4;

type Variant = { at: number; cookies: [string, string | null][]; rendered: RenderedRoute };
const pages = isolateCache<string, Variant[]>(MAX_KEYS);

const sameCookies = (variant: Variant, header: string) => variant.cookies.every(([name, value]) => readCookie(name, header) === value);

/**
 * The page `render` makes for `key` and the request's `cookieHeader`, from
 * this isolate's cache when a variant with the same values of the cookies it
 * read is younger than TTL_MS; a render that is not `cacheable` is not kept.
 */
export async function renderOnce(
  key: string,
  cookieHeader: string,
  render: () => Promise<(RenderedRoute & { cookiesRead: string[]; cacheable: boolean }) | null>,
  now = Date.now(),
): Promise<RenderedRoute | null> {
  const variants = (pages.get(key) ?? []).filter((v) => now - v.at < TTL_MS);
  const hit = variants.find((v) => sameCookies(v, cookieHeader));
  if (hit) return hit.rendered;
  const rendered = await render();
  if (!rendered) return null;
  const page: RenderedRoute = { html: rendered.html, title: rendered.title };
  if (rendered.cacheable) {
    const cookies = rendered.cookiesRead.map((name): [string, string | null] => [name, readCookie(name, cookieHeader)]);
    pages.set(key, [{ at: now, cookies, rendered: page }, ...variants].slice(0, MAX_VARIANTS));
  }
  return page;
}
