/**
 * A signed-out visitor's public page is rendered once per isolate and served
 * again (worker/ssr/page-cache.ts): the page stays the one of its partner,
 * address, sidebar state, theme and language, with a script nonce of its own,
 * and a signed-in visitor's page is never taken from it.
 */
import { describe, expect, it } from "vitest";
import { addPartnerWithDomain } from "./fixtures";
import { getWithCookie, signInCookie } from "./auth";
import { withClockHeld } from "./clock";
import { call } from "./helpers";
import { nth } from "../present";

const NORTHWIND = "learn.northwind.test";
const root = (html: string) => nth(html.match(/<div id="root">(.*)<\/div><script id="boot"/s) ?? [], 1);
const bootData = (html: string) => JSON.parse(nth(html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s) ?? [], 1));
const nonceOf = (res: Response) => nth(res.headers.get("Content-Security-Policy")?.match(/'nonce-([a-f0-9]+)'/) ?? [], 1);

/** The page with its nonce taken out, and the nonce, which every script tag but the boot data's must carry. */
async function page(res: Response) {
  const nonce = nonceOf(res);
  const html = await res.text();
  for (const tag of html.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  return { nonce, html, page: html.replaceAll(nonce, "NONCE") };
}

describe("a signed-out visitor's page rendered once", () => {
  it("is the same page the next time, with a nonce of its own", async () => {
    await withClockHeld(async () => {
      const first = await page(await call("/help", { host: NORTHWIND }));
      const second = await page(await call("/help", { host: NORTHWIND }));
      expect(second.nonce).not.toBe(first.nonce);
      expect(second.page).toBe(first.page);
      expect(root(second.html)).toContain('aria-label="Northwind Learn home"');
    });
  });

  it("is each partner's own, and each address's own", async () => {
    const host = `learn.${crypto.randomUUID().slice(0, 8)}.test`;
    await addPartnerWithDomain({ host, platformName: "Globex Studio", brandColour: "#7c3aed", fontFamily: "roboto" });
    await withClockHeld(async () => {
      const northwind = await (await call("/help", { host: NORTHWIND })).text();
      const globex = await (await call("/help", { host })).text();
      expect(root(globex)).toContain('aria-label="Globex Studio home"');
      expect(root(globex)).not.toContain("Northwind");
      expect(globex).toContain("--brand:124 58 237;");
      expect(bootData(globex).host).toBe(host);
      expect(root(northwind)).not.toContain("Globex");
      // Another public screen on the same host is its own page.
      const notFound = await (await call("/404", { host })).text();
      expect(root(notFound)).not.toMatch(/<h1[^>]*>Help<\/h1>/);
      expect(root(notFound)).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(notFound).toContain("<title>Page not found · Globex Studio</title>");
    });
  });

  it("follows the sidebar's stored state, the theme and the language of each request", async () => {
    await withClockHeld(async () => {
      const open = await (await call("/help", { host: NORTHWIND })).text();
      const closed = await (await getWithCookie("sidebar:state=false; theme=dark; language=enGB", "/help", { host: NORTHWIND })).text();
      const openAgain = await (await getWithCookie("theme=dark", "/help", { host: NORTHWIND })).text();
      expect(root(open)).toContain('data-state="expanded"');
      expect(root(closed)).toContain('data-state="collapsed"');
      expect(closed).toMatch(/<html lang="en-GB" class="dark"/);
      expect(root(openAgain)).toContain('data-state="expanded"');
      expect(openAgain).toMatch(/<html lang="en-US" class="dark"/);
    });
  });

  it("is never a signed-in visitor's page, nor theirs a signed-out visitor's", async () => {
    const cookie = await signInCookie("cara@fabrikam.test");
    await withClockHeld(async () => {
      const anonymous = await (await call("/help")).text();
      const signedIn = await (await getWithCookie(cookie, "/help")).text();
      const anonymousAgain = await (await call("/help")).text();
      expect(root(signedIn)).toContain("Fabrikam");
      expect(root(signedIn)).not.toMatch(/>Sign in</);
      expect(bootData(signedIn).identity.session.email).toBe("cara@fabrikam.test");
      for (const html of [anonymous, anonymousAgain]) {
        expect(root(html)).toMatch(/>Sign in</);
        expect(root(html)).not.toContain("Fabrikam");
        expect(bootData(html).identity).toBeNull();
      }
    });
  });
});
