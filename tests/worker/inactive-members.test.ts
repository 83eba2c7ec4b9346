import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import worker from "../../worker/index";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { capturedQueue, directory, first, second } from "./flows-setup";
import { json } from "./helpers";

/**
 * The cron's clean-up of identity memberships whose member is inactive on its
 * shard (memberships made inactive before the directory dropped them): the
 * directory's `auth_members` row goes, once, whatever the number of runs; a
 * stale inactive copy on a shard the account is not placed on removes nothing.
 */
const NO_QUEUE = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
const runCron = () => worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE: NO_QUEUE, ...capturedQueue().bindings });

describe("identity memberships of inactive members", () => {
  it("leave the directory with the cron, run twice; active members and another shard's stale rows are left alone", async () => {
    const owner = await signUp("Sweep Owner");
    const made = await apiAs(owner.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Sweep Partner", location: "UK", type: "partner" }));
    expect(made.status).toBe(201);
    const partnerId = (await json<{ id: string }>(made)).id;
    const [partner] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, partnerId));
    const join = async (name: string) => {
      const person = await signUp(name);
      const sent = await apiAs(owner.token, { accountId: partnerId }).post("/v1/admin/account-users/invites", { emails: person.email });
      const inviteId = (await json(sent)).results[0].inviteId as string;
      expect((await apiAs(person.token).post(`/v1/accounts/${partnerId}/invites/${inviteId}/accept`)).status).toBe(200);
      const [user] = await second.select().from(schema.users).where(eq(schema.users.email, person.email));
      return user!;
    };
    const [legacy, active] = [await join("Lena Legacy"), await join("Arlo Active")];
    const identity = async (user: { authId: string }) =>
      (
        await directory
          .select({ id: schema.authMembers.id })
          .from(schema.authMembers)
          .where(and(eq(schema.authMembers.userId, user.authId), eq(schema.authMembers.organizationId, partner!.authId!)))
      ).length;
    const ownerUser = (await second.select().from(schema.users).where(eq(schema.users.email, owner.email)))[0]!;

    // Made inactive the old way: the shard's status only, the directory's row kept.
    await second
      .update(schema.accountUsers)
      .set({ status: "inactive" })
      .where(and(eq(schema.accountUsers.accountId, partnerId), eq(schema.accountUsers.userId, legacy.id)));
    // A stale copy of the account on the first shard says the active member is inactive: the directory places the partner on weur-1.
    const [activeMember] = await second
      .select()
      .from(schema.accountUsers)
      .where(and(eq(schema.accountUsers.accountId, partnerId), eq(schema.accountUsers.userId, active.id)));
    await first.batch([
      first.insert(schema.accounts).values(partner!).onConflictDoNothing(),
      first.insert(schema.users).values(active).onConflictDoNothing(),
      first.insert(schema.accountUsers).values({ ...activeMember!, status: "inactive" }),
    ]);
    expect([await identity(legacy), await identity(active), await identity(ownerUser)]).toEqual([1, 1, 1]);

    for (let run = 0; run < 2; run++) {
      await runCron();
      expect([await identity(legacy), await identity(active), await identity(ownerUser)]).toEqual([0, 1, 1]);
    }
    await first.delete(schema.accounts).where(eq(schema.accounts.id, partnerId));
  });
});
