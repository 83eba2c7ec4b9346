import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { STATUS_OF, type ErrorCode, type ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import { MOVING_MESSAGE, MOVING_RETRY_SECONDS } from "../domain/shard-move";
import type { AppEnv } from "../env";

/** A failure with a place in the one error envelope, `{ error: { code, message, fields } }`. Throw it from any handler. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A refusal that passes with time (429): in how many seconds to try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get status() {
    return STATUS_OF[this.code];
  }
}

export const invalid = (fields: Record<string, string>, message: string = MESSAGES.checkFields) => new ApiError("invalid_input", message, fields);
export const notFound = (what = "Not found") => new ApiError("not_found", what);
export const unauthenticated = () => new ApiError("unauthenticated", "Sign in to continue");
export const forbidden = (why = "You are not allowed to do this") => new ApiError("forbidden", why);
export const conflict = (why: string, fields?: Record<string, string>) => new ApiError("conflict", why, fields);
/** A write refused while a partner it reaches moves to another shard (503, Retry-After; docs/decisions/2026-11-27-moving-a-partner.md). */
export const paused = () => new ApiError("unavailable", MOVING_MESSAGE, undefined, MOVING_RETRY_SECONDS);

export function errorResponse(c: Context<AppEnv>, err: ApiError) {
  const body: ErrorEnvelope = {
    error: { code: err.code, message: err.message, requestId: c.get("requestId") },
  };
  if (err.fields) body.error.fields = err.fields;
  if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
  return c.json(body, err.status as 400);
}

/** app.onError: known failures keep their status; anything else is a 500 with nothing internal in it. */
export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    const code = (Object.entries(STATUS_OF).find(([, s]) => s === err.status)?.[0] ?? "invalid_input") as ErrorCode;
    return errorResponse(c, new ApiError(code, err.message || "Request refused"));
  }
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: err.message, stack: err.stack }));
  return errorResponse(c, new ApiError("internal", "Something went wrong"));
}
