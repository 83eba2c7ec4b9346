import { describe, expect, it } from "vitest";
import { misplacedTables, placementChecked, withPlacementChecks } from "../../worker/d1/placement-checks";

describe("statements checked against where their tables live", () => {
  it("names the directory's tables in a statement sent to a shard, quoted by drizzle or written by hand", () => {
    const drizzle =
      'select "invites"."id", "accounts"."name" from "invites" inner join "accounts" on "accounts"."id" = "invites"."account_id" where "invites"."id" = ?';
    expect(misplacedTables(drizzle, "shard")).toEqual(["invites"]);
    expect(misplacedTables("INSERT INTO published_workouts (id) VALUES (?)", "shard")).toEqual(["published_workouts"]);
    expect(misplacedTables('update "auth_members" set "role" = ?', "shard")).toEqual(["auth_members"]);
    expect(misplacedTables('delete from "assessment_questions"', "shard")).toEqual(["assessment_questions"]);
  });

  it("names a shard's tables in a statement sent to the directory, subqueries included", () => {
    const query = 'select * from "accounts" where "id" in (select "account_id" from "jobs" where "status" = ?) and exists (select 1 from mail_outbox)';
    expect(misplacedTables(query, "directory")).toEqual(["jobs", "mail_outbox"]);
  });

  it("lets tables that live in both, and words that are not tables, pass", () => {
    expect(misplacedTables('select * from "accounts" inner join "users" on 1 = 1', "shard")).toEqual([]);
    expect(misplacedTables('select * from "accounts" inner join "users" on 1 = 1', "directory")).toEqual([]);
    expect(misplacedTables('insert into "scores" ("id") values (?) on conflict ("id") do update set "value" = excluded."value"', "shard")).toEqual([]);
    expect(misplacedTables("select * from (select 1) as t", "directory")).toEqual([]);
  });

  it("throws before the statement reaches the database, and wraps a database once", () => {
    const sent: string[] = [];
    const d1 = { prepare: (q: string) => (sent.push(q), { q }), batch: async () => [], exec: async () => ({}), withSession: () => d1 } as unknown as D1Database;
    const checked = placementChecked(d1, "shard", "the shard binding SHARD_WEUR_1");
    expect(() => checked.prepare('select * from "invites"')).toThrow(/invites is not on the shard binding SHARD_WEUR_1/);
    expect(sent).toEqual([]);
    checked.prepare('select * from "jobs"');
    expect(sent).toEqual(['select * from "jobs"']);
    expect(placementChecked(checked, "shard", "again")).toBe(checked);
    // Sessions of a checked database are checked too.
    expect(() => checked.withSession().prepare('select * from "auth_users"')).toThrow(/auth_users/);
  });

  it("checks the directory and every shard binding only when PLACEMENT_CHECKS is on", () => {
    const d1 = () => ({ prepare: (q: string) => ({ q }), batch: async () => [], exec: async () => ({}) }) as unknown as D1Database;
    const off = { DB: d1(), SHARD_FIRST: d1() };
    expect(withPlacementChecks(off)).toBe(off);
    const on = withPlacementChecks({ PLACEMENT_CHECKS: "on", DB: d1(), SHARD_FIRST: d1(), UPLOADS: {} });
    expect(() => on.DB.prepare('select * from "jobs"')).toThrow(/jobs is not on the directory/);
    expect(() => on.SHARD_FIRST.prepare('select * from "invites"')).toThrow(/invites is not on the shard binding SHARD_FIRST/);
    expect(withPlacementChecks(on)).toBe(on);
  });
});

describe("the checked bindings are made once", () => {
  it("answers the same checked env for the same env, and still refuses a misplaced statement after a placed one", () => {
    const d1 = { prepare: (q: string) => ({ q }), batch: async () => [], exec: async () => ({}) } as unknown as D1Database;
    const env = { PLACEMENT_CHECKS: "on", DB: d1, SHARD_WEUR_1: d1 };
    const once = withPlacementChecks(env);
    expect(withPlacementChecks(env)).toBe(once);
    expect(once.DB).not.toBe(d1);
    const query = 'select * from "jobs"';
    expect(() => once.SHARD_WEUR_1.prepare(query)).not.toThrow();
    expect(() => once.DB.prepare(query)).toThrow(/jobs is not on the directory/);
    expect(() => once.SHARD_WEUR_1.prepare(query)).not.toThrow();
    expect(() => once.DB.prepare(query)).toThrow(/jobs is not on the directory/);
  });
});
