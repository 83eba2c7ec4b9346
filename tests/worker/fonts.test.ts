import { describe, expect, it } from "vitest";
import { addPartnerWithDomain } from "./fixtures";
import { call } from "./helpers";

/**
 * The partner's font is served by the product: the page's head preloads the
 * chosen font's body-text file and declares that font's faces (latin,
 * font-display: swap) and no other's; a system font ships no file.
 */
const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const preloads = (html: string) => [...head(html).matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
const faces = (html: string) => head(html).match(/<style id="brand-font">(.*?)<\/style>/s)?.[1] ?? null;

describe("the partner's font in the server-rendered head", () => {
  it("preloads and declares the partner's chosen font on its domain, and only that one", async () => {
    const html = await (await call("/help", { host: "learn.northwind.test" })).text();
    expect(preloads(html)).toEqual(['<link rel="preload" href="/fonts/manrope-latin-400-normal.woff2" as="font" type="font/woff2" crossorigin>']);
    const css = faces(html)!;
    expect(css).toContain('font-family:"Manrope"');
    for (const weight of [400, 500, 600, 700]) expect(css).toContain(`url(/fonts/manrope-latin-${weight}-normal.woff2) format("woff2")`);
    expect(css.match(/font-display:swap/g)).toHaveLength(4);
    expect(css).not.toMatch(/Inter|Roboto|Poppins|Open Sans/);
  });

  it("wears the product's font on the main host, and another partner's on its domain", async () => {
    expect(preloads(await (await call("/login")).text())).toEqual([expect.stringContaining('href="/fonts/inter-latin-400-normal.woff2"')]);
    const host = `learn${Date.now().toString(36)}.poppins.test`;
    await addPartnerWithDomain({ host, fontFamily: "poppins" });
    const html = await (await call("/help", { host })).text();
    expect(preloads(html)).toEqual([expect.stringContaining('href="/fonts/poppins-latin-400-normal.woff2"')]);
    expect(faces(html)).toContain('font-family:"Poppins"');
  });

  it("ships no file for Helvetica Neue, a system font", async () => {
    const host = `learn${Date.now().toString(36)}.helvetica.test`;
    await addPartnerWithDomain({ host, fontFamily: "helveticaNeue" });
    const html = await (await call("/help", { host })).text();
    expect(preloads(html)).toEqual([]);
    expect(faces(html)).toBe("");
    expect(html).toContain('--brand-font:"Helvetica Neue", Helvetica, Arial, sans-serif;');
  });
});
