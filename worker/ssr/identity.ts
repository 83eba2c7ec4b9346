import type { Context } from "hono";
import type { BootIdentity } from "../../contract/boot";
import { accountDto } from "../api/dto";
import { userAnswer } from "../api/users";
import type { AppEnv } from "../env";
import { adoptCaller, availableInSession, identityProvider, providerOrigins, type Account, type Role } from "../identity/context";
import { embeddedAuth } from "../identity/embedded";
import { verifyEmbeddedToken } from "../identity/tokens";
import { sessionOnHost } from "../identity/host-session";

/** better-auth's session cookie (with the __Secure- prefix over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export type ServerIdentity = {
  /** undefined: not looked at (Clerk: the client asks its provider); null: no session. */
  identity: BootIdentity | null | undefined;
  /** Cookies the provider set while reading the session (a refreshed expiry), passed on to the page's answer. */
  setCookies: string[];
  /** The caller's product user id and active memberships, as read for the page (the page's own API reads reuse them). */
  memberships?: { userId: string; byAccount: Map<string, { account: Account; role: Role }> };
};

/**
 * What the client needs to start, read on the server from the session cookie
 * (embedded provider): the session, the caller's user with memberships (the
 * answer of `GET v1/users/me`), the active account (the session's
 * organisation, else the first the session may act for, as the client picks
 * it) and a bearer token. Without a session cookie nothing is read (no D1
 * call), so the signed-out shell stays free.
 */
export async function serverIdentity(c: Context<AppEnv>): Promise<ServerIdentity> {
  if (identityProvider(c.env) !== "embedded") return { identity: undefined, setCookies: [] };
  const cookie = c.req.header("Cookie") ?? "";
  if (!SESSION_COOKIE.test(cookie)) return { identity: null, setCookies: [] };
  const where = providerOrigins(c.env, c.get("tenant"), new URL(c.req.url).origin);
  if (!where) return { identity: null, setCookies: [] };
  const auth = embeddedAuth(c.env, where.base, where.trusted);
  const headers = new Headers({ Cookie: cookie });
  const read = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = read.headers.getSetCookie();
  const found = read.response;
  if (!found?.session) return { identity: null, setCookies };
  // The jwt plugin signs a token with every get-session (its set-auth-jwt header): the same token
  // /api/auth/token signs, without reading the session and the keys again.
  const token = read.headers.get("set-auth-jwt") ?? (await auth.api.getToken({ headers })).token;
  const session = token ? await verifyEmbeddedToken(c.get("directory"), token) : null;
  // A session this host does not take (./host-session.ts) renders the page signed out, as the API answers 401.
  const verified = session && (await sessionOnHost(c.get("directory"), c.get("tenant"), session));
  if (!verified) return { identity: null, setCookies };
  const caller = await adoptCaller(c, verified);
  const { dto: me, memberships } = await userAnswer(c, caller, caller.user);
  const activeOrgId = (found.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const ordered = [...me.accounts].sort((a, b) => Number(b.authId === activeOrgId && !!activeOrgId) - Number(a.authId === activeOrgId && !!activeOrgId));
  let account: BootIdentity["account"] = null;
  const byAccount = new Map<string, { account: Account; role: Role }>();
  if (ordered.length > 0) {
    const byId = new Map(memberships.map((m) => [m.account.id, m.account]));
    for (const m of memberships) byAccount.set(m.account.id, { account: m.account, role: m.role });
    const chosen = ordered.map((a) => byId.get(a.id)).find((a) => a && availableInSession(verified, a));
    account = chosen ? accountDto(chosen) : null;
  }
  return {
    identity: {
      session: {
        sessionId: found.session.id,
        userId: found.user.id,
        email: found.user.email,
        name: found.user.name,
        image: found.user.image ?? null,
        activeOrgId,
      },
      me,
      account,
      token,
    },
    setCookies,
    memberships: { userId: caller.user.id, byAccount },
  };
}
