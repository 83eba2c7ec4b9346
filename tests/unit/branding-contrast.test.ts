import { describe, expect, it } from "vitest";
import { contrastWarnings } from "../../contract/branding";
import { scoreStringOf, StylingData } from "../../contract/styling";

const readable = {
  brandColour: "#0f766e",
  gradientColourOne: "#0f766e",
  gradientColourTwo: "#115e59",
  lightHeroTextColour: "#ffffff",
  lightGradientTextColour: "#ffffff",
};

describe("Branding's contrast warnings (WCAG AA, 4.5:1)", () => {
  it("says nothing for colours that read well", () => {
    expect(contrastWarnings(readable)).toEqual([]);
  });

  it("judges hero and gradient text against the worse of the gradient's two colours, and the brand colour against white", () => {
    const warnings = contrastWarnings({ ...readable, gradientColourTwo: "#14b8a6", brandColour: "#facc15" });
    expect(warnings.map((w) => [w.colour, w.against, Math.round(w.ratio * 10) / 10])).toEqual([
      ["lightHeroTextColour", "gradient", 2.5],
      ["lightGradientTextColour", "gradient", 2.5],
      ["brandColour", "white", 1.5],
    ]);
  });

  it("does not judge a value that is not a colour yet", () => {
    expect(contrastWarnings({ ...readable, brandColour: "#zzz", lightHeroTextColour: "" })).toEqual([]);
  });
});

describe("the score's wording", () => {
  it("fills {score} in the partner's text, '{score}/100' by default", () => {
    expect(scoreStringOf({ customScoreString: "{score} points" }, 72)).toBe("72 points");
    expect(scoreStringOf({ customScoreString: null }, 72)).toBe("72/100");
  });

  it("keeps absent fields unchanged, clears empty ones and trims", () => {
    const base = { ...readable, fontFamily: "inter", platformName: "Globex", showLogoOnLogin: true };
    expect(StylingData.parse(base).scoreName).toBeUndefined();
    expect(StylingData.parse({ ...base, scoreName: "", customScoreString: "" })).toMatchObject({ scoreName: null, customScoreString: null });
    expect(StylingData.parse({ ...base, scoreName: " FitIndex " }).scoreName).toBe("FitIndex");
  });
});
