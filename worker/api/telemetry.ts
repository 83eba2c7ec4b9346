import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ErrorEnvelope } from "../../contract/errors";
import { TELEMETRY_MAX_BYTES, TelemetryEvent } from "../../contract/telemetry";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { ApiError } from "../http/errors";

export const telemetry = new Hono<AppEnv>();

/**
 * The columns of a telemetry data point in the Analytics Engine dataset
 * (wrangler.toml `TELEMETRY_DATASET`), for queries through the SQL API:
 * index1 = partner id or "main"; blob1..blob10 as below; double1 = 1 (count).
 */
export const TELEMETRY_BLOBS = ["type", "name", "path", "authenticated", "userId", "accountId", "host", "language", "message", "stack"] as const;

telemetry.use(
  "/telemetry",
  bodyLimit({
    maxSize: TELEMETRY_MAX_BYTES,
    onError: () => {
      throw new ApiError("payload_too_large", "Telemetry events are at most 8 KB");
    },
  }),
);

/**
 * `POST v1/telemetry`: one page view or exception from the client,
 * written to Workers Analytics Engine. Public (page views of signed-out
 * screens count too); the var TELEMETRY = "off" drops every event after
 * validation.
 */
endpoint(
  telemetry,
  "/v1",
  {
    method: "post",
    path: "/telemetry",
    summary: "Record a page view or a client exception",
    tags: ["telemetry"],
    auth: "public",
    body: TelemetryEvent,
    responses: {
      204: { description: "Recorded (or telemetry is switched off)" },
      400: { description: "Not a telemetry event", schema: ErrorEnvelope },
      413: { description: "Body over 8 KB", schema: ErrorEnvelope },
    },
  },
  (c, { body }) => {
    const dataset = c.env.TELEMETRY_DATASET;
    if (c.env.TELEMETRY !== "off" && dataset) {
      const tenant = c.get("tenant");
      const row: Record<(typeof TELEMETRY_BLOBS)[number], string> = {
        type: body.type,
        name: body.name,
        path: body.path,
        authenticated: body.type === "pageView" ? String(body.authenticated) : "",
        userId: body.userId ?? "",
        accountId: body.accountId ?? "",
        host: tenant.host,
        language: body.language ?? "",
        message: body.type === "exception" ? body.message : "",
        stack: body.type === "exception" ? (body.stack ?? "") : "",
      };
      dataset.writeDataPoint({
        indexes: [tenant.partner?.id ?? "main"],
        blobs: TELEMETRY_BLOBS.map((k) => row[k]),
        doubles: [1],
      });
    }
    return c.body(null, 204);
  },
);
