import { Hono } from "hono";
import { CreateWorkoutBody, LibraryStatusBody, UpdateWorkoutBody, WorkoutDto, WorkoutIdParam } from "../../contract/workouts";
import { addToLibrary, libraryWorkout, setLibraryStatus } from "../data/library";
import { createWorkout, updateWorkout } from "../data/workout-writes";
import type { AppEnv } from "../env";
import { publishLater } from "../flows/queue";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";

/**
 * Authoring a workout of the partner's library: create it (a draft with a
 * first variant), read it with every section, update sections (the author
 * only), move its library status, and add another partner's listed workout.
 */
export const workoutsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner owner or admin, or not the author", 404: "Absent, or not in the caller's library" });

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts",
    summary: "Create a workout (draft in the caller's library) with a first variant",
    tags: ["workouts"],
    auth: "partnerAdmin",
    body: CreateWorkoutBody,
    responses: { 201: { description: "The workout", schema: WorkoutDto }, ...errors, ...errorResponses({ 409: "SKU already used" }) },
  },
  async (c, { body }, scope) => {
    const db = c.get("db");
    const id = await createWorkout(db, c.get("directory"), scope, body);
    // Listed (or later listed) workouts reach the directory's catalogue through the queue.
    await publishLater(c.env, c.get("shard").name, id);
    return c.json(await libraryWorkout(db, scope, id), 201);
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/{id}",
    summary: "A workout of the caller's library, with every section",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 200: { description: "The workout", schema: WorkoutDto }, ...errors },
  },
  async (c, { params }, scope) => c.json(await libraryWorkout(c.get("db"), scope, params.id)),
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/workouts/{id}",
    summary: "Update sections of a workout (author only); each section given replaces the stored one",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    body: UpdateWorkoutBody,
    responses: { 200: { description: "The workout", schema: WorkoutDto }, ...errors, ...errorResponses({ 409: "SKU already used" }) },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    await updateWorkout(db, c.get("directory"), scope, params.id, body);
    await publishLater(c.env, c.get("shard").name, params.id);
    return c.json(await libraryWorkout(db, scope, params.id));
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/status",
    summary: "Change the workout's status in the caller's library (draft → complete → available → archived → draft)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    body: LibraryStatusBody,
    responses: { 200: { description: "The workout", schema: WorkoutDto }, ...errors, ...errorResponses({ 409: "Not an allowed change" }) },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    await setLibraryStatus(db, scope, params.id, body.status);
    return c.json(await libraryWorkout(db, scope, params.id));
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/library",
    summary: "Add another partner's listed workout to the caller's library (as a draft)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 201: { description: "The workout", schema: WorkoutDto }, ...errors, ...errorResponses({ 409: "Already in the library" }) },
  },
  async (c, { params }, scope) => {
    const db = c.get("db");
    await addToLibrary(c.get("directory"), db, scope, c.get("shard").name, params.id);
    return c.json(await libraryWorkout(db, scope, params.id), 201);
  },
);
