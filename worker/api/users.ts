import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { MAX_PHOTO_BYTES } from "../../contract/accounts";
import { ErrorEnvelope } from "../../contract/errors";
import { SaveUserData, UserDto, UserIdParam } from "../../contract/users";
import { accountUsers, accounts, users } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { notFound } from "../http/errors";
import { freshUser, rememberUser, requireUser, type ProductUser } from "../identity/context";
import { fileUri } from "../storage/files";
import { storeUpload } from "../storage/uploads";
import { onboardingInvites } from "./accounts";

export const usersApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
};

/** `GET v1/users/me`'s answer for the caller (also inlined by the server-rendered page). */
export async function userDto(c: Context<AppEnv>, user: ProductUser): Promise<UserDto> {
  const memberships = await c
    .get("db")
    .select({ id: accounts.id, authId: accounts.authId, name: accounts.name, type: accounts.type, role: accountUsers.role })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.status, "active")))
    .orderBy(accounts.name);
  return {
    id: user.id,
    authId: user.authId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    theme: user.theme,
    language: user.language,
    photo: user.photoKey ? { uri: fileUri(user.photoKey) } : null,
    accounts: memberships,
    onboardingInvites: await onboardingInvites(c, { auth: (await requireUser(c)).auth, user }),
  };
}

/** The caller, when `id` names them (product id, provider id or "me"); anyone else is 404. */
async function self(c: Context<AppEnv>, id: string): Promise<ProductUser> {
  const { user } = await requireUser(c);
  if (id !== "me" && id !== user.id && id !== user.authId) throw notFound("User not found");
  // The guard's row may come from the isolate's short cache; this screen shows the row itself.
  return (await freshUser(c, user.authId)) ?? user;
}

/** `POST v1/users` (multipart: data + photo): saves the caller's own details. */
endpoint(
  usersApi,
  "/v1",
  {
    method: "post",
    path: "/users",
    summary: "Save the signed-in user's details and profile photo",
    tags: ["users"],
    auth: "user",
    form: { data: SaveUserData, files: [{ field: "photo", maxBytes: MAX_PHOTO_BYTES }] },
    responses: { 200: { description: "The user", schema: UserDto }, ...errors, 413: { description: "Photo over 10 MB" }, 415: { description: "Photo not an image" } },
  },
  async (c, { form }) => {
    const { user } = await requireUser(c);
    const photo = form.files.photo;
    const patch: Partial<ProductUser> = {};
    for (const key of ["firstName", "lastName", "theme", "language"] as const) {
      if (form.data[key] !== undefined) (patch as Record<string, unknown>)[key] = form.data[key];
    }
    if (photo) patch.photoKey = await storeUpload(c.env.UPLOADS, `public/users/${user.id}`, photo);
    const updated = Object.keys(patch).length
      ? (await c.get("db").update(users).set(patch).where(eq(users.id, user.id)).returning())[0]
      : ((await freshUser(c, user.authId)) ?? user);
    rememberUser(updated);
    return c.json(await userDto(c, updated));
  },
);

/** `GET v1/users/{id}`: the app user with accounts and onboarding invites. */
endpoint(
  usersApi,
  "/v1",
  {
    method: "get",
    path: "/users/{id}",
    summary: "The signed-in user (by product id, provider id or 'me')",
    tags: ["users"],
    auth: "user",
    params: UserIdParam,
    responses: { 200: { description: "The user", schema: UserDto }, ...errors, 404: { description: "Not the caller", schema: ErrorEnvelope } },
  },
  async (c, { params }) => c.json(await userDto(c, await self(c, params.id))),
);

/** `POST v1/admin/users/{id}/clear-onboarding-invites`: stop offering the pending invites in onboarding. */
endpoint(
  usersApi,
  "/v1",
  {
    method: "post",
    path: "/admin/users/{id}/clear-onboarding-invites",
    summary: "Clear the user's onboarding invites",
    tags: ["users"],
    auth: "user",
    params: UserIdParam,
    responses: { 204: { description: "Cleared" }, ...errors, 404: { description: "Not the caller", schema: ErrorEnvelope } },
  },
  async (c, { params }) => {
    const user = await self(c, params.id);
    const [cleared] = await c.get("db").update(users).set({ onboardingInvitesClearedAt: new Date().toISOString() }).where(eq(users.id, user.id)).returning();
    if (cleared) rememberUser(cleared);
    return c.body(null, 204);
  },
);
