import { ErrorEnvelope } from "../../contract/errors";

type ErrorStatus = 403 | 404 | 409 | 413 | 415 | 429;

/**
 * The error answers an endpoint declares for its OpenAPI document: always 400
 * (invalid input, with the fields that failed) and 401 (no or bad token),
 * plus the ones given, each with its description, all in the one envelope.
 */
type ErrorResponse = { description: string; schema: typeof ErrorEnvelope };

export function errorResponses(more: Partial<Record<ErrorStatus, string>> = {}): Record<number, ErrorResponse> & Record<400 | 401, ErrorResponse> {
  const out: Record<number, ErrorResponse> & Record<400 | 401, ErrorResponse> = {
    400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
    401: { description: "No or bad token", schema: ErrorEnvelope },
  };
  for (const [status, description] of Object.entries(more)) out[Number(status)] = { description, schema: ErrorEnvelope };
  return out;
}
