import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_STYLING } from "../../contract/styling-values";
import { planRows } from "../../db/seed/data";

/**
 * The product's default colours are its brand: no fixed palette of the client
 * or the Worker (a chart's series, a category's illustration, a mail) may
 * write them, or a partner's customers would meet them beside the partner's
 * own colours. They are read from DEFAULT_STYLING where the product's own look
 * is meant.
 */
const ROOT = join(import.meta.dirname, "../..");
const PLATFORM_COLOURS = [...new Set([DEFAULT_STYLING.brandColour, DEFAULT_STYLING.gradientColourOne, DEFAULT_STYLING.gradientColourTwo])];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx|css)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The product's colours a source writes out, as hex or as RGB channels (`37 99 235`, `rgb(37, 99, 235)`). */
export function platformColoursIn(source: string): string[] {
  const lower = source.toLowerCase();
  return PLATFORM_COLOURS.flatMap((hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const channels = new RegExp(`\\b${r}(?:,\\s*|\\s+)${g}(?:,\\s*|\\s+)${b}\\b`);
    return [...(lower.includes(hex.toLowerCase()) ? [hex] : []), ...(channels.test(source) ? [`${r} ${g} ${b}`] : [])];
  });
}

describe("the product's colours", () => {
  it("are found written as hex or as channels, and not in other colours", () => {
    expect(platformColoursIn('const c = "#2563EB";')).toEqual(["#2563eb"]);
    expect(platformColoursIn("--brand: 124 58 237;")).toEqual(["124 58 237"]);
    expect(platformColoursIn("color: rgb(37, 99, 235)")).toEqual(["37 99 235"]);
    expect(platformColoursIn('const c = "#1d4ed8"; --x: 137 99 235;')).toEqual([]);
  });

  it("are written by no palette of the client or the Worker", () => {
    const found = ["client", "worker"].flatMap((dir) =>
      files(join(ROOT, dir)).flatMap((file) => platformColoursIn(readFileSync(file, "utf8")).map((c) => `${relative(ROOT, file)}: ${c}`)),
    );
    expect(found).toEqual([]);
  });
});

describe("the demo's partners", () => {
  it("name their plans without the product's name", () => {
    expect(planRows.map((p) => p.planName).filter((name) => name.toLowerCase().includes(DEFAULT_STYLING.platformName.toLowerCase()))).toEqual([]);
  });
});
