/**
 * Users of the product (one row per identity-provider user), their memberships
 * of accounts (team members) and the invitations to join an account.
 * The identity provider's own user/session/organisation tables live elsewhere.
 */
import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { InviteStatus, Language, MemberStatus, OrgRole, TeamMemberType, Theme } from "../../contract/enums";
import { accounts } from "./accounts";
import { createdAt, id, timestamps } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** The identity provider's user id. */
    authId: text("auth_id").notNull().unique(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    theme: text("theme", { enum: Theme }).notNull().default("light"),
    language: text("language", { enum: Language }).notNull().default("enUS"),
    /** IANA time zone the user reads times in (e.g. "America/New_York"); null until the browser has told it. */
    timeZone: text("time_zone"),
    /** R2 key of the profile photo. */
    photoKey: text("photo_key"),
    /** Set by clear-onboarding-invites: pending invites created before this are no longer offered. */
    onboardingInvitesClearedAt: text("onboarding_invites_cleared_at"),
    ...timestamps(),
  },
  (t) => [
    index("users_email_idx").on(t.email),
    // Mail finds a partner's people by its address in any case (worker/data/job-mail.ts recipientReads): without it, each booking scans every user.
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

/** Membership of a user in an account ("team member"). */
export const accountUsers = sqliteTable(
  "account_users",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: TeamMemberType }).notNull().default("member"),
    role: text("role", { enum: OrgRole }).notNull().default("member"),
    status: text("status", { enum: MemberStatus }).notNull().default("active"),
    /** Copied from the user for listing and search within the account. */
    email: text("email").notNull(),
    name: text("name"),
    /** When this member put away Home's "complete your details" card for this account; null while it is shown. */
    detailsPromptDismissedAt: text("details_prompt_dismissed_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("account_users_account_id_user_id_uq").on(t.accountId, t.userId),
    index("account_users_account_id_status_name_idx").on(t.accountId, t.status, t.name),
    index("account_users_user_id_idx").on(t.userId),
    /** The cron's sweep of inactive members, a batch after its cursor (worker/data/inactive-members.ts). */
    index("account_users_status_id_idx").on(t.status, t.id),
  ],
);

/** An invitation to join an account, by email. */
export const invites = sqliteTable(
  "invites",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: OrgRole }).notNull().default("member"),
    status: text("status", { enum: InviteStatus }).notNull().default("pending"),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The identity provider's invitation id, when the provider keeps one. */
    authInviteId: text("auth_invite_id"),
    createdAt: createdAt(),
    /** When it was accepted or revoked. */
    respondedAt: text("responded_at"),
  },
  (t) => [
    index("invites_account_id_status_idx").on(t.accountId, t.status),
    // "An invite has already been sent to this user": one pending invite per email per account.
    uniqueIndex("invites_account_id_email_pending_uq")
      .on(t.accountId, t.email)
      .where(sql`status = 'pending'`),
    // Onboarding: the pending invites addressed to a signed-in user's email.
    index("invites_email_status_idx").on(t.email, t.status),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type AccountUser = typeof accountUsers.$inferSelect;
export type NewAccountUser = typeof accountUsers.$inferInsert;
export type Invite = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;
