import { Hono } from "hono";
import { FeaturedGroupBody, FeaturedGroupDto, GroupIdParam } from "../../contract/groups";
import { featuredGroupsOf } from "../data/featured-groups";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";

/** A partner's featured groups of workouts (owners and admins). */
export const featuredGroupsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner owner or admin" });
const missing = errorResponses({ 404: "Absent or another partner's" });

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/featured-groups",
    summary: "The partner's featured groups with their ordered items",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The groups", schema: FeaturedGroupDto.array() }, ...errors },
  },
  async (c, _input, scope) => c.json(await featuredGroupsOf(c.get("db"), scope).list()),
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/featured-groups/{id}",
    summary: "One featured group",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    responses: { 200: { description: "The group", schema: FeaturedGroupDto }, ...errors, ...missing },
  },
  async (c, { params }, scope) => c.json(await featuredGroupsOf(c.get("db"), scope).get(params.id)),
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/featured-groups",
    summary: "Create a featured group (at least one workout)",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    body: FeaturedGroupBody,
    responses: { 201: { description: "The group", schema: FeaturedGroupDto }, ...errors },
  },
  async (c, { body }, scope) => c.json(await featuredGroupsOf(c.get("db"), scope).create(body), 201),
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/featured-groups/{id}",
    summary: "Update a featured group: details, dates and the ordered items",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    body: FeaturedGroupBody,
    responses: { 200: { description: "The group", schema: FeaturedGroupDto }, ...errors, ...missing },
  },
  async (c, { params, body }, scope) => c.json(await featuredGroupsOf(c.get("db"), scope).edit(params.id, body)),
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/featured-groups/{id}",
    summary: "Delete a featured group",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    responses: { 204: { description: "Deleted" }, ...errors, ...missing },
  },
  async (c, { params }, scope) => {
    await featuredGroupsOf(c.get("db"), scope).remove(params.id);
    return c.body(null, 204);
  },
);
