import { and, asc, count, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { IdParam, TEAM_MESSAGES, TeamBody, TeamDto, TeamList } from "../../contract/team";
import { teamMemberships, teams } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { requireAccount, requireAccountAdmin } from "../identity/context";

/**
 * Teams of the acting account by department (Profile → Teams;
 * at least one team per department, so a department's last team cannot be
 * deleted). Members read; owners and admins create, rename and delete.
 */
export const teamsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a member, or not an owner or admin", schema: ErrorEnvelope },
};

async function teamDtos(c: Parameters<typeof requireAccount>[0], accountId: string, id?: string): Promise<TeamDto[]> {
  const rows = await c
    .get("db")
    .select({ id: teams.id, name: teams.name, department: teams.department, memberCount: count(teamMemberships.id) })
    .from(teams)
    .leftJoin(teamMemberships, eq(teamMemberships.teamId, teams.id))
    .where(id ? and(eq(teams.accountId, accountId), eq(teams.id, id)) : eq(teams.accountId, accountId))
    .groupBy(teams.id)
    .orderBy(asc(teams.department), asc(teams.name));
  return rows;
}

/** A name already used by another team of the account: 400 on `name` ("Value already exists"). */
async function assertNameFree(c: Parameters<typeof requireAccount>[0], accountId: string, name: string, exceptId?: string) {
  const clash = await c
    .get("db")
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.name, name), exceptId ? ne(teams.id, exceptId) : undefined))
    .limit(1);
  if (clash[0]) throw invalid({ name: "Value already exists" });
}

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
  async (c) => {
    const acting = await requireAccount(c);
    return c.json({ items: await teamDtos(c, acting.account.id) });
  },
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
  async (c, { body }) => {
    const acting = await requireAccountAdmin(c);
    await assertNameFree(c, acting.account.id, body.name);
    const id = crypto.randomUUID();
    await c.get("db").insert(teams).values({ id, accountId: acting.account.id, name: body.name, department: body.department });
    return c.json((await teamDtos(c, acting.account.id, id))[0], 201);
  },
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
      404: { description: "No such team in this account", schema: ErrorEnvelope },
      409: { description: "It is its department's last team", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }) => {
    const acting = await requireAccountAdmin(c);
    const db = c.get("db");
    const found = await db.select().from(teams).where(and(eq(teams.id, params.id), eq(teams.accountId, acting.account.id))).limit(1);
    const team = found[0];
    if (!team) throw notFound("Team not found");
    await assertNameFree(c, acting.account.id, body.name, team.id);
    if (body.department !== team.department) await assertNotLast(c, acting.account.id, team.department);
    await db.update(teams).set({ name: body.name, department: body.department }).where(eq(teams.id, team.id));
    return c.json((await teamDtos(c, acting.account.id, team.id))[0]);
  },
);

async function assertNotLast(c: Parameters<typeof requireAccount>[0], accountId: string, department: TeamDto["department"]) {
  const [{ n }] = await c
    .get("db")
    .select({ n: count() })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.department, department)));
  if (n <= 1) throw conflict(TEAM_MESSAGES.lastTeamInDepartment, { department: TEAM_MESSAGES.lastTeamInDepartment });
}

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
      404: { description: "No such team in this account", schema: ErrorEnvelope },
      409: { description: "It is its department's last team", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => {
    const acting = await requireAccountAdmin(c);
    const db = c.get("db");
    const found = await db.select().from(teams).where(and(eq(teams.id, params.id), eq(teams.accountId, acting.account.id))).limit(1);
    const team = found[0];
    if (!team) throw notFound("Team not found");
    await assertNotLast(c, acting.account.id, team.department);
    await db.delete(teams).where(and(eq(teams.id, team.id), eq(teams.accountId, acting.account.id)));
    return c.body(null, 204);
  },
);
