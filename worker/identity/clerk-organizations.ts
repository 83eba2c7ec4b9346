/**
 * Clerk's organisation invitations and memberships (hosted production), over
 * Clerk's Backend API with the secret key. The embedded provider writes its
 * own tables instead (./organizations.ts). Invitations are created without
 * Clerk's own mail (`notify: false`): the product sends its branded mail with
 * the partner's link, and accepting it in the product adds the Clerk
 * membership and revokes the now-used Clerk invitation.
 */
import { ApiError } from "../http/errors";

export const CLERK_API = "https://api.clerk.com/v1";

/** Any Worker env; the secret is read when set (it is not in the generated Env type). */
type ClerkEnv = object;

const clerkRole = (role: string) => (role === "admin" || role === "owner" ? "org:admin" : "org:member");

async function clerkCall<T>(env: ClerkEnv, path: string, body: unknown): Promise<T> {
  const secret = (env as { CLERK_SECRET_KEY?: string }).CLERK_SECRET_KEY;
  if (!secret) throw new ApiError("internal", "CLERK_SECRET_KEY is not set");
  const res = await fetch(`${CLERK_API}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const data = (await res.json().catch(() => null)) as (T & { errors?: { message?: string; long_message?: string }[] }) | null;
  if (!res.ok) {
    const why = data?.errors?.[0]?.long_message ?? data?.errors?.[0]?.message ?? `status ${res.status}`;
    console.error(JSON.stringify({ level: "error", message: "clerk api failed", path, status: res.status, why }));
    throw new ApiError("conflict", `The identity provider refused: ${why}`);
  }
  return data as T;
}

/** Creates the organisation invitation; answers Clerk's invitation id. */
export async function clerkInvite(env: ClerkEnv, orgId: string, email: string, role: string, inviterUserId: string): Promise<string> {
  const invitation = await clerkCall<{ id: string }>(env, `/organizations/${orgId}/invitations`, {
    email_address: email,
    role: clerkRole(role),
    inviter_user_id: inviterUserId,
    notify: false,
  });
  return invitation.id;
}

/** Revokes an organisation invitation (revoked in the product, or accepted there). */
export async function clerkRevokeInvite(env: ClerkEnv, orgId: string, invitationId: string, requestingUserId: string): Promise<void> {
  await clerkCall(env, `/organizations/${orgId}/invitations/${invitationId}/revoke`, { requesting_user_id: requestingUserId });
}

/** Adds the user to the organisation (accepting an invitation in the product). */
export async function clerkAddMember(env: ClerkEnv, orgId: string, userId: string, role: string): Promise<void> {
  await clerkCall(env, `/organizations/${orgId}/memberships`, { user_id: userId, role: clerkRole(role) });
}
