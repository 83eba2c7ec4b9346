import { describe, expect, it } from "vitest";
import { brandStyleSheet, brandVariables } from "../../contract/branding";
import { isHexColour, normaliseHexColour, parseHexColour, rgbTriple } from "../../contract/colour";
import { DEFAULT_STYLING } from "../../contract/styling";

describe("hex colours (Branding)", () => {
  it.each([
    ["#fff", { r: 255, g: 255, b: 255 }],
    ["fff", { r: 255, g: 255, b: 255 }],
    ["#0f766e", { r: 15, g: 118, b: 110 }],
    ["0F766E", { r: 15, g: 118, b: 110 }],
    ["#f008", { r: 255, g: 0, b: 0, a: 0.533 }],
    ["#0f766e80", { r: 15, g: 118, b: 110, a: 0.502 }],
    ["  #abc  ", { r: 170, g: 187, b: 204 }],
  ])("parses %j", (input, expected) => {
    expect(parseHexColour(input)).toEqual(expected);
    expect(isHexColour(input)).toBe(true);
  });

  it.each(["", "#", "#ff", "#fffff", "#fffffff", "#ggg", "##fff", "#0f,766", "rgb(1,2,3)", "red", "#fff;}body{x:y", "#fff fff"])("refuses %j", (input) => {
    expect(parseHexColour(input)).toBeNull();
    expect(isHexColour(input)).toBe(false);
    expect(rgbTriple(input)).toBeNull();
  });

  it("normalises to lowercase #rrggbb(aa)", () => {
    expect(normaliseHexColour("ABC")).toBe("#aabbcc");
    expect(normaliseHexColour("#0F766E80")).toBe("#0f766e80");
    expect(normaliseHexColour("nope")).toBeNull();
  });

  it("gives an RGB triple of digits and spaces only", () => {
    expect(rgbTriple("#0f766e")).toBe("15 118 110");
  });
});

describe("brand variables", () => {
  it("turns a styling into CSS variables, choosing readable text on the brand colour", () => {
    const dark = brandVariables({ ...DEFAULT_STYLING, brandColour: "#0f766e", fontFamily: "manrope" });
    expect(dark["--brand"]).toBe("15 118 110");
    expect(dark["--brand-foreground"]).toBe("255 255 255");
    expect(dark["--brand-font"]).toContain("Manrope");
    const light = brandVariables({ ...DEFAULT_STYLING, brandColour: "#fde047" });
    expect(light["--brand-foreground"]).toBe("17 24 39");
    // A mid-tone (luminance ≈ 0.3) reads better with dark text than with white.
    const mid = brandVariables({ ...DEFAULT_STYLING, brandColour: "#3b9e6f" });
    expect(mid["--brand-foreground"]).toBe("17 24 39");
  });

  it("falls back to the default for a value that is not a colour", () => {
    const css = brandStyleSheet({ ...DEFAULT_STYLING, brandColour: ";}body{display:none" });
    expect(css).toContain("--brand:37 99 235;");
    expect(css).not.toContain("display");
  });
});

describe("readable brand text", () => {
  it("keeps a colour that already reads, and darkens or lightens one that does not", async () => {
    const { contrastRatio, readableOn } = await import("../../contract/colour");
    const white = { r: 255, g: 255, b: 255 };
    const dark = { r: 24, g: 24, b: 27 };
    const teal = { r: 15, g: 118, b: 110 };
    expect(readableOn(teal, white)).toEqual(teal);
    const yellow = { r: 253, g: 224, b: 71 };
    expect(contrastRatio(readableOn(yellow, white), white)).toBeGreaterThanOrEqual(4.5);
    const blue = { r: 37, g: 99, b: 235 };
    expect(contrastRatio(blue, dark)).toBeLessThan(4.5);
    expect(contrastRatio(readableOn(blue, dark), dark)).toBeGreaterThanOrEqual(4.5);
  });

  it("emits light and dark brand text variables", () => {
    const v = brandVariables({ ...DEFAULT_STYLING, brandColour: "#0f766e" });
    expect(v["--brand-text"]).toBe("15 118 110");
    expect(v["--brand-text-dark"]).not.toBe("15 118 110");
  });
});

describe("the branding save schema", async () => {
  const { StylingData, PLATFORM_NAME_MAX } = await import("../../contract/styling");
  const valid = {
    brandColour: "#0F766E",
    gradientColourOne: "0f766e",
    gradientColourTwo: "#14b8a6cc",
    lightGradientTextColour: "#fff",
    lightHeroTextColour: "#ffff",
    fontFamily: "manrope",
    platformName: "Northwind Learn",
    showLogoOnLogin: true,
  };

  it("normalises colours to lowercase #rrggbb(aa)", () => {
    const out = StylingData.parse(valid);
    expect(out).toMatchObject({
      brandColour: "#0f766e",
      gradientColourOne: "#0f766e",
      gradientColourTwo: "#14b8a6cc",
      lightGradientTextColour: "#ffffff",
      lightHeroTextColour: "#ffffffff",
    });
    // A support address left out stays as stored (absent is not a clear).
    expect(out).not.toHaveProperty("supportEmail");
  });

  it.each([
    ["brandColour", "#0f,766"],
    ["brandColour", "rgb(1,2,3)"],
    ["gradientColourOne", "#fff;}body{x:y}"],
    ["fontFamily", "comicSans"],
    ["platformName", "x".repeat(PLATFORM_NAME_MAX + 1)],
    ["platformName", "  "],
    ["platformName", "<b>x</b>"],
    ["platformName", "a{b}"],
    ["supportEmail", "not an email"],
  ])("refuses %s = %j", (field, value) => {
    const result = StylingData.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it("accepts a platform name of exactly 20 characters", () => {
    expect(StylingData.parse({ ...valid, platformName: "x".repeat(20) }).platformName).toHaveLength(20);
  });
});
