import { Hono } from "hono";
import { GroupIdParam, PriceGroupBody, PriceGroupDto } from "../../contract/groups";
import { priceGroupsOf } from "../data/price-groups";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";

/** A partner's customer price groups (owners and admins): pricing lines and visibility conditions name them. */
export const priceGroupsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner owner or admin" });
const missing = errorResponses({ 404: "Absent or another partner's" });

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/price-groups",
    summary: "The partner's price groups, by name",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The groups", schema: PriceGroupDto.array() }, ...errors },
  },
  async (c, _input, scope) => c.json(await priceGroupsOf(c.get("db"), scope).list()),
);

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/price-groups",
    summary: "Create a price group",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    body: PriceGroupBody,
    responses: { 201: { description: "The group", schema: PriceGroupDto }, ...errors },
  },
  async (c, { body }, scope) => c.json(await priceGroupsOf(c.get("db"), scope).create(body), 201),
);

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/price-groups/{id}",
    summary: "Update a price group",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    body: PriceGroupBody,
    responses: { 200: { description: "The group", schema: PriceGroupDto }, ...errors, ...missing },
  },
  async (c, { params, body }, scope) => c.json(await priceGroupsOf(c.get("db"), scope).edit(params.id, body)),
);

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/price-groups/{id}",
    summary: "Delete a price group (its customers leave it; its pricing lines go with it)",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    responses: { 204: { description: "Deleted" }, ...errors, ...missing },
  },
  async (c, { params }, scope) => {
    await priceGroupsOf(c.get("db"), scope).remove(params.id);
    return c.body(null, 204);
  },
);
