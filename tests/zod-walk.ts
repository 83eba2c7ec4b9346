/**
 * Walks a zod schema and every schema inside it, parses each with values of
 * every wrong kind, and answers the messages the issues carry (as the API's
 * envelope would name them, through fieldsFromIssues). Used to show that
 * no zod default text reaches a response or a form.
 */
import type { z } from "zod";
import { fieldsFromIssues } from "../contract/errors";

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | null => (schema as { _zod?: { def?: Def } })?._zod?.def ?? null;

/** Every schema reachable from `root` (each once). */
export function schemasWithin(root: unknown, seen = new Set<unknown>()): z.ZodType[] {
  const def = defOf(root);
  if (!def || seen.has(root)) return [];
  seen.add(root);
  const out: z.ZodType[] = [root as z.ZodType];
  const visit = (child: unknown) => out.push(...schemasWithin(child, seen));
  for (const key of ["innerType", "in", "out", "element", "keyType", "valueType", "left", "right", "rest"]) if (def[key]) visit(def[key]);
  if (def.shape) for (const child of Object.values(def.shape as Record<string, unknown>)) visit(child);
  if (Array.isArray(def.options)) def.options.forEach(visit);
  if (Array.isArray(def.items)) def.items.forEach(visit);
  if (typeof def.getter === "function") {
    try {
      visit((def.getter as () => unknown)());
    } catch {
      /* a lazy schema not yet defined */
    }
  }
  return out;
}

/** Values of every wrong kind: absent, null, wrong types, an option that is not one, out-of-range sizes, malformed formats, unknown keys. */
export const BAD_VALUES: unknown[] = [
  undefined,
  null,
  42,
  -1e15,
  1e15,
  1.5,
  Number.NaN,
  "",
  "XXX",
  "not-an-email@",
  "2026-13-45",
  "x".repeat(100_001),
  true,
  [],
  Array.from({ length: 1001 }, () => "XXX"),
  {},
  { zzNotAField: 1 },
];

/** The messages every schema within `root` answers for every bad value, with where they came from. */
export function messagesFor(root: unknown): { where: string; message: string }[] {
  const out: { where: string; message: string }[] = [];
  for (const schema of schemasWithin(root)) {
    for (const value of BAD_VALUES) {
      let result: ReturnType<z.ZodType["safeParse"]>;
      try {
        result = schema.safeParse(value);
      } catch {
        continue; // a transform that refuses by throwing is not an issue text
      }
      if (result.success) continue;
      for (const [path, message] of Object.entries(fieldsFromIssues(result.error.issues))) {
        out.push({ where: `${defOf(schema)?.type} ← ${JSON.stringify(value)?.slice(0, 40)} at ${path}`, message });
      }
    }
  }
  return out;
}

/** zod's own words, which must never reach a reader ("Invalid email address" is also the invite form's own text, SPEC §5, so a malformed email is checked on its own). */
export const ZOD_DEFAULT =
  /Invalid option|Invalid input|Invalid string|Invalid element|Invalid key|Invalid URL|Invalid UUID|Invalid ISO|Invalid (?:GUID|IPv|base64)|[Ee]xpected|[Rr]eceived|Too small|Too big|Unrecognized key/;
