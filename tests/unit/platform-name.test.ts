import { describe, expect, it } from "vitest";
import { isPlatformName, platformNameFrom } from "../../contract/styling";

describe("platformNameFrom", () => {
  const cases: [string, string | null, string][] = [
    ["keeps a plain short name", "Northwind Learn", "Northwind Learn"],
    ["cuts to 20 characters and trims", "Globex Training Academy Worldwide", "Globex Training Acad"],
    ["replaces markup characters", "<b>Acme</b>", "b Acme /b"],
    ["replaces braces, backslash and backtick", "{a}\\b`c", "a b c"],
    ["replaces control characters", "Line\nbreak\u0000here", "Line break here"],
    ["falls back when nothing is left", "<>{}", "TechFIT"],
    ["falls back for null", null, "TechFIT"],
    ["never splits a character", "😀".repeat(11), "😀".repeat(10)],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    const out = platformNameFrom(input);
    expect(out).toBe(expected);
    expect(isPlatformName(out)).toBe(true);
  });
});
