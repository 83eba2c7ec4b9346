import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "../../db/schema";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { directory } from "./flows-setup";
import { json } from "./helpers";

/**
 * A partner made by its owner's sign-up, and what the directory holds of
 * its people: for the tests of flows between the directory and a shard.
 */

/** A new UK partner (on the second shard), its owner and its partner number. */
export async function ukPartner(name: string) {
  const owner = await signUp(`${name} Owner`);
  const res = await apiAs(owner.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name, location: "UK", type: "partner" }));
  expect(res.status).toBe(201);
  const made = await json<{ id: string; tan: string }>(res);
  return { owner, id: made.id, tan: made.tan };
}

/** The identity user of an address. */
export const authUserOf = async (email: string) => (await directory.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)))[0]!.id;

/** The identity memberships of a user in a partner's organisation, in the directory. */
export const orgMembers = (authUserId: string, accountId: string) =>
  directory
    .select({ id: schema.authMembers.id })
    .from(schema.authMembers)
    .innerJoin(schema.accounts, eq(schema.accounts.authId, schema.authMembers.organizationId))
    .where(and(eq(schema.authMembers.userId, authUserId), eq(schema.accounts.id, accountId)));

/** An invite's status in the directory. */
export const inviteStatus = async (id: string) => (await directory.select().from(schema.invites).where(eq(schema.invites.id, id)))[0]?.status;
