import { Hono, type Context } from "hono";
import { JobLineParams } from "../../contract/bookings";
import { ErrorEnvelope } from "../../contract/errors";
import { lineCalendar } from "../data/job-calendar";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";

/** "Add to calendar": one booked session as an .ics file, for each side through its own access check. */
export const calendarApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid ids", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not an account of this side you belong to", schema: ErrorEnvelope },
  404: { description: "Absent, or another account's", schema: ErrorEnvelope },
  409: { description: "The session has no booked time", schema: ErrorEnvelope },
};

function ics(c: Context<AppEnv>, file: { filename: string; content: string }) {
  return c.body(file.content, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

endpoint(
  calendarApi,
  "/v1",
  {
    method: "get",
    path: "/bookings/{id}/lines/{lineId}/calendar",
    summary: "A booked session of the customer's booking as a calendar file (.ics)",
    tags: ["bookings"],
    auth: "customer",
    params: JobLineParams,
    responses: { 200: { description: "The session as an iCalendar event", contentType: "text/calendar" }, ...errors },
  },
  async (c, { params }, scope) => ics(c, await lineCalendar(c.get("db"), c.env, scope, "customer", params.id, params.lineId)),
);

endpoint(
  calendarApi,
  "/v1",
  {
    method: "get",
    path: "/jobs/{id}/lines/{lineId}/calendar",
    summary: "A booked session of one of the partner's jobs as a calendar file (.ics)",
    tags: ["jobs"],
    auth: "partner",
    params: JobLineParams,
    responses: { 200: { description: "The session as an iCalendar event", contentType: "text/calendar" }, ...errors },
  },
  async (c, { params }, scope) => ics(c, await lineCalendar(c.get("db"), c.env, scope, "partner", params.id, params.lineId)),
);
