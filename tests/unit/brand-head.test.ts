import { describe, expect, it } from "vitest";
import { brandStyleSheet } from "../../contract/branding";
import { fontFaceCss } from "../../contract/fonts";
import { PARTNER_DEFAULT_STYLING } from "../../contract/styling-values";
import { brandHead } from "../../worker/ssr/brand-head";
import { iconLinks } from "../../worker/ssr/favicon";

const styling = { ...PARTNER_DEFAULT_STYLING, platformName: "Globex Studio", brandColour: "#7c3aed", fontFamily: "roboto" as const };

describe("the branded head, built once per styling", () => {
  it("carries the styling's font, icon and colours", () => {
    const head = brandHead(styling, true);
    expect(head).toContain('<link rel="preload" href="/fonts/');
    expect(head).toContain(iconLinks(styling, true));
    expect(head).toContain(`<style id="brand">${brandStyleSheet(styling)}</style>`);
    expect(head).toContain(fontFaceCss("roboto"));
    expect(head).toContain("--brand:124 58 237;");
  });

  it("follows a changed styling and whether a partner is involved", () => {
    brandHead(styling, true);
    const changed = brandHead({ ...styling, brandColour: "#123456", platformName: "Globex Gym", fontFamily: "helveticaNeue" }, true);
    expect(changed).toContain("--brand:18 52 86;");
    expect(changed).not.toContain("124 58 237");
    expect(changed).not.toContain('rel="preload"');
    expect(brandHead(styling, false)).toBe(brandHead(styling, false));
    expect(brandHead(styling, false)).toContain(iconLinks(styling, false));
    expect(brandHead(styling, false)).not.toBe(brandHead(styling, true));
  });

  it("falls back to the partner's neutral colour for a value that is not one", () => {
    expect(brandHead({ ...styling, brandColour: ";}body{display:none" }, true)).toContain("--brand:51 65 85;");
  });
});
