import { z } from "zod";
import { Language } from "./enums";

/**
 * What the client reports to `POST /v1/telemetry` (page views and
 * exceptions). Automatic route and exception tracking are off: the
 * client sends a page view after each navigation under the route's telemetry
 * name, and the global error handler sends exceptions. Strings are bounded so
 * a data point stays well inside Analytics Engine's limits.
 */
const Id = z.string().trim().min(1).max(64);

const common = {
  /** The path without query or fragment. */
  path: z.string().max(512).regex(/^\//, "Must be a path"),
  userId: Id.nullable().optional(),
  accountId: Id.nullable().optional(),
  language: z.enum(Language).optional(),
};

export const PageViewEvent = z
  .object({
    type: z.literal("pageView"),
    /** The route's telemetry name (client/app/routes.ts), e.g. "Partner Bookings". */
    name: z.string().trim().min(1).max(100),
    /** Whether the route requires a signed-in user (its requiresAuth flag). */
    authenticated: z.boolean(),
    ...common,
  })
  .meta({ id: "PageViewEvent" });

export const ExceptionEvent = z
  .object({
    type: z.literal("exception"),
    name: z.string().trim().min(1).max(100),
    message: z.string().max(1000),
    stack: z.string().max(4000).optional(),
    ...common,
  })
  .meta({ id: "ExceptionEvent" });

export const TelemetryEvent = z.discriminatedUnion("type", [PageViewEvent, ExceptionEvent]).meta({ id: "TelemetryEvent" });
export type TelemetryEvent = z.infer<typeof TelemetryEvent>;
export type PageViewEvent = z.infer<typeof PageViewEvent>;
export type ExceptionEvent = z.infer<typeof ExceptionEvent>;

/** Largest body the endpoint reads; anything bigger is refused with 413. */
export const TELEMETRY_MAX_BYTES = 8 * 1024;
