import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { enUS } from "../../client/i18n/en-US";

const catalogue: Record<string, string> = enUS;
const root = new URL("../../client", import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The property names of an object literal's body: `{ n, partner: p.name }` → n, partner. */
const propertyNames = (body: string) =>
  body
    .split(",")
    .map((part) => part.split(":")[0]!.trim())
    .filter((name) => /^\w+$/.test(name));

/** The text a call with this key shows: the key itself, or its plural forms (`_one`, `_other`). */
const textsOf = (key: string) => [catalogue[key], catalogue[`${key}_one`], catalogue[`${key}_other`]].filter((text): text is string => text !== undefined);

describe("the screens' calls of the catalogue", () => {
  it("give every placeholder that a message names (a missing one shows as {name} on the screen)", () => {
    const missing: string[] = [];
    for (const path of files(root)) {
      const source = readFileSync(path, "utf8");
      // t("key", { … }) and translate("key", { … }) with a flat object literal: what the checker can read.
      for (const [, key, body] of source.matchAll(/\b(?:t|translate)\(\s*"([\w.]+)"\s*,\s*\{([^{}()]*)\}\s*\)/g)) {
        const given = new Set(propertyNames(body!));
        for (const text of textsOf(key!)) {
          for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
            if (!given.has(name!)) missing.push(`${path.slice(root.length + 1)}: ${key} needs {${name}}`);
          }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
