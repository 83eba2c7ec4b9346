import { Hono } from "hono";
import { z } from "zod";
import { CreateSlot, DeliveredWorkout, SlotDto, SlotIdParam, SlotsQuery } from "../../contract/bookings";
import { ErrorEnvelope } from "../../contract/errors";
import { deliveredWorkouts } from "../data/delivered";
import { closeSlot, partnerSlots, publishSeries, publishSlot } from "../data/slots";
import { partnerShards } from "../tenant/scope";
import { RecurringSlots } from "../../contract/availability";
import type { AppEnv } from "../env";
import { errorResponses } from "../http/responses";
import { endpoint } from "../http/endpoint";

/** Bookable times a delivery partner publishes for a workout's sessions (calendar-based booking). */
export const slotsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner account you belong to, or (publish, close) not its owner or admin", 404: "Absent, or not this partner's" });

/** The workouts the acting partner delivers (named by account or TAN among their delivery partners), whichever shard their author is on. */
endpoint(
  slotsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/slots/workouts",
    summary: "Workouts the partner delivers, with their sessions",
    tags: ["slots"],
    auth: "partner",
    responses: { 200: { description: "Workouts", schema: z.array(DeliveredWorkout) }, ...errors },
  },
  async (c, _input, scope) => c.json(await deliveredWorkouts(c.get("db"), partnerShards(c), scope)),
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/slots",
    summary: "The partner's published times for a workout (upcoming)",
    tags: ["slots"],
    auth: "partner",
    query: SlotsQuery,
    responses: { 200: { description: "Slots", schema: z.array(SlotDto) }, ...errors },
  },
  async (c, { query }, scope) => c.json(await partnerSlots(c.get("db"), partnerShards(c), scope, query.workoutId, query.sessionId)),
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/slots",
    summary: "Publish a bookable time for a session (seats up to the workout's max attendees)",
    tags: ["slots"],
    auth: "partnerAdmin",
    body: CreateSlot,
    responses: { 201: { description: "The slot", schema: SlotDto }, ...errors },
  },
  async (c, { body }, scope) => c.json(await publishSlot(c.get("db"), partnerShards(c), scope, body), 201),
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/slots/series",
    summary: "Publish a series of times at once (e.g. every Tuesday 10:00 for 8 weeks, in a time zone)",
    tags: ["slots"],
    auth: "partnerAdmin",
    body: RecurringSlots,
    responses: { 201: { description: "The slots published", schema: z.array(SlotDto) }, ...errors },
  },
  async (c, { body }, scope) => c.json(await publishSeries(c.get("db"), partnerShards(c), scope, body), 201),
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/slots/{id}",
    summary: "Close a published time that nobody has booked",
    tags: ["slots"],
    auth: "partnerAdmin",
    params: SlotIdParam,
    responses: { 204: { description: "Closed" }, ...errors, 409: { description: "Someone has booked it", schema: ErrorEnvelope } },
  },
  async (c, { params }, scope) => {
    await closeSlot(c.get("db"), scope, params.id);
    return c.body(null, 204);
  },
);
