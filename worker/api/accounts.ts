import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";

import {
  AcceptInviteParams,
  AccountDto,
  AccountExistQuery,
  AccountIdParam,
  AccountPathParam,
  AssignParentBody,
  CreateAccountData,
  INVALID_PARTNER_TAN,
  INVITE_MESSAGES,
  UpdateAccountProfileData,
} from "../../contract/accounts";
import { ExistsResponse } from "../../contract/domains";
import { ErrorEnvelope } from "../../contract/errors";
import { DEFAULT_STYLING, platformNameFrom } from "../../contract/styling";
import { accountUsers, accounts, authInvitations, invites, stylings, users } from "../../db/schema";
import type { AppEnv } from "../env";
import { clerkAddMember, clerkRevokeInvite } from "../identity/clerk-organizations";
import { endpoint } from "../http/endpoint";
import { conflict, forbidden, invalid, notFound } from "../http/errors";
import { availableInSession, requireAccount, requireUser } from "../identity/context";
import type { AuthContext } from "../identity/tokens";
import { membershipStatements, organisationForNewAccount } from "../identity/organizations";
import { storeUpload } from "../storage/uploads";
import { accountDto } from "./dto";

export const accountsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
};

/** A fresh 6-digit partner number that no account holds yet. */
async function freshTan(c: Parameters<typeof requireUser>[0]): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0] % 900000;
    const tan = String(100000 + n);
    const taken = await c.get("db").select({ id: accounts.id }).from(accounts).where(eq(accounts.tan, tan)).limit(1);
    if (!taken[0]) return tan;
  }
  throw new Error("no free TAN found");
}

/**
 * `POST v1/accounts` (multipart: data + logo): the signed-in user
 * creates an account (onboarding) and becomes its owner. A partner receives
 * its TAN and a default styling.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/accounts",
    summary: "Create an account (onboarding); the caller becomes its owner",
    tags: ["accounts"],
    auth: "user",
    form: { data: CreateAccountData, files: [{ field: "logo" }] },
    responses: { 201: { description: "The new account", schema: AccountDto }, ...errors, 413: { description: "Logo over 50 MB" }, 415: { description: "Logo not an image" } },
  },
  async (c, { form }) => {
    const { auth, user } = await requireUser(c);
    const db = c.get("db");
    const data = form.data;
    // On a partner's domain (a session made for it) a new organisation is that partner's customer.
    if (auth.partnerScope && data.type === "partner") throw forbidden("Create a partner account on the product's own site");
    const parentAccountId = auth.partnerScope ?? null;
    const id = crypto.randomUUID();
    const tan = data.type === "partner" ? await freshTan(c) : null;
    const logo = form.files.logo;
    const logoKey = logo ? await storeUpload(c.env.UPLOADS, `public/accounts/${id}`, logo) : null;
    const org = organisationForNewAccount(c, auth, data.name);
    const now = new Date().toISOString();
    const statements = [
      ...org.statements,
      db.insert(accounts).values({ id, ...data, tan, parentAccountId, authId: org.orgId, logoKey, createdAt: now, updatedAt: now }),
      db.insert(accountUsers).values({
        accountId: id,
        userId: user.id,
        type: "owner",
        role: "owner",
        status: "active",
        email: user.email,
        name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
      }),
    ];
    if (data.type === "partner") {
      statements.push(
        db.insert(stylings).values({
          accountId: id,
          brandColour: DEFAULT_STYLING.brandColour,
          gradientColourOne: DEFAULT_STYLING.gradientColourOne,
          gradientColourTwo: DEFAULT_STYLING.gradientColourTwo,
          lightGradientTextColour: DEFAULT_STYLING.lightGradientTextColour,
          lightHeroTextColour: DEFAULT_STYLING.lightHeroTextColour,
          fontFamily: DEFAULT_STYLING.fontFamily,
          platformName: platformNameFrom(data.name),
          showLogoOnLogin: true,
          supportEmail: data.primaryEmail,
          logoKey,
        }),
      );
    }
    await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
    const created = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return c.json(accountDto(created[0]), 201);
  },
);

/** `GET v1/accounts/exist?tan=&type=`: whether an account with that TAN (and type) exists. */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "get",
    path: "/accounts/exist",
    summary: "Whether an account with this TAN exists",
    tags: ["accounts"],
    auth: "user",
    query: AccountExistQuery,
    responses: { 200: { description: "The answer", schema: ExistsResponse }, ...errors },
  },
  async (c, { query }) => {
    const where = query.type ? and(eq(accounts.tan, query.tan), eq(accounts.type, query.type)) : eq(accounts.tan, query.tan);
    const row = await c.get("db").select({ id: accounts.id }).from(accounts).where(where).limit(1);
    return c.json({ exists: row.length > 0 });
  },
);

/** `GET v1/accounts/{id}`: an account the caller belongs to; any other answers 404. */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "get",
    path: "/accounts/{id}",
    summary: "An account the caller is a member of",
    tags: ["accounts"],
    auth: "user",
    params: AccountIdParam,
    responses: { 200: { description: "The account", schema: AccountDto }, ...errors, 404: { description: "Absent or not yours", schema: ErrorEnvelope } },
  },
  async (c, { params }) => {
    const { auth, user } = await requireUser(c);
    const rows = await c
      .get("db")
      .select({ account: accounts })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
      .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.accountId, params.id), eq(accountUsers.status, "active")))
      .limit(1);
    if (!rows[0] || !availableInSession(auth, rows[0].account)) throw notFound("Account not found");
    return c.json(accountDto(rows[0].account));
  },
);

/**
 * The caller's address when the identity provider has verified it; null
 * otherwise. Invites are bound to addresses, so only a verified one may see or
 * accept them: anyone can sign up with an address they do not own.
 */
export function verifiedEmail(auth: AuthContext): string | null {
  return auth.emailVerified && auth.email ? auth.email.trim().toLowerCase() : null;
}

/**
 * `POST v1/accounts/{accountId}/invites/{inviteId}/accept`: the
 * invitee joins the account. The caller's verified address must be the
 * invited one: 403 for an unverified address or another address.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/accounts/{accountId}/invites/{inviteId}/accept",
    summary: "Accept an invitation to join an account",
    tags: ["accounts"],
    auth: "user",
    params: AcceptInviteParams,
    responses: {
      200: { description: "Joined; the account", schema: AccountDto },
      ...errors,
      403: { description: "The caller's address is not verified, or is not the invited one", schema: ErrorEnvelope },
      404: { description: "No such invite", schema: ErrorEnvelope },
      409: { description: "The invite was already used or revoked", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, { auth, user }) => {
    const db = c.get("db");
    const rows = await db
      .select({ invite: invites, account: accounts })
      .from(invites)
      .innerJoin(accounts, eq(accounts.id, invites.accountId))
      .where(and(eq(invites.id, params.inviteId), eq(invites.accountId, params.accountId)))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound("Invite not found");
    const email = verifiedEmail(auth);
    if (!email) throw forbidden(INVITE_MESSAGES.verifyFirst);
    if (row.invite.email.trim().toLowerCase() !== email) throw forbidden(INVITE_MESSAGES.otherAddress);
    if (row.invite.status !== "pending") throw conflict("This invite is no longer valid");
    const now = new Date().toISOString();
    const statements = [
      db.update(invites).set({ status: "accepted", respondedAt: now }).where(and(eq(invites.id, row.invite.id), eq(invites.status, "pending"))),
      db
        .insert(accountUsers)
        .values({
          accountId: row.account.id,
          userId: user.id,
          type: "member",
          role: row.invite.role,
          status: "active",
          email: user.email,
          name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
        })
        .onConflictDoUpdate({ target: [accountUsers.accountId, accountUsers.userId], set: { status: "active", role: row.invite.role } }),
      ...membershipStatements(c, auth, row.account.authId, row.invite.role),
    ];
    if (auth.provider === "clerk" && row.account.authId) {
      // Clerk: the membership is made at Clerk, and the invitation it stood for is used up.
      await clerkAddMember(c.env, row.account.authId, auth.userId, row.invite.role);
      if (row.invite.authInviteId) await clerkRevokeInvite(c.env, row.account.authId, row.invite.authInviteId, auth.userId).catch(() => undefined);
    } else if (row.invite.authInviteId) {
      statements.push(db.update(authInvitations).set({ status: "accepted" }).where(eq(authInvitations.id, row.invite.authInviteId)));
    }
    await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
    return c.json(accountDto(row.account));
  },
);

/**
 * Pending invites addressed to the caller's verified address, not cleared by
 * clear-onboarding-invites; none while the address is unverified.
 */
export async function onboardingInvites(c: Parameters<typeof requireUser>[0], { auth, user }: { auth: AuthContext; user: typeof users.$inferSelect }) {
  const email = verifiedEmail(auth);
  if (!email) return [];
  const cleared = user.onboardingInvitesClearedAt;
  const rows = await c
    .get("db")
    .select({ id: invites.id, accountId: accounts.id, accountName: accounts.name, accountOrganizationId: accounts.authId })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(
      and(
        eq(invites.email, email),
        eq(invites.status, "pending"),
        cleared ? gt(invites.createdAt, cleared) : undefined,
      ),
    );
  return rows;
}


// ─── Profile and linking to a partner ─────────────────────────────

/** The acting account, when `accountId` names it; any other answers 404 (no existence leak). */
async function actingAs(c: Parameters<typeof requireUser>[0], accountId: string) {
  const acting = await requireAccount(c);
  if (acting.account.id !== accountId) throw notFound("Account not found");
  return acting;
}

/**
 * `PUT v1/admin/accounts/{accountId}/profile` (multipart: data + logo
 * as `details.logo`): an owner or admin edits the account's details
 * (name and website cannot be empty; URLs and emails must be valid).
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/accounts/{accountId}/profile",
    summary: "Update the account's details and logo",
    tags: ["accounts"],
    auth: "accountAdmin",
    params: AccountPathParam,
    form: { data: UpdateAccountProfileData, files: [{ field: "details.logo" }] },
    responses: {
      200: { description: "The account", schema: AccountDto },
      ...errors,
      403: { description: "Not an owner or admin", schema: ErrorEnvelope },
      404: { description: "Not the acting account", schema: ErrorEnvelope },
      413: { description: "Logo over 50 MB" },
      415: { description: "Logo not an image" },
    },
  },
  async (c, { params, form }) => {
    const acting = await actingAs(c, params.accountId);
    const db = c.get("db");
    const logo = form.files["details.logo"];
    const logoKey = logo ? await storeUpload(c.env.UPLOADS, `public/accounts/${acting.account.id}`, logo) : undefined;
    const updated = await db
      .update(accounts)
      .set({ ...form.data, ...(logoKey ? { logoKey } : {}) })
      .where(eq(accounts.id, acting.account.id))
      .returning();
    return c.json(accountDto(updated[0]));
  },
);

/**
 * `POST v1/admin/accounts/{accountId}/assign-parent` (body tan): a
 * customer's owner or admin links it to the partner with that TAN. An unknown
 * TAN is a 400 on `tan` ("Invalid Partner TAN"); partners cannot be linked.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/accounts/{accountId}/assign-parent",
    summary: "Link a customer account to its partner by TAN",
    tags: ["accounts"],
    auth: "accountAdmin",
    params: AccountPathParam,
    body: AssignParentBody,
    responses: {
      200: { description: "The account, now linked", schema: AccountDto },
      ...errors,
      403: { description: "Not an owner or admin, or not a customer account", schema: ErrorEnvelope },
      404: { description: "Not the acting account", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }) => {
    const acting = await actingAs(c, params.accountId);
    if (acting.account.type !== "customer") throw forbidden("Only customer accounts link to a partner");
    const db = c.get("db");
    const partner = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.tan, body.tan), eq(accounts.type, "partner")))
      .limit(1);
    if (!partner[0]) throw invalid({ tan: INVALID_PARTNER_TAN }, INVALID_PARTNER_TAN);
    const updated = await db.update(accounts).set({ parentAccountId: partner[0].id }).where(eq(accounts.id, acting.account.id)).returning();
    return c.json(accountDto(updated[0]));
  },
);
