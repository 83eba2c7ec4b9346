/**
 * Teams of the acting account by department. Every department keeps at least
 * one team, so a department's last team can be neither deleted nor moved away.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { TEAM_MESSAGES, type TeamDto } from "../../contract/team";
import { teamMemberships, teams } from "../../db/schema";
import type { Db } from "../env";
import type { AccountScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { theRow } from "./query";

type TeamIn = { name: string; department: TeamDto["department"] };

export function teamsOf(db: Db, scope: AccountScope) {
  const accountId = scope.account.id;

  async function list(id?: string): Promise<TeamDto[]> {
    return db
      .select({ id: teams.id, name: teams.name, department: teams.department, memberCount: count(teamMemberships.id) })
      .from(teams)
      .leftJoin(teamMemberships, eq(teamMemberships.teamId, teams.id))
      .where(id ? and(eq(teams.accountId, accountId), eq(teams.id, id)) : eq(teams.accountId, accountId))
      .groupBy(teams.id)
      .orderBy(asc(teams.department), asc(teams.name));
  }

  /** A name already used by another team of the account: 400 on `name` ("Value already exists"). */
  async function assertNameFree(name: string, exceptId?: string) {
    const clash = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.accountId, accountId), eq(teams.name, name), exceptId ? ne(teams.id, exceptId) : undefined))
      .limit(1);
    if (clash[0]) throw invalid({ name: "Value already exists" });
  }

  async function assertNotLast(department: TeamDto["department"]) {
    const [counted] = await db
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.accountId, accountId), eq(teams.department, department)));
    if ((counted?.n ?? 0) <= 1) throw lastTeam();
  }

  /** Held inside the write itself, so two removals at once cannot both take a department's last teams. */
  const othersInDepartment = (department: TeamDto["department"]) =>
    sql`(SELECT count(*) FROM ${teams} others WHERE others.account_id = ${accountId} AND others.department = ${department}) > 1`;
  const lastTeam = () => conflict(TEAM_MESSAGES.lastTeamInDepartment, { department: TEAM_MESSAGES.lastTeamInDepartment });

  async function stored(id: string) {
    const found = await db
      .select()
      .from(teams)
      .where(and(eq(teams.id, id), eq(teams.accountId, accountId)))
      .limit(1);
    const [team] = found;
    if (!team) throw notFound("Team not found");
    return team;
  }

  return {
    list: () => list(),
    async create(body: TeamIn): Promise<TeamDto> {
      await assertNameFree(body.name);
      const id = crypto.randomUUID();
      await db.insert(teams).values({ id, accountId, name: body.name, department: body.department });
      return theRow(await list(id), "created team");
    },
    async edit(id: string, body: TeamIn): Promise<TeamDto> {
      const team = await stored(id);
      await assertNameFree(body.name, team.id);
      const moving = body.department !== team.department;
      if (moving) await assertNotLast(team.department);
      const updated = await db
        .update(teams)
        .set({ name: body.name, department: body.department })
        .where(and(eq(teams.id, team.id), eq(teams.accountId, accountId), moving ? othersInDepartment(team.department) : undefined))
        .returning({ id: teams.id });
      if (!updated.length) throw lastTeam();
      return theRow(await list(team.id), "updated team");
    },
    async remove(id: string): Promise<void> {
      const team = await stored(id);
      await assertNotLast(team.department);
      const deleted = await db
        .delete(teams)
        .where(and(eq(teams.id, team.id), eq(teams.accountId, accountId), othersInDepartment(team.department)))
        .returning({ id: teams.id });
      if (!deleted.length) throw lastTeam();
    },
  };
}
