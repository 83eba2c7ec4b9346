import { Hono } from "hono";
import { IdParam, TeamBody, TeamDto, TeamList } from "../../contract/team";
import { teamsOf } from "../data/teams";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";

/**
 * Teams of the acting account by department (Profile → Teams): at least one
 * team per department, so a department's last team cannot be deleted.
 * Members read; owners and admins create, rename and delete.
 */
export const teamsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a member, or not an owner or admin" });

endpoint(
  teamsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/teams",
    summary: "Teams of the acting account, by department",
    tags: ["team"],
    auth: "account",
    responses: { 200: { description: "The teams", schema: TeamList }, ...errors },
  },
  async (c, _input, scope) => c.json({ items: await teamsOf(c.get("db"), scope).list() }),
);

endpoint(
  teamsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/teams",
    summary: "Create a team",
    tags: ["team"],
    auth: "accountAdmin",
    body: TeamBody,
    responses: { 201: { description: "The team", schema: TeamDto }, ...errors },
  },
  async (c, { body }, scope) => c.json(await teamsOf(c.get("db"), scope).create(body), 201),
);

endpoint(
  teamsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/teams/{id}",
    summary: "Rename a team or move it to another department",
    tags: ["team"],
    auth: "accountAdmin",
    params: IdParam,
    body: TeamBody,
    responses: {
      200: { description: "The team", schema: TeamDto },
      ...errors,
      ...errorResponses({ 404: "No such team in this account", 409: "It is its department's last team" }),
    },
  },
  async (c, { params, body }, scope) => c.json(await teamsOf(c.get("db"), scope).edit(params.id, body)),
);

endpoint(
  teamsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/teams/{id}",
    summary: "Delete a team (not its department's last)",
    tags: ["team"],
    auth: "accountAdmin",
    params: IdParam,
    responses: {
      204: { description: "Deleted" },
      ...errors,
      ...errorResponses({ 404: "No such team in this account", 409: "It is its department's last team" }),
    },
  },
  async (c, { params }, scope) => {
    await teamsOf(c.get("db"), scope).remove(params.id);
    return c.body(null, 204);
  },
);
