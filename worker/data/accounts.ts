/**
 * Accounts as the signed-in user reaches them: creating one (the caller its
 * owner), the accounts it belongs to, invitations addressed to its verified
 * address, and the acting account's own profile and partner link.
 */
import { and, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import { INVALID_PARTNER_TAN, type CreateAccountData, type UpdateAccountProfileData } from "../../contract/accounts";
import { TeamType, type AccountType } from "../../contract/enums";
import { PARTNER_DEFAULT_STYLING, platformNameFrom } from "../../contract/styling";
import { DEFAULT_TEAM_NAMES } from "../../contract/team";
import { accountUsers, accounts, authInvitations, invites, stylings, teams } from "../../db/schema";
import type { Db } from "../env";
import type { AdminScope, UserScope } from "../http/endpoint";
import { invalid } from "../http/errors";
import type { Account } from "../identity/context";
import type { AuthContext } from "../identity/tokens";
import { batch, theRow, type Stmt } from "./query";
import { inSession } from "./customers";
import { partnerByTan } from "./partner-numbers";
import type { RelinkMessage } from "../domain/flows";

/** A fresh 6-digit partner number that no account holds yet: the directory's routing rows hold every account's TAN, whichever shard it is on. */
async function freshTan(directory: Db): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
    const tan = String(100000 + (random % 900000));
    const taken = await directory.select({ id: accounts.id }).from(accounts).where(eq(accounts.tan, tan)).limit(1);
    if (!taken[0]) return tan;
  }
  throw new Error("no free TAN found");
}

const displayName = (user: UserScope["user"]) => [user.firstName, user.lastName].filter(Boolean).join(" ") || null;

/**
 * Creates an account with the caller as its owner, in one batch with the
 * organisation's own statements: one team per department (every account has
 * at least one), and a partner receives its TAN and a default styling.
 */
export async function createAccount(
  db: Db,
  scope: UserScope,
  input: {
    id: string;
    data: z.output<typeof CreateAccountData>;
    parentAccountId: string | null;
    logoKey: string | null;
    org: { orgId: string; statements: Stmt[] };
    /** A partner's shard and region (worker/domain/regions.ts placePartner); without it, the default shard. */
    placement?: { shard: string; region: string | null };
    /** The directory, where a partner's fresh TAN is checked against every account's (./partner-numbers.ts). */
    directory: Db;
  },
): Promise<Account> {
  const { id, data, parentAccountId, logoKey, org } = input;
  const placement = data.type === "partner" ? (input.placement ?? {}) : {};
  const tan = data.type === "partner" ? await freshTan(input.directory) : null;
  const now = new Date().toISOString();
  const statements: Stmt[] = [
    ...org.statements,
    db.insert(accounts).values({
      id,
      ...data,
      ...placement,
      // A partner's zone starts as its creator's (slots and staff mail default to it).
      timeZone: data.timeZone ?? scope.user.timeZone ?? null,
      tan,
      parentAccountId,
      authId: org.orgId,
      logoKey,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(accountUsers).values({
      accountId: id,
      userId: scope.user.id,
      type: "owner",
      role: "owner",
      status: "active",
      email: scope.user.email,
      name: displayName(scope.user),
    }),
    db.insert(teams).values(TeamType.map((department) => ({ accountId: id, name: DEFAULT_TEAM_NAMES[department], department }))),
  ];
  if (data.type === "partner") {
    statements.push(
      // A new partner starts in the neutral partner look, never the product's colours.
      db.insert(stylings).values({
        accountId: id,
        brandColour: PARTNER_DEFAULT_STYLING.brandColour,
        gradientColourOne: PARTNER_DEFAULT_STYLING.gradientColourOne,
        gradientColourTwo: PARTNER_DEFAULT_STYLING.gradientColourTwo,
        lightGradientTextColour: PARTNER_DEFAULT_STYLING.lightGradientTextColour,
        lightHeroTextColour: PARTNER_DEFAULT_STYLING.lightHeroTextColour,
        fontFamily: PARTNER_DEFAULT_STYLING.fontFamily,
        platformName: platformNameFrom(data.name),
        showLogoOnLogin: true,
        supportEmail: data.primaryEmail,
        logoKey,
      }),
    );
  }
  await batch(db, statements);
  const created = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return theRow(created, "created account");
}

/** Whether an account with that TAN (and type) exists: read from the directory (`db`), where every account has its routing row, whichever shard it is on. */
export async function tanExists(db: Db, tan: string, type?: AccountType): Promise<boolean> {
  const where = type ? and(eq(accounts.tan, tan), eq(accounts.type, type)) : eq(accounts.tan, tan);
  const row = await db.select({ id: accounts.id }).from(accounts).where(where).limit(1);
  return row.length > 0;
}

/** An account the caller is an active member of and the session may act for, or null. */
export async function memberAccount(db: Db, scope: UserScope, accountId: string): Promise<Account | null> {
  const rows = await db
    .select({ account: accounts })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(
      and(eq(accountUsers.userId, scope.user.id), eq(accountUsers.accountId, accountId), eq(accountUsers.status, "active"), inSession(scope.auth.partnerScope)),
    )
    .limit(1);
  return rows[0]?.account ?? null;
}

/** Every account the caller is an active member of and the session may act for (whole rows). */
export async function memberAccounts(db: Db, scope: UserScope): Promise<Account[]> {
  const rows = await db
    .select({ account: accounts })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, scope.user.id), eq(accountUsers.status, "active"), inSession(scope.auth.partnerScope)));
  return rows.map((r) => r.account);
}

/**
 * The caller's address when the identity provider has verified it; null
 * otherwise. Invites are bound to addresses, so only a verified one may see or
 * accept them: anyone can sign up with an address they do not own.
 */
export function verifiedEmail(auth: AuthContext): string | null {
  return auth.emailVerified && auth.email ? auth.email.trim().toLowerCase() : null;
}

/** An invite of an account, with the account; null when there is none. */
export async function inviteOf(db: Db, accountId: string, inviteId: string) {
  const rows = await db
    .select({ invite: invites, account: accounts })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(eq(invites.id, inviteId), eq(invites.accountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The caller joins the invite's account with its role, in one batch with the
 * identity provider's membership statements; the invite is used up only if
 * still pending (compare-and-set), and the embedded invitation it stood for too.
 */
export async function acceptInvite(
  db: Db,
  scope: UserScope,
  row: NonNullable<Awaited<ReturnType<typeof inviteOf>>>,
  membership: Stmt[],
  authInvitationId: string | null,
): Promise<void> {
  const now = new Date().toISOString();
  const statements: Stmt[] = [
    db
      .update(invites)
      .set({ status: "accepted", respondedAt: now })
      .where(and(eq(invites.id, row.invite.id), eq(invites.status, "pending"))),
    db
      .insert(accountUsers)
      .values({
        accountId: row.account.id,
        userId: scope.user.id,
        type: "member",
        role: row.invite.role,
        status: "active",
        email: scope.user.email,
        name: displayName(scope.user),
      })
      .onConflictDoUpdate({ target: [accountUsers.accountId, accountUsers.userId], set: { status: "active", role: row.invite.role } }),
    ...membership,
  ];
  if (authInvitationId) statements.push(db.update(authInvitations).set({ status: "accepted" }).where(eq(authInvitations.id, authInvitationId)));
  await batch(db, statements);
}

/**
 * Pending invites addressed to the caller's verified address, not cleared by
 * clear-onboarding-invites; none while the address is unverified.
 */
export async function onboardingInvites(db: Db, { auth, user }: UserScope) {
  const email = verifiedEmail(auth);
  if (!email) return [];
  const cleared = user.onboardingInvitesClearedAt;
  return db
    .select({ id: invites.id, accountId: accounts.id, accountName: accounts.name, accountOrganizationId: accounts.authId })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(eq(invites.email, email), eq(invites.status, "pending"), cleared ? gt(invites.createdAt, cleared) : undefined, inSession(auth.partnerScope)));
}

/** Saves the acting account's details (and a new logo's key). */
export async function updateProfile(db: Db, scope: AdminScope, data: z.output<typeof UpdateAccountProfileData>, logoKey: string | undefined): Promise<Account> {
  const updated = await db
    .update(accounts)
    .set({ ...data, ...(logoKey ? { logoKey } : {}) })
    .where(eq(accounts.id, scope.account.id))
    .returning();
  return theRow(updated, "updated account");
}

/** Sets the acting account's time zone; answers the row. */
export async function setAccountTimeZone(db: Db, scope: AdminScope, timeZone: string): Promise<Account> {
  return theRow(await db.update(accounts).set({ timeZone }).where(eq(accounts.id, scope.account.id)).returning(), "updated account");
}

/**
 * Links the acting customer account to the partner with that TAN, looked up
 * in the directory; an unknown TAN is 400 on `tan`. A partner on the
 * request's shard (`shard`) is linked here: the shard's row and the
 * directory's routing row, side by side, the one that was written put back
 * when the other fails. A partner on another shard is linked by the re-link
 * flow through the Queue (worker/flows, ./relink.ts): answered as `moving`,
 * nothing written here. History stays on the shard it happened on.
 */
export async function linkToPartner(
  directory: Db,
  db: Db,
  scope: AdminScope,
  tan: string,
  shard: { name: string; defaultName: string },
): Promise<{ account: Account; moving: RelinkMessage | null }> {
  const partner = await partnerByTan(directory, tan);
  if (!partner) throw invalid({ tan: INVALID_PARTNER_TAN }, INVALID_PARTNER_TAN);
  const from = scope.account.parentAccountId;
  const target = partner.shard ?? shard.defaultName;
  if (target !== shard.name && from !== partner.id) {
    const moving: RelinkMessage = {
      kind: "relink",
      customerId: scope.account.id,
      from: { partnerId: from, shard: shard.name },
      to: { partnerId: partner.id, shard: target },
    };
    return { account: scope.account, moving };
  }
  const link = (to: Db, parent: string | null) => to.update(accounts).set({ parentAccountId: parent }).where(eq(accounts.id, scope.account.id)).returning();
  const [onShard, onDirectory] = await Promise.allSettled([link(db, partner.id), link(directory, partner.id)]);
  if (onShard.status === "rejected" || onDirectory.status === "rejected") {
    // Compensation: the write that went through is put back, so both databases name the same partner.
    await Promise.allSettled([onShard.status === "fulfilled" ? link(db, from) : null, onDirectory.status === "fulfilled" ? link(directory, from) : null]);
    throw onShard.status === "rejected" ? onShard.reason : (onDirectory as PromiseRejectedResult).reason;
  }
  return { account: theRow(onShard.value, "linked account"), moving: null };
}
