import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { CUSTOMER_DETAILS } from "../../worker/data/routing-rows";
import { ACCOUNT_DETAILS, apiAs, multipart } from "./auth";
import { shardDbOf } from "./databases";
import { assignParent, directory, first, second } from "./flows-setup";
import { json } from "./helpers";
import { customerOnDomain } from "./partner-domain";

/**
 * The directory keeps a customer's routing row, not its details
 * (docs/decisions/2026-11-27-directory-routing-rows.md): a customer made on Contoso's
 * domain is on Contoso's shard (weur-1) in full; the directory's copy has its
 * name, partner and organisation, and leaves the details unset.
 */
const CONTOSO_HOST = `${DEMO.contoso.domain}:5173`;
const DETAILS = { ...ACCOUNT_DETAILS, website: "https://harbourside.test", primaryEmail: "hello@harbourside.test", location: "UK", timeZone: "Europe/London" };

/** A new customer made on Contoso's domain by a new admin signed in there; its id and the admin's API on that domain. */
const contosoCustomer = (name: string) => customerOnDomain(CONTOSO_HOST, { ...DETAILS, name });

const rowIn = async (db: typeof directory, id: string) => (await db.select().from(schema.accounts).where(eq(schema.accounts.id, id)))[0];
const detailsOf = (row: Record<string, unknown> | undefined) => Object.fromEntries(CUSTOMER_DETAILS.map((k) => [k, row?.[k] ?? null]));
const unset = Object.fromEntries(CUSTOMER_DETAILS.map((k) => [k, null]));

describe("the directory's copy of a customer on another shard", () => {
  it("is its routing row: name, partner and organisation, without the details its shard keeps", async () => {
    const { id, api } = await contosoCustomer("Harbourside Care");
    const onShard = await rowIn(await shardDbOf(id), id);
    expect(onShard).toMatchObject({ name: "Harbourside Care", parentAccountId: DEMO.contoso.id, website: DETAILS.website, primaryEmail: DETAILS.primaryEmail });
    expect(await rowIn(second, id)).toEqual(onShard);
    const routing = await rowIn(directory, id);
    expect(routing).toMatchObject({ id, type: "customer", name: "Harbourside Care", parentAccountId: DEMO.contoso.id, authId: onShard!.authId });
    expect(detailsOf(routing)).toEqual(unset);
    // Its admin reads it whole, from its shard.
    const own = await api.get(`/v1/accounts/${id}`);
    expect(own.status).toBe(200);
    expect(await json(own)).toMatchObject({ name: "Harbourside Care", website: DETAILS.website, primaryEmail: DETAILS.primaryEmail });
    // Refused input and no token write nothing.
    expect((await api.post("/v1/accounts", multipart({ name: "", type: "customer" }))).status).toBe(400);
    expect((await apiAs(null, { host: CONTOSO_HOST }).post("/v1/accounts", multipart({ ...DETAILS, name: "Nobody's", type: "customer" }))).status).toBe(401);
    expect(await directory.select().from(schema.accounts).where(eq(schema.accounts.name, "Nobody's"))).toEqual([]);
  });

  it("takes a change of name, not of details; the shard takes both", async () => {
    const { id, api } = await contosoCustomer("Quayside Clinic");
    const res = await api.send(
      "PUT",
      `/v1/admin/accounts/${id}/profile`,
      multipart({ ...DETAILS, name: "Quayside Clinics", website: "https://quayside.test" }),
    );
    expect(res.status).toBe(200);
    expect(await rowIn(second, id)).toMatchObject({ name: "Quayside Clinics", website: "https://quayside.test" });
    const routing = await rowIn(directory, id);
    expect(routing?.name).toBe("Quayside Clinics");
    expect(detailsOf(routing)).toEqual(unset);
    // A change of details alone reaches the shard only.
    expect(
      (await api.send("PUT", `/v1/admin/accounts/${id}/profile`, multipart({ ...DETAILS, name: "Quayside Clinics", primaryEmail: "desk@quayside.test" })))
        .status,
    ).toBe(200);
    expect((await rowIn(second, id))?.primaryEmail).toBe("desk@quayside.test");
    expect(detailsOf(await rowIn(directory, id))).toEqual(unset);
    // Another tenant's admin changes neither copy.
    const other = await apiAs("partnerAdmin", { accountId: id }).send("PUT", `/v1/admin/accounts/${id}/profile`, multipart({ ...DETAILS, name: "Taken Over" }));
    expect(other.status).toBeGreaterThanOrEqual(400);
    // A refused change writes nothing.
    expect((await api.send("PUT", `/v1/admin/accounts/${id}/profile`, multipart({ ...DETAILS, name: "" }))).status).toBe(400);
    expect([(await rowIn(directory, id))?.name, (await rowIn(second, id))?.name]).toEqual(["Quayside Clinics", "Quayside Clinics"]);
  });

  it("is filled with the customer's details when it moves to a partner on the directory's own database", async () => {
    const { id, bearer } = await contosoCustomer("Dockside Dental");
    const res = await assignParent(bearer, id, DEMO.northwind.tan);
    expect(res.status).toBe(202);
    const moved = await rowIn(first, id);
    expect(moved?.parentAccountId).toBe(DEMO.northwind.id);
    expect(moved).toMatchObject({
      name: "Dockside Dental",
      website: DETAILS.website,
      primaryEmail: DETAILS.primaryEmail,
      location: "UK",
      timeZone: "Europe/London",
    });
  });
});
