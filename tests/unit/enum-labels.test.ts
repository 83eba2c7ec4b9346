import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An enumeration's labels go through one checked path: `enumLabel(t, "Name",
 * value)` (client/lib/enums.ts) for a label, `<EnumSelect>` for a select of
 * its values. A template key (t(`enum.X.${v}`)) escapes the compiler's check
 * that the value has a label, and a hand-mapped option list repeats what
 * EnumSelect does.
 */
const ROOT = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The places in a source that label an enumeration by hand. */
export function handLabelledEnums(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\bt\(`enum\.\w+\.\$\{/g)) found.push(m[0]);
  // An option whose label is an enumeration's: the list should be an EnumSelect.
  for (const m of source.matchAll(/<option\b[^>]*>\s*\{\s*(?:enumLabel\(|t\(\s*["'`]enum\.)/g)) found.push(m[0].replace(/\s+/g, " "));
  return found;
}

describe("enumeration labels", () => {
  it("finds a template key and a hand-mapped option (the check itself)", () => {
    expect(handLabelledEnums("const a = t(`enum.Category.${c}`);")).toHaveLength(1);
    expect(handLabelledEnums('<option key={v} value={v}>\n  {enumLabel(t, "Category", v)}\n</option>')).toHaveLength(1);
    expect(handLabelledEnums('<option value="admin">{t("enum.OrgRole.admin")}</option>')).toHaveLength(1);
    expect(handLabelledEnums('enumLabel(t, "Category", c); <option value="">{t("library.anyStatus")}</option>')).toEqual([]);
  });

  it("are never written by hand in the client (enumLabel and EnumSelect instead)", () => {
    const offenders = files(join(ROOT, "client"))
      .filter((f) => !f.endsWith(join("lib", "enums.ts")))
      .map((f) => ({ file: relative(ROOT, f), uses: handLabelledEnums(readFileSync(f, "utf8")) }))
      .filter((o) => o.uses.length > 0);
    expect(offenders).toEqual([]);
  });
});
