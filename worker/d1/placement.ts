import { getTableName, is, Table } from "drizzle-orm";
import * as schema from "../../db/schema";

/**
 * Where each table lives once partners' data is on shards
 * (docs/decisions/2026-11-26-shard-placement.md, with the reasons):
 * - "directory": global, one copy (the DB binding): identity, users, partners'
 *   look and domains, invites by address, the assessment bank;
 * - "shard": partner-scoped, in the shard of the partner it belongs to (a
 *   customer's rows in its partner's shard);
 * - "both": the directory holds the record of every row, the shards a copy.
 *   accounts: the directory keeps each account's routing row (type, name,
 *   partner, identity organisation, TAN; a partner's shard and region), the
 *   index that routes X-Account-Id; the shard keeps its partners' accounts in
 *   full. users: the directory keeps every user; a shard keeps a copy of the
 *   users of its accounts, so its foreign keys and name look-ups stay local.
 *   stylings, custom_domains: the directory's rows are the source (a host's
 *   look and partner); the partner's shard keeps a copy, so the mail written
 *   there (in the batch of the change it tells about) wears the partner's brand.
 * A new table is placed here, or the unit test that lists db/schema fails.
 */
export type Placement = "directory" | "shard" | "both";

export const PLACEMENT = {
  // Identity: the embedded provider's tables; the product's user of each identity (a user spans partners) is in both.
  auth_users: "directory",
  auth_sessions: "directory",
  auth_accounts: "directory",
  auth_verifications: "directory",
  auth_organizations: "directory",
  auth_members: "directory",
  auth_invitations: "directory",
  auth_jwks: "directory",
  auth_rate_limits: "directory",
  users: "both",
  // Partners and routing: the partner record and account → partner index (accounts), host → partner, the look a host wears.
  accounts: "both",
  // The partner's look and connected domains: the directory's rows are the source; its shard keeps a copy for the mail written there.
  custom_domains: "both",
  stylings: "both",
  // Pending invites, found by address before the invitee has any account.
  invites: "directory",
  // The product's assessment bank (and a partner's replacement questions).
  assessment_questions: "directory",
  // The published catalogue: a versioned copy of each listed workout, whatever shard its author is on.
  published_workouts: "directory",
  // Where the cron's table-wide sweeps stopped, one row per sweep and shard (worker/data/inactive-members.ts).
  sweep_cursors: "directory",
  // Which partners deliver which partners' workouts: the shards a delivering partner's settings read.
  delivery_index: "directory",
  // Flow steps kept in a request's first batch when that batch is the directory's (worker/flows/kept.ts).
  directory_steps: "directory",
  // Everything of one partner and its customers.
  account_users: "shard",
  teams: "shard",
  team_memberships: "shard",
  price_groups: "shard",
  featured_groups: "shard",
  featured_group_items: "shard",
  homepage_rows: "shard",
  homepage_slots: "shard",
  workouts: "shard",
  library_entries: "shard",
  workout_variants: "shard",
  workout_sessions: "shard",
  session_action_items: "shard",
  session_attachments: "shard",
  prerequisites: "shard",
  pricing_lines: "shard",
  delivery_partners: "shard",
  reviews: "shard",
  slots: "shard",
  slot_holds: "shard",
  // A delivering partner's booked times, on its own shard whatever the job's.
  time_claims: "shard",
  availability_schedules: "shard",
  jobs: "shard",
  job_lines: "shard",
  job_action_items: "shard",
  job_artifacts: "shard",
  job_attendees: "shard",
  job_attendance: "shard",
  plans: "shard",
  plan_entries: "shard",
  credit_entries: "shard",
  credit_lines: "shard",
  saved_items: "shard",
  assessments: "shard",
  scores: "shard",
  score_entries: "shard",
  audit_entries: "shard",
  mail_outbox: "shard",
  mail_reminders: "shard",
  // Flow steps kept until they succeed, on the shard of the state they repair (worker/flows/kept.ts).
  flow_steps: "shard",
} as const satisfies Record<string, Placement>;

export type TableName = keyof typeof PLACEMENT;

/** Every table db/schema declares, by its SQL name. */
export function schemaTables(): string[] {
  return (Object.values(schema) as unknown[]).flatMap((value) => (is(value, Table) ? [getTableName(value)] : [])).sort();
}

/** Where a table lives (by the drizzle table or its SQL name); undefined for a table not placed yet. */
export function placementOf(table: Table | string): Placement | undefined {
  const name = typeof table === "string" ? table : getTableName(table);
  return (PLACEMENT as Record<string, Placement>)[name];
}
