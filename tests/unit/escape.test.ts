import { describe, expect, it } from "vitest";
import { assertSafeCss, escapeHtml, jsonForScript } from "../../worker/ssr/escape";

describe("SSR escaping", () => {
  it("escapes markup in text and attributes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });

  it("keeps JSON parseable while no '<', '>' or '&' survives", () => {
    const value = { name: "</script><script>alert(1)</script>", note: "a & b <!-- \u2028" };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual(value);
  });

  it("refuses a style sheet that could break out of its rule", () => {
    expect(assertSafeCss(":root{--brand:1 2 3;}")).toBe(":root{--brand:1 2 3;}");
    expect(() => assertSafeCss(":root{--brand:1;}body{display:none}")).toThrow();
    expect(() => assertSafeCss(":root{--x:</style><script>}")).toThrow();
  });
});
