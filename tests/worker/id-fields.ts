/**
 * The fields of an endpoint's body, query or multipart `data` that name a
 * record: a key `id`, `ids`, `…Id` or `…Ids`, or any string checked as a UUID,
 * found by walking the zod schemas the endpoint declares (the same objects
 * that parse its input), through objects, arrays, unions, intersections,
 * optionals, defaults and transforms.
 *
 * A field is named by where it sits: `body.workoutId`,
 * `body.sessions[].slotId`, `body.rows[].slots[].workoutIds`, `query.variantId`
 * (an array of ids by the array's own name).
 */
import type { z } from "zod";
import type { RegisteredEndpoint } from "../../worker/http/endpoint";

const ID_KEY = /^ids?$|[a-z0-9](Id|Ids)$/;

type Def = {
  type: string;
  format?: string;
  checks?: { _zod: { def: { format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isUuid = (def: Def) => def.type === "string" && (def.format === "uuid" || (def.checks ?? []).some((c) => c._zod.def.format === "uuid"));

/** Adds the id fields of `schema` (at `at`) to `found`; `open` holds the schemas being walked above it (a recursive schema is walked once). */
function walk(schema: z.ZodType | undefined, at: string, found: Set<string>, open: Set<z.ZodType>) {
  if (!schema || open.has(schema)) return;
  open.add(schema);
  walkDef(defOf(schema), at, found, open);
  open.delete(schema);
}

function walkDef(def: Def, at: string, found: Set<string>, open: Set<z.ZodType>) {
  if (isUuid(def)) found.add(at.replace(/(\[\])+$/, ""));
  const next = (child: z.ZodType | null | undefined, where = at) => walk(child ?? undefined, where, found, open);
  switch (def.type) {
    case "object":
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        if (ID_KEY.test(key)) found.add(`${at}.${key}`);
        next(child, `${at}.${key}`);
      }
      return;
    case "array":
      return next(def.element, `${at}[]`);
    case "record":
      return next(def.valueType, `${at}{}`);
    case "tuple":
      for (const item of def.items ?? []) next(item, `${at}[]`);
      return next(def.rest, `${at}[]`);
    case "union":
      for (const option of def.options ?? []) next(option);
      return;
    case "intersection":
      next(def.left);
      return next(def.right);
    case "pipe":
      next(def.in);
      return next(def.out);
    case "lazy":
      return next(def.getter?.());
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional: the schema they wrap.
      return next(def.innerType);
  }
}

/** The fields of `e`'s body, query and multipart data that name a record, e.g. `["body.workoutId", "body.sessions[].slotId"]`. */
export function idFields(e: RegisteredEndpoint): string[] {
  const found = new Set<string>();
  walk(e.body, "body", found, new Set());
  walk(e.query, "query", found, new Set());
  walk(e.form?.data, "form", found, new Set());
  return [...found].sort();
}

/**
 * Whether an error's field key (`sessions.0.slotId`, `workoutIds.1`) is the
 * walk's field (`body.sessions[].slotId`, `body.workoutIds`): the same names
 * once positions are left out.
 */
export function namesField(errorKey: string, field: string): boolean {
  const names = (path: string) => path.split(".").filter((part) => part !== "" && !/^\d+$/.test(part));
  return names(errorKey).join(".") === names(field.replace(/^(body|query|form)\./, "").replace(/\[\]|\{\}/g, "")).join(".");
}
