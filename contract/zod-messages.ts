/**
 * The product's own words for every kind of issue zod can raise, wherever a
 * schema names no message of its own, in the API's error envelope and in the
 * client's forms alike: "Required" for a missing value (SPEC §5), and a clear
 * text of contract/messages.ts for a value of the wrong kind, an option that
 * is not offered, a length or size out of range, a malformed email, link, id
 * or date, and a field the schema does not take — never zod's defaults
 * ("Invalid option: expected one of …", "Invalid input: expected string").
 * A field's own message (`{ error: … }`) still wins; a schema need not name
 * "Required" itself (doing so would call a wrong value missing).
 */
import { z } from "zod";
import { fillMessage, MESSAGES, type MessageKey } from "./messages";

type Issue = z.core.$ZodRawIssue;

const TYPE_MESSAGE: Partial<Record<string, MessageKey>> = {
  string: "notText",
  number: "notNumber",
  int: "notWholeNumber",
  bigint: "notWholeNumber",
  boolean: "invalidBoolean",
  array: "notList",
  tuple: "notList",
  set: "notList",
  date: "invalidDate",
};

const FORMAT_MESSAGE: Partial<Record<string, MessageKey>> = {
  email: "invalidEmail",
  url: "invalidUrl",
  uuid: "invalidUuid",
  guid: "invalidUuid",
  date: "invalidDate",
  datetime: "invalidDateTime",
  time: "invalidTime",
};

/** A bound as a reader would write it: a number as is, a date as its day. */
function bound(value: unknown): string | number {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === "number" ? value : String(value);
}

const LISTS = new Set(["array", "set", "file"]);

function sizeMessage(issue: Issue & { origin?: string; inclusive?: boolean }, side: "minimum" | "maximum"): string {
  const limit = bound((issue as Record<string, unknown>)[side]);
  const origin = issue.origin ?? "";
  if (origin === "string") {
    if (side === "minimum" && limit === 1) return MESSAGES.required;
    return fillMessage(side === "minimum" ? "tooShort" : "tooLong", { [side]: limit });
  }
  if (LISTS.has(origin)) {
    if (side === "minimum" && limit === 1) return MESSAGES.noItems;
    return fillMessage(side === "minimum" ? "tooFewItems" : "tooManyItems", { [side]: limit });
  }
  const inclusive = issue.inclusive !== false;
  if (side === "minimum") return fillMessage(inclusive ? "atLeast" : "moreThan", { minimum: limit });
  return fillMessage(inclusive ? "atMost" : "lessThan", { maximum: limit });
}

/** Nothing given: absent, null, or an empty text (a select or number field left empty). */
const missing = (input: unknown) => input === undefined || input === null || input === "";

/** The product's text for one issue (exported for the unit test of every kind). */
export function productMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (missing(issue.input)) return MESSAGES.required;
      return MESSAGES[TYPE_MESSAGE[issue.expected] ?? "notAccepted"];
    case "invalid_value":
      return missing(issue.input) ? MESSAGES.required : MESSAGES.chooseOption;
    case "too_small":
      return sizeMessage(issue, "minimum");
    case "too_big":
      return sizeMessage(issue, "maximum");
    case "invalid_format":
      return MESSAGES[FORMAT_MESSAGE[issue.format] ?? "invalidFormat"];
    case "not_multiple_of":
      return fillMessage("notMultipleOf", { divisor: bound(issue.divisor) });
    case "unrecognized_keys":
      return MESSAGES.unknownField;
    default:
      // invalid_union, invalid_key, invalid_element, and a refinement that names no message.
      return MESSAGES.notAccepted;
  }
}

z.config({ customError: productMessage });
