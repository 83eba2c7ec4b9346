import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_SCREENS } from "../../client/app/router";
import { ROUTES } from "../../client/app/routes";
import { enUSFirst } from "../../client/i18n/en-US.first";

/**
 * What the client's entry loads before sign-in is interactive: the modules
 * client/main.tsx imports statically, and theirs (a type-only import and an
 * `import()` load nothing then). Its weight budget is measured by
 * `npm run bench` (120 KB gzip); this keeps the packages that budget left
 * out (docs/decisions.md, "JavaScript before /login") from coming back
 * through one static import, without a build.
 */
const ROOT = join(import.meta.dirname, "../..");
const ENTRY = resolve(ROOT, "client/main.tsx");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The packages left out of the first load: the schemas (zod), the zone arithmetic (@date-fns/tz), forms, Radix and the icons. */
const LEFT_OUT = ["zod", "@date-fns/tz", "react-hook-form", "@radix-ui/react-dialog", "lucide-react"];
/**
 * Modules of the product's own left out too: the API's message texts, the zone rules and the dates built on them, the
 * moves of the focus from script, the table of screens' code, and applying another look (the colour arithmetic, the fonts).
 */
const LEFT_OUT_MODULES = [
  "contract/messages.ts",
  "contract/time-zones.ts",
  "client/lib/dates.ts",
  "client/components/ui/focus-moves.ts",
  "client/app/screen-code.ts",
  "client/app/apply-styling.ts",
  "contract/branding.ts",
  "contract/colour.ts",
  "contract/fonts.ts",
];

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  return EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
}

/** The static imports of a module's source (not `import type`, not `import { type A, type B }`, not `import()`). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm)) {
    const clause = (m[1] ?? "").trim();
    const names =
      clause.startsWith("{") && clause.endsWith("}")
        ? clause
            .slice(1, -1)
            .split(",")
            .map((n) => n.trim())
            .filter(Boolean)
        : null;
    if (names?.length && names.every((n) => n.startsWith("type "))) continue;
    found.push((m[2] ?? m[3])!);
  }
  return found;
}

/** The modules a module's source loads with `import("./…")`. */
function dynamicImports(source: string): string[] {
  return [...source.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => m[1]!);
}

/** Each package the entry's static graph imports, with the chain of modules that first reaches it; and each module of the graph, with its chain. */
function firstLoad(): { packages: Map<string, string[]>; modules: Map<string, string[]> } {
  const parent = new Map<string, string | null>([[ENTRY, null]]);
  const queue = [ENTRY];
  const packages = new Map<string, string[]>();
  const chain = (file: string | null) => {
    const files: string[] = [];
    for (let f = file; f; f = parent.get(f) ?? null) files.unshift(relative(ROOT, f));
    return files;
  };
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      if (spec.startsWith(".")) {
        const target = resolveModule(file, spec);
        if (target && !parent.has(target)) {
          parent.set(target, file);
          queue.push(target);
        }
        continue;
      }
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
      if (!packages.has(name)) packages.set(name, chain(file));
    }
  }
  return { packages, modules: new Map([...parent.keys()].map((f) => [relative(ROOT, f), chain(f)])) };
}

/** The modules that come with the full catalogues (each awaits them, or is awaited with them): a first screen runs none of them. */
const WITH_FULL_CATALOGUES = ["client/app/screen-code.ts", "client/i18n/index.ts", "client/app/shell/Shell.tsx", "client/components/ui/ToastViewport.tsx"];

/** Every module the page can run before the full catalogues arrive: the entry's graph with what it and the first screens load with `import()`. */
function beforeFullCatalogues(): string[] {
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length) {
    const file = queue.shift()!;
    const module = relative(ROOT, file);
    if (seen.has(module) || WITH_FULL_CATALOGUES.includes(module)) continue;
    seen.add(module);
    const source = readFileSync(file, "utf8");
    for (const spec of [...staticImports(source), ...dynamicImports(source)]) {
      const target = spec.startsWith(".") ? resolveModule(file, spec) : null;
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

describe("the client's first load", () => {
  it("reads static imports only: a type-only import and a dynamic import are not followed", () => {
    expect(
      staticImports(
        [
          'import { a } from "./a";',
          'import type { B } from "./b";',
          'import { type C, type D } from "./c";',
          'import { type E, f } from "./e";',
          'export { g } from "./g";',
          'import "./side-effect";',
          'const h = () => import("./h");',
        ].join("\n"),
      ),
    ).toEqual(["./a", "./e", "./g", "./side-effect"]);
  });

  it("imports none of the packages sign-in's weight budget left out", () => {
    const { packages, modules } = firstLoad();
    // The graph is walked: the entry reaches React and the router.
    expect([...packages.keys()]).toEqual(expect.arrayContaining(["react", "react-dom", "react-router"]));
    const found = LEFT_OUT.filter((name) => packages.has(name)).map((name) => `${name}: ${packages.get(name)!.join(" → ")}`);
    expect(found).toEqual([]);
    const ownFound = LEFT_OUT_MODULES.filter((m) => modules.has(m)).map((m) => modules.get(m)!.join(" → "));
    expect(ownFound).toEqual([]);
  });

  // Each `import()` in the entry costs it the call and the list of scripts Vite preloads with it: a screen's code is
  // named there only for the first screens; every other screen's is in the table of screens' code (client/app/screen-code.ts).
  it("names the code of the first screens only, not of the screens sign-in does not show", () => {
    const { modules } = firstLoad();
    const loaded = new Set<string>();
    for (const module of modules.keys()) {
      const file = join(ROOT, module);
      for (const spec of dynamicImports(readFileSync(file, "utf8"))) {
        const target = resolveModule(file, spec);
        if (target) loaded.add(relative(ROOT, target));
      }
    }
    const screens = ROUTES.filter((r) => loaded.has(r.module)).map((r) => r.path);
    expect(screens.sort()).toEqual([...FIRST_SCREENS].sort());
  });

  // The first texts travel in the entry: a key there that no first screen shows weighs on sign-in for nothing.
  it("carries only the texts a first screen can show before the full catalogues arrive", () => {
    const sources = beforeFullCatalogues()
      .filter((m) => !m.startsWith("client/i18n/") && /\.tsx?$/.test(m))
      .map((m) => readFileSync(join(ROOT, m), "utf8"))
      .join("\n");
    expect(sources).toContain('"auth.signIn.submit"');
    // The API's messages and the fields' validation texts (`message.*`) are first texts by rule: any form, sign-in's too, may show one.
    const unused = Object.keys(enUSFirst).filter((key) => !key.startsWith("message.") && !sources.includes(`"${key.replace(/_(one|other)$/, "")}"`));
    expect(unused).toEqual([]);
  });
});
