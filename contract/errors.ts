import { z } from "zod";
import "./zod-messages";

/** The one error envelope every failing call answers with. */
export const ErrorCode = z.enum([
  "invalid_input",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal",
  // Refused for a while (a partner moving to another shard): Retry-After says when to try again.
  "unavailable",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const STATUS_OF: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/**
 * Turns zod issues into `{ "path.to.field": "message" }`. Fields a schema
 * does not take are named one by one (`body.extra`), not as their object.
 */
export function fieldsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[]) {
  const fields: Record<string, string> = {};
  const put = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join(".") || "_";
    if (!(key in fields)) fields[key] = message;
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" && issue.keys?.length) for (const name of issue.keys) put([...issue.path, name], issue.message);
    else put(issue.path, issue.message);
  }
  return fields;
}
