import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { accounts, authMembers, authSessions } from "../../db/schema";
import type { AppEnv, Db } from "../env";
import { organizationsPartner, underPartner } from "../data/customers";
import { hostOf, type Tenant } from "../tenant/resolve";
import type { AuthContext } from "./tokens";

/**
 * Which partner's host a session may be used on (docs/decisions/2026-11-27-sessions-follow-the-host.md).
 * On the main domain: any session (one made on a partner's domain keeps its partner scope there).
 * On a partner's domain: a session made there for that partner; a session of
 * the main domain only when its user has an account under that partner (the
 * partner itself or one of its customers), and then only for that partner's
 * accounts; a session made for another partner's domain, or any session on a
 * host no partner has connected, never. "Never" is `null`: the caller is not
 * signed in here (401), whether it came with a bearer token or a cookie.
 */
export async function sessionOnHost(directory: Db, tenant: Tenant, auth: AuthContext): Promise<AuthContext | null> {
  if (tenant.mode === "main") return auth;
  const partnerId = tenant.partner?.id;
  if (!partnerId) return null;
  if (auth.partnerScope) return auth.partnerScope === partnerId ? auth : null;
  const under =
    auth.provider === "clerk" ? await clerkUnderPartner(directory, tenant.host, partnerId, auth) : await userUnderPartner(directory, partnerId, auth.userId);
  return under ? { ...auth, partnerScope: partnerId } : null;
}

/**
 * A Clerk session names its active organisation: it must be the partner's or
 * one of its customers'. One without an organisation yet, or with one no
 * account has yet (made at Clerk, not onboarded), is a new customer signing
 * up: taken only on the partner's domain its token was made on (`madeOn`, its
 * authorised party), where it can only become that partner's customer; a
 * main-domain token is no one's on a partner's domain.
 */
async function clerkUnderPartner(directory: Db, host: string, partnerId: string, auth: AuthContext): Promise<boolean> {
  const home = auth.orgId ? await organizationsPartner(directory, auth.orgId) : null;
  if (home) return home.partnerId === partnerId;
  return auth.madeOn ? hostOf(auth.madeOn) === host : false;
}

/** Whether the identity user is a member of the partner's own organisation or of one of its customers' (the directory's rows). */
async function userUnderPartner(directory: Db, partnerId: string, authUserId: string): Promise<boolean> {
  const rows = await directory
    .select({ id: accounts.id })
    .from(authMembers)
    .innerJoin(accounts, eq(accounts.authId, authMembers.organizationId))
    .where(and(eq(authMembers.userId, authUserId), underPartner(partnerId)))
    .limit(1);
  return rows.length > 0;
}

/** better-auth's session cookie: its token before the signature. */
const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/**
 * For the provider's own routes on a partner's domain that read the session
 * from its cookie (the session, a bearer token, the organisation switch):
 * whether the cookie's session may be used on this host (`sessionOnHost`).
 * No cookie, or one naming no session, is left to the provider (it answers
 * "signed out" itself).
 */
export async function cookieSessionOnHost(c: Context<AppEnv>): Promise<boolean> {
  const tenant = c.get("tenant");
  if (tenant.mode === "main") return true;
  const raw = SESSION_TOKEN.exec(c.req.header("Cookie") ?? "")?.[1];
  if (!raw) return true;
  const token = decodeURIComponent(raw).split(".")[0] ?? "";
  const directory = c.get("directory");
  const [row] = await directory
    .select({ userId: authSessions.userId, partnerScope: authSessions.partnerAccountId })
    .from(authSessions)
    .where(eq(authSessions.token, token))
    .limit(1);
  if (!row) return true;
  const auth = { provider: "embedded", userId: row.userId, partnerScope: row.partnerScope, orgId: null } as AuthContext;
  return (await sessionOnHost(directory, tenant, auth)) !== null;
}
