import type { Context } from "hono";
import { Hono } from "hono";
import { MAX_PHOTO_BYTES } from "../../contract/accounts";
import { ErrorEnvelope } from "../../contract/errors";
import { SaveUserData, UserDto, UserIdParam } from "../../contract/users";
import { SetTimeZoneBody } from "../../contract/time-zones";
import { freshUserWithInvites, onboardingInvites } from "../data/accounts";
import { clearOnboardingInvites, saveTimeZone, saveUser } from "../data/users";
import type { AppEnv } from "../env";
import { endpoint, type UserScope } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { notFound } from "../http/errors";
import { callerMemberships, freshUser, rememberUser, type ProductUser } from "../identity/context";
import { fileUri } from "../storage/files";
import { storeUpload } from "../storage/uploads";

export const usersApi = new Hono<AppEnv>();

const errors = errorResponses();

/**
 * `GET v1/users/me`'s answer (also inlined by the server-rendered page): `user`
 * is the caller's own row, as fresh as the endpoint needs.
 */
export async function userDto(c: Context<AppEnv>, scope: UserScope, user: ProductUser): Promise<UserDto> {
  return (await userAnswer(c, scope, user)).dto;
}

/**
 * `userDto`, with the caller's memberships as read (whole accounts, each with
 * its shard). `fresh`: the user's row is read again from the directory (the
 * guard's may come from the isolate's short cache) in the invites' round trip.
 */
export async function userAnswer(c: Context<AppEnv>, scope: UserScope, known: ProductUser, fresh = false) {
  // The memberships are on the shards of their partners, the invites by address in the directory: read side by side.
  const [memberships, read] = await Promise.all([
    callerMemberships(c, { auth: scope.auth, user: known }),
    fresh
      ? freshUserWithInvites(c.get("directory"), { auth: scope.auth, user: known })
      : onboardingInvites(c.get("directory"), { auth: scope.auth, user: known }).then((invites) => ({ user: known, invites })),
  ]);
  const user = read.user ?? known;
  if (fresh && read.user) rememberUser(read.user);
  const invites = read.invites;
  const dto: UserDto = {
    id: user.id,
    authId: user.authId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    theme: user.theme,
    language: user.language,
    timeZone: user.timeZone,
    photo: user.photoKey ? { uri: fileUri(user.photoKey) } : null,
    accounts: memberships
      .map(({ account, role, partnerName }) => ({
        id: account.id,
        authId: account.authId,
        name: account.name,
        type: account.type,
        role,
        partnerName: account.type === "partner" ? null : partnerName,
        partnerId: account.type === "partner" ? null : account.parentAccountId,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    onboardingInvites: invites,
  };
  return { dto, memberships };
}

/** 404 unless `id` names the caller (product id, provider id or "me"). */
function requireSelf({ user }: UserScope, id: string): void {
  if (id !== "me" && id !== user.id && id !== user.authId) throw notFound("User not found");
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
    responses: {
      200: { description: "The user", schema: UserDto },
      ...errors,
      413: { description: "Photo over 10 MB" },
      415: { description: "Photo not an image" },
    },
  },
  async (c, { form }, scope) => {
    const { user } = scope;
    const photo = form.files.photo;
    const patch: Partial<ProductUser> = {};
    for (const key of ["firstName", "lastName", "theme", "language"] as const) {
      if (form.data[key] !== undefined) (patch as Record<string, unknown>)[key] = form.data[key];
    }
    if (photo) patch.photoKey = await storeUpload(c.env.UPLOADS, `public/users/${user.id}`, photo);
    const updated = Object.keys(patch).length ? await saveUser(c.get("directory"), c.get("db"), scope, patch) : ((await freshUser(c, user.authId)) ?? user);
    rememberUser(updated, c.get("shard").name);
    return c.json(await userDto(c, scope, updated));
  },
);

/**
 * `PUT v1/users/{id}/time-zone`: the caller's own time zone (IANA, checked
 * against the runtime's zones and stored in its canonical spelling). The
 * browser sends it on the first signed-in load; the profile changes it.
 */
endpoint(
  usersApi,
  "/v1",
  {
    method: "put",
    path: "/users/{id}/time-zone",
    summary: "Set the signed-in user's time zone",
    tags: ["users"],
    auth: "user",
    params: UserIdParam,
    body: SetTimeZoneBody,
    responses: { 200: { description: "The user", schema: UserDto }, ...errors, 404: { description: "Not the caller", schema: ErrorEnvelope } },
  },
  async (c, { params, body }, scope) => {
    requireSelf(scope, params.id);
    const updated = await saveTimeZone(c.get("directory"), c.get("db"), scope, body.timeZone);
    rememberUser(updated, c.get("shard").name);
    return c.json(await userDto(c, scope, updated));
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
  async (c, { params }, scope) => {
    requireSelf(scope, params.id);
    // The row itself, fresh, read with the invites beside the memberships: one round trip, not two.
    return c.json((await userAnswer(c, scope, scope.user, true)).dto);
  },
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
  async (c, { params }, scope) => {
    requireSelf(scope, params.id);
    const cleared = await clearOnboardingInvites(c.get("directory"), scope);
    if (cleared) rememberUser(cleared);
    return c.body(null, 204);
  },
);
