import { env } from "cloudflare:workers";
import { eq, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { CUSTOMER_DETAILS } from "../../worker/data/routing-rows";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { ACCOUNT_DETAILS, apiAs, signUp } from "./auth";
import { allDatabases } from "./databases";
import { directory, second } from "./flows-setup";
import { json } from "./helpers";
import { customerOnDomain } from "./partner-domain";

/**
 * The contract step of the routing rows (docs/decisions/2026-11-27-routing-rows-contracted.md):
 * the migration nulls a customer's eight details on the directory's rows where
 * the row is only a routing row (its customer lives on another shard), and
 * nowhere else. Harbour Health (Contoso's, on weur-1) gets its details back on
 * its directory row first, as a release before the expand step wrote them.
 */
const HARBOUR = DEMO.customers.harbour.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const CONTOSO = DEMO.contoso.id;
const CONTRACT = env.TEST_MIGRATIONS.find((m) => m.name.includes("contract-routing-rows"));

/** The migration's statements, run on every database as `npm run shards -- migrate` does (the directory's is also shard `first`). */
async function contract() {
  for (const { d1 } of allDatabases()) for (const query of CONTRACT!.queries) await d1.prepare(query).run();
}

const rowIn = async (db: typeof directory, id: string) => (await db.select().from(schema.accounts).where(eq(schema.accounts.id, id)))[0]!;
const detailsOf = (row: Record<string, unknown>) => Object.fromEntries(CUSTOMER_DETAILS.map((k) => [k, row[k] ?? null]));
const unset = Object.fromEntries(CUSTOMER_DETAILS.map((k) => [k, null]));

/** Harbour's directory row as an older release left it: its shard's details copied in (its price group is a shard's row: the directory's key refuses it). */
async function harbourAsBefore() {
  const onShard = await rowIn(second, HARBOUR);
  await directory
    .update(schema.accounts)
    .set({ ...detailsOf(onShard), priceGroupId: null })
    .where(eq(schema.accounts.id, HARBOUR));
  return onShard;
}

describe("the contract step of the directory's routing rows", () => {
  it("nulls the details of a customer that lives on another shard on its directory row only; partners, the first shard's customers and shard rows keep theirs", async () => {
    expect(CONTRACT).toBeDefined();
    const harbour = await harbourAsBefore();
    expect(detailsOf(harbour)).toMatchObject({ website: "https://harbourhealth.test", primaryEmail: "digital@harbourhealth.test" });
    expect(detailsOf(await rowIn(directory, HARBOUR))).toEqual({ ...detailsOf(harbour), priceGroupId: null });
    // A customer made on Contoso's domain by the current release: its routing row has no details to null.
    const made = await customerOnDomain(`${DEMO.contoso.domain}:5173`, { ...ACCOUNT_DETAILS, name: "Pier Physio", website: "https://pier.test" });
    const before = {
      fabrikam: await rowIn(directory, FABRIKAM),
      contoso: await rowIn(directory, CONTOSO),
      contosoOnShard: await rowIn(second, CONTOSO),
      madeOnShard: await rowIn(second, made.id),
      madeRouting: await rowIn(directory, made.id),
    };
    // On the directory's own database Fabrikam's row is its shard's row: it has its details and keeps them.
    expect(before.fabrikam.website).not.toBeNull();

    for (let run = 0; run < 2; run++) {
      await contract();
      expect(detailsOf(await rowIn(directory, HARBOUR))).toEqual(unset);
      expect(await rowIn(directory, HARBOUR)).toMatchObject({ name: harbour.name, parentAccountId: CONTOSO, authId: harbour.authId, type: "customer" });
      expect(await rowIn(second, HARBOUR)).toEqual(harbour);
      expect(await rowIn(directory, FABRIKAM)).toEqual(before.fabrikam);
      expect(await rowIn(directory, CONTOSO)).toEqual(before.contoso);
      expect(await rowIn(second, CONTOSO)).toEqual(before.contosoOnShard);
      expect(await rowIn(second, made.id)).toEqual(before.madeOnShard);
      expect(await rowIn(directory, made.id)).toEqual(before.madeRouting);
    }
  });

  it("changes no answer of the routing and look-up paths: none of them reads a routing row's details", async () => {
    await harbourAsBefore();
    const finn = (accountId?: string) => apiAs("otherCustomerAdmin", { accountId });
    const contoso = apiAs("otherPartnerAdmin", { accountId: CONTOSO });
    // A pending invite of Harbour's: the invitee's onboarding invites read it with the account's routing row.
    const invitee = await signUp("Ivy Invitee");
    expect((await finn(HARBOUR).post("/v1/admin/account-users/invites", { emails: invitee.email })).status).toBe(200);
    // Memberships (membershipShards), the account routed by X-Account-Id, its members there, its partner's customers, an invitee's onboarding invites.
    const answers = async () => {
      clearIsolateCaches();
      const read = async (res: Promise<Response>) => {
        const answer = await res;
        return { status: answer.status, body: await json(answer) };
      };
      return {
        accounts: await read(finn().get("/v1/users/me")),
        own: await read(finn(HARBOUR).get(`/v1/accounts/${HARBOUR}`)),
        members: await read(finn(HARBOUR).get("/v1/admin/account-users")),
        dependents: await read(contoso.get("/v1/admin/dependents")),
        dependent: await read(contoso.get(`/v1/admin/dependents/${HARBOUR}`)),
        invited: await read(apiAs(invitee.token).get("/v1/users/me")),
      };
    };
    const before = await answers();
    expect(before.own).toMatchObject({ status: 200, body: { website: "https://harbourhealth.test" } });
    expect(before.dependent.status).toBe(200);
    expect(JSON.stringify(before.accounts.body)).toContain(HARBOUR);
    expect(JSON.stringify(before.invited.body.onboardingInvites)).toContain(DEMO.customers.harbour.name);
    await contract();
    expect(detailsOf(await rowIn(directory, HARBOUR))).toEqual(unset);
    expect(await answers()).toEqual(before);
    // Without a token, or from another partner, still refused.
    expect((await apiAs(null, { accountId: HARBOUR }).get(`/v1/accounts/${HARBOUR}`)).status).toBe(401);
    expect((await apiAs("partnerAdmin").get(`/v1/admin/dependents/${HARBOUR}`)).status).toBe(404);
  });

  it("keeps every column in every database, so the previous release's queries of the routing rows still run during the deploy", async () => {
    await harbourAsBefore();
    await contract();
    const model = Object.values(getTableColumns(schema.accounts))
      .map((c) => c.name)
      .sort();
    for (const { d1 } of allDatabases()) {
      const { results } = await d1.prepare("SELECT name FROM pragma_table_info('accounts')").all<{ name: string }>();
      expect(results.map((r) => r.name).sort()).toEqual(model);
    }
    // The previous release reads every column by name and may still write a customer's details to the directory (a release before the expand did).
    expect(detailsOf(await rowIn(directory, HARBOUR))).toEqual(unset);
    await directory.update(schema.accounts).set({ website: "https://old-release.test" }).where(eq(schema.accounts.id, HARBOUR));
    expect((await rowIn(directory, HARBOUR)).website).toBe("https://old-release.test");
    // Run again later, the contract takes it away again.
    await contract();
    expect((await rowIn(directory, HARBOUR)).website).toBeNull();
  });
});
