import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { tokenFor } from "./auth";
import { call, json } from "./helpers";

const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam.id;
const ALPINE = DEMO.customers.alpine.id;

function send(method: string, token: string | null, path: string, body?: unknown, accountId = FABRIKAM) {
  const headers: Record<string, string> = { "X-Account-Id": accountId };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return call(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const teamsOf = (accountId: string) => db.select().from(schema.teams).where(eq(schema.teams.accountId, accountId));

describe("teams", () => {
  it("lists the account's teams by department", async () => {
    const res = await send("GET", await tokenFor("customerMember"), "/v1/admin/teams");
    expect(res.status).toBe(200);
    const { items } = await json(res);
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({ department: "customerSupport", memberCount: 0 });
  });

  it("creates, renames and deletes a team; a department's last team cannot be deleted", async () => {
    const admin = await tokenFor("customerAdmin");
    const created = await send("POST", admin, "/v1/admin/teams", { name: "Growth", department: "marketing" });
    expect(created.status).toBe(201);
    const team = await json(created);
    expect(team).toMatchObject({ name: "Growth", department: "marketing", memberCount: 0 });
    const renamed = await send("PUT", admin, `/v1/admin/teams/${team.id}`, { name: "Growth Marketing", department: "marketing" });
    expect(await json(renamed)).toMatchObject({ name: "Growth Marketing" });
    expect((await send("DELETE", admin, `/v1/admin/teams/${team.id}`)).status).toBe(204);
    const marketing = (await teamsOf(FABRIKAM)).filter((t) => t.department === "marketing");
    expect(marketing).toHaveLength(1);
    const last = await send("DELETE", admin, `/v1/admin/teams/${marketing[0].id}`);
    expect(last.status).toBe(409);
    expect((await json(last)).error.message).toBe("Each department needs at least 1 team");
    // Moving the last team out of its department is refused too.
    expect((await send("PUT", admin, `/v1/admin/teams/${marketing[0].id}`, { name: "Marketing", department: "sales" })).status).toBe(409);
    expect((await teamsOf(FABRIKAM)).filter((t) => t.department === "marketing")).toHaveLength(1);
  });

  it("answers 400 for missing or duplicate names and unknown departments, writing nothing", async () => {
    const admin = await tokenFor("customerAdmin");
    const before = (await teamsOf(FABRIKAM)).length;
    const empty = await send("POST", admin, "/v1/admin/teams", { name: " ", department: "sales" });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields.name).toBe("Required");
    const dept = await send("POST", admin, "/v1/admin/teams", { name: "X", department: "pirates" });
    expect((await json(dept)).error.fields.department).toBeTruthy();
    const dup = await send("POST", admin, "/v1/admin/teams", { name: "Finance", department: "finance" });
    expect(dup.status).toBe(400);
    expect((await json(dup)).error.fields.name).toBe("Value already exists");
    expect((await teamsOf(FABRIKAM)).length).toBe(before);
  });

  it("answers 401, 403 to a member and 404 for another tenant's team, changing nothing", async () => {
    const alpineTeam = (await teamsOf(ALPINE))[0];
    expect((await send("GET", null, "/v1/admin/teams")).status).toBe(401);
    expect((await send("POST", await tokenFor("customerMember"), "/v1/admin/teams", { name: "Mine", department: "sales" })).status).toBe(403);
    expect((await send("DELETE", await tokenFor("customerAdmin"), `/v1/admin/teams/${alpineTeam.id}`)).status).toBe(404);
    expect((await send("PUT", await tokenFor("customerAdmin"), `/v1/admin/teams/${alpineTeam.id}`, { name: "Hacked", department: "sales" })).status).toBe(404);
    expect((await send("GET", await tokenFor("otherCustomerAdmin"), "/v1/admin/teams", undefined, FABRIKAM)).status).toBe(403);
    const row = await db.select().from(schema.teams).where(and(eq(schema.teams.id, alpineTeam.id)));
    expect(row[0].name).toBe(alpineTeam.name);
  });
});
