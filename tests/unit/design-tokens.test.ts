import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { present } from "../present";
import { contrastRatio, type Rgb } from "../../contract/colour";
import { BADGE_TONES } from "../../client/components/ui/Badge";

const css = readFileSync(new URL("../../client/styles.css", import.meta.url), "utf8");

/** The custom properties declared in the first block that opens with `selector {`. */
function block(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf("}", start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [present(m[1]), present(m[2]).trim()]));
}

function triple(value: string | undefined): Rgb {
  const parts = (value ?? "").split(/\s+/).map(Number);
  expect(parts).toHaveLength(3);
  const [r, g, b] = parts.map((n) => present(n));
  return { r: present(r), g: present(g), b: present(b) };
}

describe("status tokens", () => {
  for (const [theme, selector] of [
    ["light", ":root"],
    ["dark", ":root.dark"],
  ] as const) {
    const vars = block(selector);
    it.each(BADGE_TONES)(`the %s badge reads at 4.5:1 or more in the ${theme} theme`, (tone) => {
      const ratio = contrastRatio(triple(vars.get(`--status-${tone}-foreground`)), triple(vars.get(`--status-${tone}`)));
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("are Tailwind colours for every tone", () => {
    for (const tone of BADGE_TONES) {
      expect(css).toContain(`--color-status-${tone}: rgb(var(--status-${tone}));`);
      expect(css).toContain(`--color-status-${tone}-foreground: rgb(var(--status-${tone}-foreground));`);
    }
  });
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("one focus ring", () => {
  const root = new URL("../../client", import.meta.url).pathname;
  it("is written only in components/ui/focus-ring.ts; every other file uses it", () => {
    const own = /(?:^|[\s"'`])(?:(?:peer-)?focus-visible:|has-\[:focus-visible\]:)(?:ring-|outline-(?:2|none|solid|offset-2|ring|brand)(?![\w-]))/;
    const handWritten = files(root)
      .filter((path) => !path.endsWith(join("components", "ui", "focus-ring.ts")))
      .filter((path) => own.test(readFileSync(path, "utf8")));
    expect(handWritten).toEqual([]);
  });

  it("keeps the focused outline's style solid: it rests on outline-hidden, never outline-none (whose style variable outline-2 would reuse)", async () => {
    const { focusRing, peerFocusRing, withinFocusRing } = await import("../../client/components/ui/focus-ring");
    for (const ring of [focusRing, peerFocusRing, withinFocusRing]) {
      expect(ring).not.toMatch(/(?:^|\s)outline-none(?:\s|$)/);
      expect(ring).toMatch(/(?:focus-visible|has-\[:focus-visible\]):outline-solid/);
    }
  });
});
