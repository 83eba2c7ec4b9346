import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { MESSAGES } from "../../contract/messages";
// Every form speaks the product's words for every kind of issue (a value left out says "Required"), as the API does.
import "../../contract/zod-messages";
import { TEAM_MESSAGES } from "../../contract/team";
import { toastMessage } from "../components/ui/toast-store";

/** Every message in a react-hook-form error tree (nested objects and arrays included). */
export function errorMessages(errors: unknown): string[] {
  if (typeof errors === "string") return errors ? [errors] : [];
  if (!errors || typeof errors !== "object") return [];
  const out: string[] = [];
  const { message } = errors as { message?: unknown };
  if (typeof message === "string" && message) out.push(message);
  for (const [key, value] of Object.entries(errors)) if (key !== "message" && key !== "ref" && key !== "type") out.push(...errorMessages(value));
  return out;
}

/** Messages that say something was left empty (a required value, or a list with nothing in it): they raise "Missing Fields". */
const REQUIRED = new Set<string>([
  MESSAGES.required,
  "form.requiredField",
  MESSAGES.noItems,
  MESSAGES.featuredGroupNeedsWorkout,
  MESSAGES.atLeastOneRow,
  TEAM_MESSAGES.inviteAtLeastOne,
]);

/**
 * Which toast an invalid form raises: "Missing Fields" only when something
 * required is empty; otherwise the fields hold values that are wrong, and
 * the toast sends the eye to them, where each says what is wrong. Neither
 * says "try again later": nothing failed that waiting would fix.
 */
export function invalidFormToastKey(errors: unknown): "toast.missingFields" | "toast.checkFields" {
  return errorMessages(errors).some((m) => REQUIRED.has(m)) ? "toast.missingFields" : "toast.checkFields";
}

/** Raises the toast of an invalid form (see invalidFormToastKey). */
export function toastInvalidForm(errors: unknown): void {
  toastMessage(invalidFormToastKey(errors), { variant: "error" });
}

/**
 * Puts field errors (a server's `error.fields`, or zod issues through
 * fieldsFromIssues) on a react-hook-form form by their dotted paths, which
 * are the form's own; `strip` drops a prefix the form does not have.
 * Answers whether any was set.
 */
export function setFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string>, strip?: RegExp): boolean {
  let any = false;
  for (const [path, message] of Object.entries(fields)) {
    setError((strip ? path.replace(strip, "") : path) as Path<T>, { message });
    any = true;
  }
  return any;
}

/**
 * The message at a dotted path of a form's errors: a field's, or a list's own
 * (the resolver puts a list's message under `root` when its rows have fields).
 */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const error: unknown = get(errors, path);
  if (!error || typeof error !== "object") return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  const text = typeof message === "string" && message ? message : root?.message;
  return typeof text === "string" && text ? text : undefined;
}

/**
 * A form's schema for a contract body the form holds in its own way (text
 * for numbers, "" for none, rows with keys): the values become the body by
 * `toBody`, and the contract's schema checks that. The body's field paths
 * are the form's, so each issue lands at its control, and a valid submit
 * hands on the contract's parsed output.
 */
export function bodySchema<V, S extends z.ZodType>(toBody: (values: V) => unknown, schema: S) {
  return z.custom<V>().transform(toBody).pipe(schema);
}

/**
 * A contract's input as a form's controls hold it, derived from the schema's
 * type rather than copied: every field present; text, numbers, enumerations
 * and ids as their input's text ("" for none, turned back into the contract's
 * value on save); booleans as checkboxes; dates (`…Date`, `availableFrom`,
 * `availableTo`) as a date picker's value, null for none; lists of rows row
 * by row, lists of values as strings.
 */
export type FormValues<T> = { [K in keyof T]-?: FormValue<T[K], K> };
type DateKey = `${string}Date` | "availableFrom" | "availableTo";
type FormValue<V, K> = K extends DateKey
  ? string | null
  : unknown extends V
    ? string // a coerced number: its input is any text
    : NonNullable<V> extends boolean
      ? boolean
      : NonNullable<V> extends readonly (infer R)[]
        ? R extends object
          ? FormValues<R>[]
          : string[]
        : NonNullable<V> extends object
          ? FormValues<NonNullable<V>>
          : string;
