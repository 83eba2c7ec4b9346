/**
 * Clerk's organisation invitations and memberships (hosted production), over
 * Clerk's Backend API with the secret key. The embedded provider writes its
 * own tables instead (./organizations.ts). Invitations are created without
 * Clerk's own mail (`notify: false`): the product sends its branded mail with
 * the partner's link (carrying the invitation's ticket), and accepting it in
 * the product adds the Clerk membership (kept when the ticket already made
 * it) and revokes the now-used Clerk invitation.
 */
import { ApiError } from "../http/errors";

export const CLERK_API = "https://api.clerk.com/v1";

/** Any Worker env; the secret is read when set (it is not in the generated Env type). */
type ClerkEnv = object;

const clerkRole = (role: string) => (role === "admin" || role === "owner" ? "org:admin" : "org:member");

type ClerkErrors = { errors?: { code?: string; message?: string; long_message?: string }[] };

/** POSTs to Clerk's Backend API; a refusal whose error code is in `accepted` answers null (an outcome the caller expects), any other a 409. */
async function clerkCall<T>(env: ClerkEnv, path: string, body: unknown, accepted: readonly string[] = []): Promise<T | null> {
  const secret = (env as { CLERK_SECRET_KEY?: string }).CLERK_SECRET_KEY;
  if (!secret) throw new ApiError("internal", "CLERK_SECRET_KEY is not set");
  const res = await fetch(`${CLERK_API}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const data = (await res.json().catch(() => null)) as (T & ClerkErrors) | null;
  if (!res.ok) {
    if (data?.errors?.some((e) => e.code && accepted.includes(e.code))) return null;
    const why = data?.errors?.[0]?.long_message ?? data?.errors?.[0]?.message ?? `status ${res.status}`;
    console.error(JSON.stringify({ level: "error", message: "clerk api failed", path, status: res.status, why }));
    throw new ApiError("conflict", `The identity provider refused: ${why}`);
  }
  return data;
}

/**
 * The invitation's ticket, from the accept URL Clerk answers an invitation
 * with (its `__clerk_ticket`, or `ticket` on Clerk's own accept endpoint);
 * null when Clerk gave none.
 */
export function ticketOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const params = new URL(url).searchParams;
    return params.get("__clerk_ticket") || params.get("ticket") || null;
  } catch {
    return null;
  }
}

/**
 * Creates the organisation invitation; answers Clerk's invitation id and its
 * ticket. The product's mail carries the ticket in its sign-up link
 * (`__clerk_ticket`), where Clerk's `<SignUp>` signs the invitee up with the
 * invited address filled in and fixed, verified by the ticket, and joins the
 * organisation (docs/decisions/2026-11-27-clerk-invite-ticket.md).
 */
export async function clerkInvite(
  env: ClerkEnv,
  orgId: string,
  email: string,
  role: string,
  inviterUserId: string,
): Promise<{ id: string; ticket: string | null }> {
  const invitation = await clerkCall<{ id: string; url?: string | null }>(env, `/organizations/${orgId}/invitations`, {
    email_address: email,
    role: clerkRole(role),
    inviter_user_id: inviterUserId,
    notify: false,
  });
  return { id: invitation!.id, ticket: ticketOf(invitation!.url) };
}

/** Revokes an organisation invitation (revoked in the product, or accepted there). */
export async function clerkRevokeInvite(env: ClerkEnv, orgId: string, invitationId: string, requestingUserId: string): Promise<void> {
  await clerkCall(env, `/organizations/${orgId}/invitations/${invitationId}/revoke`, { requesting_user_id: requestingUserId });
}

/** Clerk's error code for a membership that exists already. */
export const ALREADY_A_MEMBER = "already_a_member_in_organization";

/**
 * Adds the user to the organisation (accepting an invitation in the product).
 * An invitee who signed up through the invitation's ticket is a member
 * already (Clerk joined them): that is the outcome asked for, not a refusal.
 */
export async function clerkAddMember(env: ClerkEnv, orgId: string, userId: string, role: string): Promise<void> {
  await clerkCall(env, `/organizations/${orgId}/memberships`, { user_id: userId, role: clerkRole(role) }, [ALREADY_A_MEMBER]);
}
