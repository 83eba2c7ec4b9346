import { z } from "zod";
import { MemberStatus, OrgRole, TeamMemberType, TeamType } from "./enums";
import { isOneLine, ONE_LINE_MESSAGE, requiredLine } from "./forms";
import { MESSAGES } from "./messages";

/**
 * Team members, invitations and teams (Profile; Team / Team member,
 * the Invite and Team rules). The messages below are the en-US texts of the
 * catalogue keys `message.*` the client shows them with.
 */
export const TEAM_MESSAGES = {
  inviteAtLeastOne: "Enter at least one email address",
  invalidEmailAddress: "Invalid email address",
  inviteAlreadySent: "An invite has already been sent to this user",
  lastTeamInDepartment: "Each department needs at least 1 team",
  inviteDailyLimit: "You've reached today's invite limit for this organization. Try again tomorrow.",
} as const;

/**
 * How many invites an account may send in any 24 hours (each mails an
 * address of the sender's choosing in its partner's brand): a request that
 * would go over it sends none and answers 429.
 */
export const INVITES_PER_DAY = 50;

/**
 * The teams every account starts with: one per department (SPEC §5: at
 * least 1 team per department). The names are the account's to change.
 */
export const DEFAULT_TEAM_NAMES: Record<TeamType, string> = {
  finance: "Finance",
  marketing: "Marketing",
  sales: "Sales",
  operations: "Operations",
  customerSupport: "Customer Support",
  hr: "HR",
  itAndData: "IT and Data",
  leadership: "Leadership",
};

// ─── Team members ────────────────────────────────────────────────────────────

/**
 * A row of Team Members: an account user (active or inactive) or a pending
 * invitation (`kind: "invite"`, `id` is the invite's id, status "pending").
 */
export const TeamMemberDto = z
  .object({
    id: z.string(),
    kind: z.enum(["member", "invite"]),
    userId: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string(),
    type: z.enum(TeamMemberType),
    role: z.enum(OrgRole),
    status: z.enum(MemberStatus),
    teams: z.array(z.object({ id: z.string(), name: z.string() })),
    createdAt: z.string(),
  })
  .meta({ id: "TeamMember" });
export type TeamMemberDto = z.infer<typeof TeamMemberDto>;

export const TeamMemberList = z.object({ items: z.array(TeamMemberDto) }).meta({ id: "TeamMemberList" });
export type TeamMemberList = z.infer<typeof TeamMemberList>;

/** Roles an owner or admin can give; ownership is not handed over here. */
export const AssignableRole = ["admin", "member"] as const;

/** `PUT v1/admin/account-users/{id}`: change role, status (mark inactive / reactivate), name or teams. */
export const UpdateTeamMemberBody = z
  .object({
    name: z.string().trim().max(160, "At most 160 characters").refine(isOneLine, ONE_LINE_MESSAGE).optional(),
    role: z.enum(AssignableRole).optional(),
    status: z.enum(["active", "inactive"]).optional(),
    teamIds: z.array(z.string().uuid(MESSAGES.invalidUuid)).max(50).optional(),
  })
  .meta({ id: "UpdateTeamMember" });
export type UpdateTeamMemberBody = z.infer<typeof UpdateTeamMemberBody>;

export const IdParam = z.object({ id: z.string().uuid(MESSAGES.invalidUuid) });

/** Splits a semicolon-separated list (commas and spaces tolerated), trimmed, lower-cased, unique. */
export function splitEmails(value: string): string[] {
  const seen = new Set<string>();
  for (const part of value.split(/[;,\s]+/)) {
    const e = part.trim().toLowerCase();
    if (e) seen.add(e);
  }
  return [...seen];
}

const EMAIL = z.string().email();
export const isEmail = (value: string) => EMAIL.safeParse(value).success;

/** `POST v1/admin/account-users/invites`: emails separated by semicolons; at least one, each valid. */
export const InviteBody = z
  .object({
    emails: z
      .string({ error: TEAM_MESSAGES.inviteAtLeastOne })
      .max(5000, "At most 5000 characters")
      .refine((v) => splitEmails(v).length > 0, TEAM_MESSAGES.inviteAtLeastOne)
      .refine((v) => splitEmails(v).length <= 50, "At most 50 addresses at a time")
      .refine((v) => splitEmails(v).every(isEmail), TEAM_MESSAGES.invalidEmailAddress),
    role: z.enum(AssignableRole).default("member"),
  })
  .meta({ id: "Invite" });
export type InviteBody = z.input<typeof InviteBody>;

export const InviteOutcome = z.enum(["sent", "alreadyInvited", "alreadyMember"]);
export type InviteOutcome = z.infer<typeof InviteOutcome>;

/** Per-address outcome; the client shows all sent / some sent / none sent. */
export const InviteResult = z
  .object({
    results: z.array(z.object({ email: z.string(), outcome: InviteOutcome, inviteId: z.string().nullable(), message: z.string().nullable() })),
    sent: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "InviteResult" });
export type InviteResult = z.infer<typeof InviteResult>;

/** all / some / none sent, from an invite result. */
export function inviteSummary(r: Pick<InviteResult, "sent" | "total">): "all" | "some" | "none" {
  if (r.sent === 0) return "none";
  return r.sent === r.total ? "all" : "some";
}

// ─── Teams ───────────────────────────────────────────────────────────────────

export const TeamDto = z.object({ id: z.string(), name: z.string(), department: z.enum(TeamType), memberCount: z.number().int() }).meta({ id: "Team" });
export type TeamDto = z.infer<typeof TeamDto>;

export const TeamList = z.object({ items: z.array(TeamDto) }).meta({ id: "TeamList" });
export type TeamList = z.infer<typeof TeamList>;

/** Create or rename a team (name unique within the account). */
export const TeamBody = z.object({ name: requiredLine(80), department: z.enum(TeamType) }).meta({ id: "SaveTeam" });
export type TeamBody = z.infer<typeof TeamBody>;
