/**
 * The catalogue's "Required" for a value that is missing (absent or null)
 * wherever a schema names no message of its own, in the API's error envelope
 * and in the client's forms alike (SPEC §5: required fields show "Required"),
 * instead of zod's "Invalid input: expected string, received undefined".
 * A field's own message (`{ error: … }`) still wins; a present value of the
 * wrong kind keeps zod's words.
 */
import { z } from "zod";
import { MESSAGES } from "./messages";

z.config({
  customError: (issue) => (issue.code === "invalid_type" && (issue.input === undefined || issue.input === null) ? MESSAGES.required : undefined),
});
