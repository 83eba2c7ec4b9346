/**
 * Teams of an account by department, and which team members belong to them.
 * At least one team per department, so a department's last team cannot
 * be deleted (enforced by the API).
 */
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TeamType } from "../../contract/enums";
import { accounts } from "./accounts";
import { createdAt, id, timestamps } from "./columns";
import { accountUsers } from "./users";

export const teams = sqliteTable(
  "teams",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    department: text("department", { enum: TeamType }).notNull(),
    ...timestamps(),
  },
  (t) => [index("teams_account_id_department_name_idx").on(t.accountId, t.department, t.name), uniqueIndex("teams_account_id_name_uq").on(t.accountId, t.name)],
);

/** A team member's membership of a team (team member … teams). */
export const teamMemberships = sqliteTable(
  "team_memberships",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    accountUserId: text("account_user_id")
      .notNull()
      .references(() => accountUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_memberships_team_id_account_user_id_uq").on(t.teamId, t.accountUserId),
    index("team_memberships_account_id_account_user_id_idx").on(t.accountId, t.accountUserId),
  ],
);

export type Team = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;
export type TeamMembership = typeof teamMemberships.$inferSelect;
export type NewTeamMembership = typeof teamMemberships.$inferInsert;
