/**
 * Accounts as the signed-in user reaches them: creating one (the caller its
 * owner), the accounts it belongs to, invitations addressed to its verified
 * address, and the acting account's partner link (its own settings:
 * ./account-settings.ts).
 */
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { INVALID_PARTNER_TAN, type CreateAccountData } from "../../contract/accounts";
import { TeamType, type AccountType } from "../../contract/enums";
import { PARTNER_DEFAULT_STYLING, platformNameFrom } from "../../contract/styling";
import { DEFAULT_TEAM_NAMES } from "../../contract/team";
import { accountUsers, accounts, authInvitations, invites, stylings, teams, users } from "../../db/schema";
import type { Db } from "../env";
import type { AdminScope, UserScope } from "../http/endpoint";
import { invalid, paused } from "../http/errors";
import { linkTerms } from "../domain/accounts";
import { writesPaused } from "../domain/shard-move";
import type { Account } from "../identity/context";
import type { AuthContext } from "../identity/tokens";
import { batch, theRow, type Stmt } from "./query";
import { inSession } from "./customers";
import { partnerByTan } from "./partner-numbers";
import type { InviteClaim, RelinkMessage, UndoAcceptMessage, UndoLinkMessage } from "../domain/flows";
import { unclaimStatements, undoLater } from "./invite-undo";
import { directoryRow } from "./routing-rows";
import { betweenDatabases } from "../domain/cut-off";
import { keptInFirstBatch, keptOnboarding, onboardingMarkStatement, takeBackOnboarding, unlinkStatement, type Compensation } from "./undo-steps";

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
 * Creates an account with the caller as its owner: one team per department
 * (every account has at least one), and a partner receives its TAN and a
 * default styling. Two databases, in order: first the shard the account is
 * placed on (the caller's user copy, the account in full, its owner and
 * teams: nothing routes there yet), then the directory (the identity
 * provider's organisation, the account's routing row, a partner's styling),
 * which makes it reachable. When the directory refuses, the shard's rows are
 * taken back (compensation; when that fails too, by the flow queue's
 * `undoOnboarding` step, worker/data/undo-steps.ts); on the shard that is the directory's own
 * database every write is idempotent, so the same rows are not written twice.
 * The step is kept on the shard in its first batch: a request cut short
 * between the two batches is repaired by the cron too.
 */
export async function createAccount(
  { shard, directory }: { shard: Db; directory: Db },
  scope: UserScope,
  input: {
    id: string;
    data: z.output<typeof CreateAccountData>;
    /** The partner whose domain the account is made on: a customer is its, in its currency (linkTerms); null on the main domain. */
    partner: Pick<Account, "id" | "currency"> | null;
    logoKey: string | null;
    org: { orgId: string; statements: Stmt[] };
    /** A partner's shard and region (worker/domain/regions.ts placePartner); without it, the default shard. */
    placement?: { shard: string; region: string | null };
  },
  compensation: Compensation,
): Promise<Account> {
  const { id, data, partner, logoKey, org } = input;
  const placement = data.type === "partner" ? (input.placement ?? {}) : {};
  const tan = data.type === "partner" ? await freshTan(directory) : null;
  const now = new Date().toISOString();
  const row = {
    id,
    ...data,
    ...placement,
    // A partner's zone starts as its creator's (slots and staff mail default to it).
    timeZone: data.timeZone ?? scope.user.timeZone ?? null,
    tan,
    parentAccountId: partner?.id ?? null,
    ...(partner ? linkTerms(partner) : {}),
    authId: org.orgId,
    logoKey,
    createdAt: now,
    updatedAt: now,
  };
  // A new partner starts in the neutral partner look, never the product's colours (its shard keeps a copy).
  const styling =
    data.type === "partner"
      ? {
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
        }
      : null;
  const { id: _userId, ...userFields } = scope.user;
  // Kept with the shard's rows (./undo-steps.ts keptOnboarding): the cron runs it even when the request stops between the two batches.
  const marked = !org.statements.length;
  const { step, keep } = keptOnboarding(shard, { shard: compensation.shard, accountId: id, authOrganizationId: marked ? null : org.orgId, marked });
  await batch(shard, [
    keep,
    shard.insert(users).values(scope.user).onConflictDoUpdate({ target: users.id, set: userFields }),
    shard.insert(accounts).values(row).onConflictDoNothing(),
    ...(styling ? [shard.insert(stylings).values(styling).onConflictDoNothing()] : []),
    shard.insert(accountUsers).values({
      accountId: id,
      userId: scope.user.id,
      type: "owner",
      role: "owner",
      status: "active",
      email: scope.user.email,
      name: displayName(scope.user),
    }),
    shard.insert(teams).values(TeamType.map((department) => ({ accountId: id, name: DEFAULT_TEAM_NAMES[department], department }))),
  ]);
  // The directory's copy of a customer is its routing row (./routing-rows.ts); on the directory's own database the shard's whole row is already there.
  const published: Stmt[] = [...org.statements, directory.insert(accounts).values(directoryRow(row)).onConflictDoNothing()];
  if (styling) published.push(directory.insert(stylings).values(styling).onConflictDoNothing());
  // Without an organisation of its own in the directory (Clerk), the step's marker tells whether it went through.
  if (marked) published.push(onboardingMarkStatement(directory, id));
  try {
    await batch(directory, published);
  } catch (err) {
    // Unless the directory's step went through after all, nothing there points at the shard's rows: take them back (through the queue when that fails too), then fail as the directory did.
    await takeBackOnboarding({ directory, shard }, step).catch((undoErr: unknown) => undoLater(step.kind, undoErr, () => compensation.later(step)));
    throw err;
  }
  const created = await shard.select().from(accounts).where(eq(accounts.id, id)).limit(1);
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
 * The caller joins the invite's account with its role. Two databases, in
 * order: the directory first claims the invite (used up only if still
 * pending: compare-and-set), with the identity provider's membership
 * (`membership`: its statements and the ids of the rows they add) and the
 * embedded invitation it stood for, and keeps the `undoAccept` step in the
 * same batch; then the account's shard gets the caller's user copy and the
 * membership (an upsert, idempotent), stamped with the claim's time (the
 * step's marker: worker/data/invite-undo.ts). When the shard refuses, the
 * directory's step is undone (compensation): the invite is pending again and
 * the identity membership this call added is removed, so the invitee can
 * accept again. When that undo fails too, or the request stops between the
 * two, the kept step takes the claim back through the flow queue (`later`,
 * and the cron), unless the shard holds the membership after all.
 */
export async function acceptInvite(
  { shard, directory }: { shard: Db; directory: Db },
  scope: UserScope,
  row: NonNullable<Awaited<ReturnType<typeof inviteOf>>>,
  membership: { statements: Stmt[]; ids: string[] },
  authInvitationId: string | null,
  compensation: { shard: string; later: (m: UndoAcceptMessage) => Promise<void> },
): Promise<void> {
  const now = new Date().toISOString();
  const taken: InviteClaim = {
    shard: compensation.shard,
    accountId: row.account.id,
    userId: scope.user.id,
    inviteId: row.invite.id,
    respondedAt: now,
    authMemberIds: membership.ids,
    authInvitationId,
  };
  const { step, keep } = keptInFirstBatch(directory, { kind: "undoAccept", claim: taken } as const, "directory");
  const claim: Stmt[] = [
    keep,
    directory
      .update(invites)
      .set({ status: "accepted", respondedAt: now })
      .where(and(eq(invites.id, row.invite.id), eq(invites.status, "pending"))),
    ...membership.statements,
  ];
  if (authInvitationId) claim.push(directory.update(authInvitations).set({ status: "accepted" }).where(eq(authInvitations.id, authInvitationId)));
  await batch(directory, claim);
  betweenDatabases("acceptInvite");
  const { id: _userId, ...userFields } = scope.user;
  try {
    await batch(shard, [
      shard.insert(users).values(scope.user).onConflictDoUpdate({ target: users.id, set: userFields }),
      shard
        .insert(accountUsers)
        .values({
          accountId: row.account.id,
          userId: scope.user.id,
          type: "member",
          role: row.invite.role,
          status: "active",
          email: scope.user.email,
          name: displayName(scope.user),
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: [accountUsers.accountId, accountUsers.userId], set: { status: "active", role: row.invite.role, updatedAt: now } }),
    ]);
  } catch (err) {
    await batch(directory, unclaimStatements(directory, taken)).catch((undoErr: unknown) => undoLater(step.kind, undoErr, () => compensation.later(step)));
    throw err;
  }
}

/** The pending invites to `email` not cleared: after `cleared` (a stamp, or the user row's own column read in the same statement). */
function invitesTo(db: Db, auth: AuthContext, email: string, cleared: string | SQL | null) {
  // Each column under a name of its own: a batch's rows come back by column name, and `id` is in both tables.
  return db
    .select({
      id: invites.id,
      accountId: sql<string>`${accounts.id}`.as("invite_account_id"),
      accountName: sql<string>`${accounts.name}`.as("invite_account_name"),
      accountOrganizationId: sql<string>`${accounts.authId}`.as("invite_account_auth_id"),
    })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(eq(invites.email, email), eq(invites.status, "pending"), cleared ? gt(invites.createdAt, cleared) : undefined, inSession(auth.partnerScope)));
}

/**
 * Pending invites addressed to the caller's verified address, not cleared by
 * clear-onboarding-invites; none while the address is unverified.
 */
export async function onboardingInvites(db: Db, { auth, user }: UserScope) {
  const email = verifiedEmail(auth);
  return email ? invitesTo(db, auth, email, user.onboardingInvitesClearedAt) : [];
}

/**
 * The caller's user row as the directory holds it now and its onboarding
 * invites (cleared as that row says), in one round trip: for the screens that
 * show the row itself (`GET v1/users/me`), not one read after the other.
 */
export async function freshUserWithInvites(directory: Db, { auth, user }: UserScope) {
  const row = directory.select().from(users).where(eq(users.authId, user.authId)).limit(1);
  const email = verifiedEmail(auth);
  if (!email) return { user: (await row)[0], invites: [] };
  const cleared = sql`coalesce((select ${users.onboardingInvitesClearedAt} from ${users} where ${users.authId} = ${user.authId}), '')`;
  const [rows, found] = await directory.batch([row, invitesTo(directory, auth, email, cleared)]);
  return { user: rows[0], invites: found };
}

/**
 * Links the acting customer account to the partner with that TAN, looked up
 * in the directory; an unknown TAN is 400 on `tan`. A partner on the
 * request's shard (`shard`) is linked here: the shard's row and the
 * directory's routing row, side by side, each batch keeping the `undoLink`
 * step, the one that was written put back when the other fails (by the flow
 * queue when that fails too: `later`; by the cron when the request stops
 * between them; the step leaves two rows that agree alone). A partner on
 * another shard is linked by the re-link flow through the Queue
 * (worker/flows, ./relink.ts): answered as `moving`, nothing written here.
 * History stays on the shard it happened on.
 */
export async function linkToPartner(
  directory: Db,
  db: Db,
  scope: AdminScope,
  tan: string,
  shard: { name: string; defaultName: string },
  later: Compensation["later"],
): Promise<{ account: Account; moving: RelinkMessage | null }> {
  const partner = await partnerByTan(directory, tan);
  if (!partner) throw invalid({ tan: INVALID_PARTNER_TAN }, INVALID_PARTNER_TAN);
  const from = scope.account.parentAccountId;
  const target = partner.shard ?? shard.defaultName;
  if (target !== shard.name && from !== partner.id) {
    const moving: RelinkMessage = {
      kind: "relink",
      customerId: scope.account.id,
      from: { partnerId: from, shard: shard.name, currency: scope.account.currency },
      to: { partnerId: partner.id, shard: target },
    };
    return { account: scope.account, moving };
  }
  // Written here, on the partner's shard: not while that partner's rows are copied to another (the queued re-link waits by itself).
  if (writesPaused(partner.shardMove)) throw paused();
  // Another partner: its currency and none of the old partner's price groups (docs/decisions/2026-11-27-relinked-currency.md).
  const terms = from === partner.id ? {} : linkTerms(partner);
  const linked = { parentAccountId: partner.id, ...terms };
  const step: UndoLinkMessage = {
    kind: "undoLink",
    shard: shard.name,
    customerId: scope.account.id,
    from,
    to: partner.id,
    before: { currency: scope.account.currency, priceGroupId: scope.account.priceGroupId },
  };
  // Each side keeps the step in its own batch: whichever is written alone (the other refused, or the request stopped), the cron puts it back.
  const link = (to: Db, kept: ReturnType<typeof keptInFirstBatch<UndoLinkMessage>>) =>
    to.batch([kept.keep, to.update(accounts).set(linked).where(eq(accounts.id, scope.account.id)).returning()]).then(([, rows]) => rows);
  const kept = { shard: keptInFirstBatch(db, step), directory: keptInFirstBatch(directory, step, "directory") };
  const [onShard, onDirectory] = await Promise.allSettled([link(db, kept.shard), link(directory, kept.directory)]);
  betweenDatabases("link");
  if (onShard.status === "rejected" || onDirectory.status === "rejected") {
    // Compensation: the write that went through is put back (while it names this partner), with the currency and (on the
    // shard) the price group it had, so both databases name the same partner; when that fails too, the step kept with
    // it finishes it through the flow queue.
    const wrote = onShard.status === "fulfilled" ? "shard" : onDirectory.status === "fulfilled" ? "directory" : null;
    if (wrote) {
      const there = wrote === "shard" ? db : directory;
      await batch(there, [unlinkStatement(there, step, wrote)]).catch((undoErr: unknown) => undoLater(step.kind, undoErr, () => later(kept[wrote].step)));
    }
    throw onShard.status === "rejected" ? onShard.reason : (onDirectory as PromiseRejectedResult).reason;
  }
  return { account: theRow(onShard.value, "linked account"), moving: null };
}

/** The caller's own membership of the acting account. */
const ownMembership = (scope: AdminScope) => and(eq(accountUsers.accountId, scope.account.id), eq(accountUsers.userId, scope.user.id));

/** Whether the caller has put Home's "complete your details" card away for the acting account. */
export async function detailsPromptDismissed(db: Db, scope: AdminScope): Promise<boolean> {
  const [row] = await db.select({ at: accountUsers.detailsPromptDismissedAt }).from(accountUsers).where(ownMembership(scope)).limit(1);
  return Boolean(row?.at);
}

/** Puts the card away for the caller on the acting account (the first time is kept). */
export async function dismissDetailsPrompt(db: Db, scope: AdminScope): Promise<void> {
  await db
    .update(accountUsers)
    .set({ detailsPromptDismissedAt: sql`coalesce(${accountUsers.detailsPromptDismissedAt}, ${new Date().toISOString()})` })
    .where(ownMembership(scope));
}
