import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { TeamType } from "../../contract/enums";
import { apiAs, multipart, signUp, tokenFor } from "./auth";
import { json } from "./helpers";
import { first } from "../present";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam.id;
const ALPINE = DEMO.customers.alpine.id;
const NORTHWIND = DEMO.northwind.id;

const teamsOf = async (accountId: string) => (await shardDbOf(accountId)).select().from(schema.teams).where(eq(schema.teams.accountId, accountId));

describe("teams", () => {
  it("lists the account's teams by department", async () => {
    const res = await apiAs("customerMember", { accountId: FABRIKAM }).get("/v1/admin/teams");
    expect(res.status).toBe(200);
    const { items } = await json(res);
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({ department: "customerSupport", memberCount: 0 });
  });

  it("creates, renames and deletes a team; a department's last team cannot be deleted", async () => {
    const admin = await tokenFor("customerAdmin");
    const created = await apiAs(admin, { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Growth", department: "marketing" });
    expect(created.status).toBe(201);
    const team = await json(created);
    expect(team).toMatchObject({ name: "Growth", department: "marketing", memberCount: 0 });
    const renamed = await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/teams/${team.id}`, { name: "Growth Marketing", department: "marketing" });
    expect(await json(renamed)).toMatchObject({ name: "Growth Marketing" });
    expect((await apiAs(admin, { accountId: FABRIKAM }).delete(`/v1/admin/teams/${team.id}`)).status).toBe(204);
    const marketing = (await teamsOf(FABRIKAM)).filter((t) => t.department === "marketing");
    expect(marketing).toHaveLength(1);
    const last = await apiAs(admin, { accountId: FABRIKAM }).delete(`/v1/admin/teams/${first(marketing).id}`);
    expect(last.status).toBe(409);
    expect((await json(last)).error.message).toBe("Each department needs at least 1 team");
    // Moving the last team out of its department is refused too.
    expect((await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/teams/${first(marketing).id}`, { name: "Marketing", department: "sales" })).status).toBe(
      409,
    );
    expect((await teamsOf(FABRIKAM)).filter((t) => t.department === "marketing")).toHaveLength(1);
  });

  it("answers 400 for missing or duplicate names and unknown departments, writing nothing", async () => {
    const admin = await tokenFor("customerAdmin");
    const before = (await teamsOf(FABRIKAM)).length;
    const empty = await apiAs(admin, { accountId: FABRIKAM }).post("/v1/admin/teams", { name: " ", department: "sales" });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields.name).toBe("Required");
    const dept = await apiAs(admin, { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "X", department: "pirates" });
    expect((await json(dept)).error.fields.department).toBeTruthy();
    const dup = await apiAs(admin, { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Finance", department: "finance" });
    expect(dup.status).toBe(400);
    expect((await json(dup)).error.fields.name).toBe("Value already exists");
    expect((await teamsOf(FABRIKAM)).length).toBe(before);
  });

  it("answers 401, 403 to a member and 404 for another tenant's team, changing nothing", async () => {
    const alpineTeam = first(await teamsOf(ALPINE));
    expect((await apiAs(null, { accountId: FABRIKAM }).get("/v1/admin/teams")).status).toBe(401);
    expect((await apiAs("customerMember", { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Mine", department: "sales" })).status).toBe(403);
    expect((await apiAs("customerAdmin", { accountId: FABRIKAM }).delete(`/v1/admin/teams/${alpineTeam.id}`)).status).toBe(404);
    expect(
      (await apiAs("customerAdmin", { accountId: FABRIKAM }).put(`/v1/admin/teams/${alpineTeam.id}`, { name: "Hacked", department: "sales" })).status,
    ).toBe(404);
    expect((await apiAs("otherCustomerAdmin", { accountId: FABRIKAM }).get("/v1/admin/teams")).status).toBe(403);
    const row = await db
      .select()
      .from(schema.teams)
      .where(and(eq(schema.teams.id, alpineTeam.id)));
    expect(first(row).name).toBe(alpineTeam.name);
  });

  it("starts a new account with one team per department", async () => {
    const { token } = await signUp("Tess Teams");
    const data = {
      name: "Teamful Ltd",
      website: "teamful.example.com",
      industry: "retail",
      size: "1-10",
      primaryEmail: "hi@teamful.example.com",
      currency: "USD",
      location: "US",
      language: "enUS",
      type: "customer",
    };
    const created = await apiAs(token).post("/v1/accounts", multipart(data, {}));
    expect(created.status).toBe(201);
    const account = await json(created);
    const { items } = await json(await apiAs(token, { accountId: account.id }).get("/v1/admin/teams"));
    expect(items.map((t: { department: string }) => t.department).sort()).toEqual([...TeamType].sort());
    // Its last team of a department cannot go either.
    const finance = items.find((t: { department: string }) => t.department === "finance");
    const removed = await apiAs(token, { accountId: account.id }).delete(`/v1/admin/teams/${finance.id}`);
    expect(removed.status).toBe(409);
    expect((await json(removed)).error.message).toBe("Each department needs at least 1 team");
  });

  it("the data migration gives an account without teams one per department and leaves complete accounts alone", async () => {
    // The seeded partners have no teams (accounts made before new accounts started with them); Fabrikam has one per department.
    await db.insert(schema.teams).values({ accountId: NORTHWIND, name: "Finance", department: "sales" });
    const fabrikamBefore = (await teamsOf(FABRIKAM)).map((t) => t.id).sort();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("teams-per-department"));
    expect(migration).toBeDefined();
    for (const query of migration?.queries ?? []) await env.DB.prepare(query).run();
    const northwind = await teamsOf(NORTHWIND);
    // Sales already had a team (the one named "Finance"), so it gets none.
    expect(northwind).toHaveLength(TeamType.length);
    for (const department of TeamType) expect(northwind.some((t) => t.department === department)).toBe(true);
    // The default name another team already held is told apart.
    expect(northwind.find((t) => t.department === "finance")?.name).toBe("Finance team");
    expect((await teamsOf(FABRIKAM)).map((t) => t.id).sort()).toEqual(fabrikamBefore);
  });

  it("two removals at once cannot take a department's last team", async () => {
    const admin = await tokenFor("customerAdmin");
    const extra = await json(await apiAs(admin, { accountId: FABRIKAM }).post("/v1/admin/teams", { name: "Field Sales", department: "sales" }));
    const sales = (await teamsOf(FABRIKAM)).filter((t) => t.department === "sales");
    expect(sales.map((t) => t.id)).toContain(extra.id);
    const answers = await Promise.all(sales.map((t) => apiAs(admin, { accountId: FABRIKAM }).delete(`/v1/admin/teams/${t.id}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([204, 409]);
    expect((await teamsOf(FABRIKAM)).filter((t) => t.department === "sales")).toHaveLength(1);
  });
});
