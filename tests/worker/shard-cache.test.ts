import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { partnerRows } from "../../worker/data/partner-numbers";
import { copyCustomer, customerSnapshot, settleLink, switchRouting } from "../../worker/data/relink";
import { database } from "../../worker/db";
import { apiAs } from "./auth";
import { withClockHeld } from "./clock";
import { capturedQueue, first, runFlows, second, undoFabrikamRelink } from "./flows-setup";

/**
 * The per-isolate routing of X-Account-Id (worker/tenant/shard.ts) after a
 * re-link moved a customer to another shard: Fabrikam (Northwind's customer,
 * first shard) links to Contoso (weur-1). The isolate's cached placement is
 * primed first and never cleared by the test: a request right after the
 * re-link must act on the new shard, not on the old one that keeps its rows.
 */
const FABRIKAM = DEMO.customers.fabrikam.id;
const fabrikam = (bindings?: Partial<Env>) => apiAs("customerAdmin", { accountId: FABRIKAM, bindings });
const teamsNamed = (db: typeof first, name: string) => db.select().from(schema.teams).where(eq(schema.teams.name, name));

/** Fabrikam's admin adds a team; answers where it was written. */
async function addTeam(): Promise<{ first: number; second: number }> {
  const name = `Routed ${crypto.randomUUID().slice(0, 8)}`;
  expect((await fabrikam().post("/v1/admin/teams", { name, department: "itAndData" })).status).toBe(201);
  return { first: (await teamsNamed(first, name)).length, second: (await teamsNamed(second, name)).length };
}

afterEach(undoFabrikamRelink);

describe("the cached shard of an account after a re-link", () => {
  it("is dropped by the re-linking request's isolate: the next request acts on the new shard", async () => {
    expect(await addTeam()).toEqual({ first: 1, second: 0 });
    const queue = capturedQueue();
    expect((await fabrikam(queue.bindings).post(`/v1/admin/accounts/${FABRIKAM}/assign-parent`, { tan: DEMO.contoso.tan })).status).toBe(202);
    expect((await runFlows(queue.sent)).explicitAcks).toHaveLength(1);
    expect(await addTeam()).toEqual({ first: 0, second: 1 });
  });

  // The clock held: the cached placement is the stale one, not one that lapsed on a slow machine.
  it("is read again from the directory, once, when the cached shard no longer serves the account (a re-link made by another isolate)", () =>
    withClockHeld(async () => {
      expect(await addTeam()).toEqual({ first: 1, second: 0 });
      // The re-link's steps as another isolate runs them: this isolate's cache still says the first shard.
      const directory = database(env.DB);
      const [from, to] = [database(env.SHARD_FIRST), database(env.SHARD_WEUR_1)];
      const [contoso = null] = await partnerRows(directory, [DEMO.contoso.id]);
      await copyCustomer(directory, to, (await customerSnapshot(from, FABRIKAM))!, contoso!);
      expect(await switchRouting(directory, FABRIKAM, DEMO.northwind.id, { partnerId: DEMO.contoso.id, currency: contoso!.currency }, "first")).toBe(
        "switched",
      );
      await Promise.all([settleLink(to, FABRIKAM, contoso), settleLink(from, FABRIKAM, contoso)]);
      // The old shard still holds Fabrikam's rows (its history stays): the request is moved to the new one all the same.
      expect(await first.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, FABRIKAM))).not.toEqual([]);
      expect(await addTeam()).toEqual({ first: 0, second: 1 });
      // Another account's admin is still refused (403), and a caller without a token (401).
      expect((await apiAs("otherCustomerAdmin", { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Nope", department: "itAndData" })).status).toBe(403);
      expect((await apiAs(null, { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Nope", department: "itAndData" })).status).toBe(401);
    }));
});
