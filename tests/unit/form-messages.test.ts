import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser's forms speak the product's words for every kind of issue, a
 * value left out saying "Required", as the API does: the error map of
 * contract/zod-messages.ts is installed by importing it, which the server does
 * once and the client's lazily loaded screens do through client/lib/forms.ts.
 * A form checked by zod (`zodResolver(`) in a module that loads neither would
 * show zod's own English, so every such module imports one of them.
 */
const ROOT = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Whether a module's own imports install the product's error map (lib/forms, or the map itself), not by type only. */
export const installsMessages = (source: string) => /^import\s+(?!type\b)(?:[^;]*?from\s+)?"[./]*(?:lib\/forms|contract\/zod-messages)"/m.test(source);

describe("the product's validation texts in the browser", () => {
  it("tells an installing import from one that is not", () => {
    expect(installsMessages(`import { setFieldErrors } from "../../lib/forms";`)).toBe(true);
    expect(installsMessages(`import "../../../contract/zod-messages";`)).toBe(true);
    expect(installsMessages(`import type { FormValues } from "../../lib/forms";`)).toBe(false);
    expect(installsMessages(`import { zodResolver } from "@hookform/resolvers/zod";`)).toBe(false);
  });

  it("every client module that checks a form with zod installs them", () => {
    const forms = files(join(ROOT, "client")).filter((f) => readFileSync(f, "utf8").includes("zodResolver("));
    expect(forms.length).toBeGreaterThan(10);
    const missing = forms.filter((f) => !installsMessages(readFileSync(f, "utf8"))).map((f) => relative(ROOT, f));
    expect(missing).toEqual([]);
  });
});
