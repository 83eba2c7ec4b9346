import { describe, expect, it } from "vitest";
import { SHARD_MOVES_PATH, type MoveState } from "../../contract/shard-moves";
import { driveMove, moveArgs, type Send } from "../../scripts/shards-move";
import { PLACEMENT } from "../../worker/d1/placement";
import { COPY_STEPS, keysInto, MOVED_TABLES, PRICE_GROUPS } from "../../worker/data/shard-move-tables";

describe("npm run shards -- move: its arguments", () => {
  it("takes the partner (id or host) and the shard, and the Worker from --url, else OPERATOR_URL, else the local dev server", () => {
    expect(moveArgs(["move", "learn.northwind.test", "weur-1"], {})).toEqual({
      partner: "learn.northwind.test",
      shard: "weur-1",
      url: "http://localhost:5173",
    });
    expect(moveArgs(["move", "p1", "weur-1"], { OPERATOR_URL: "https://app.example.com/" })).toMatchObject({ url: "https://app.example.com" });
    expect(moveArgs(["move", "--url", "https://x.example", "p1", "first"], { OPERATOR_URL: "https://other" })).toEqual({
      partner: "p1",
      shard: "first",
      url: "https://x.example",
    });
    expect(moveArgs(["move", "p1", "first", "--url", "https://x.example"], {})).toMatchObject({ partner: "p1", shard: "first", url: "https://x.example" });
  });

  it("refuses a missing or extra argument, a shard that is not a name, and --url without a value", () => {
    expect(() => moveArgs(["move"], {})).toThrow(/Usage/);
    expect(() => moveArgs(["move", "p1"], {})).toThrow(/Usage/);
    expect(() => moveArgs(["move", "p1", "weur-1", "extra"], {})).toThrow(/Usage/);
    expect(() => moveArgs(["move", "p1", "weur-1", "--url"], {})).toThrow(/Usage/);
    expect(() => moveArgs(["move", "p1", "Weur 1"], {})).toThrow(/not a shard name/);
  });
});

describe("the move's driver (scripts/shards-move.ts)", () => {
  const state = (over: Partial<MoveState>): MoveState => ({
    partnerId: "p1",
    name: "Northwind",
    from: "first",
    to: "weur-1",
    phase: "copying",
    waitMs: 0,
    copySteps: ["accounts", "jobs"],
    cleanupSteps: ["jobs"],
    ...over,
  });

  it("copies each step to its last chunk, flips, cleans up and finishes; waits as a 409 says", async () => {
    const calls: string[] = [];
    const waits: number[] = [];
    let deleted = 2;
    let refusedOnce = false;
    const send: Send = async (path, body) => {
      const b = body as { step?: string; after?: string | null };
      calls.push(`${path.replace(SHARD_MOVES_PATH, "")} ${b.step ?? ""} ${b.after ?? ""}`.trim());
      if (path === SHARD_MOVES_PATH) return { status: 200, body: state({ waitMs: 1500 }), retryAfter: null };
      if (path.endsWith("/copy")) {
        if (!refusedOnce) {
          refusedOnce = true;
          return { status: 409, body: { error: { message: "wait" } }, retryAfter: 2 };
        }
        return { status: 200, body: { copied: 1, last: b.step === "jobs" && !b.after ? "j1" : null }, retryAfter: null };
      }
      if (path.endsWith("/verify")) return { status: 200, body: { tables: [], ok: true }, retryAfter: null };
      if (path.endsWith("/flip")) return { status: 200, body: state({ phase: "moved", waitMs: 700 }), retryAfter: null };
      if (path.endsWith("/cleanup")) return { status: 200, body: { deleted: deleted-- > 0 ? 1 : 0 }, retryAfter: null };
      return { status: 200, body: state({ phase: "done", from: "weur-1" }), retryAfter: null };
    };
    const lines: string[] = [];
    const done = await driveMove(
      send,
      { partner: "p1", shard: "weur-1" },
      (l) => lines.push(l),
      async (ms) => void waits.push(ms),
    );
    expect(done.phase).toBe("done");
    expect(waits).toEqual([1500, 2000, 700]);
    expect(calls).toEqual([
      "",
      "/p1/copy accounts",
      "/p1/copy accounts",
      "/p1/copy jobs",
      "/p1/copy jobs j1",
      "/p1/verify",
      "/p1/flip",
      "/p1/cleanup jobs",
      "/p1/cleanup jobs",
      "/p1/cleanup jobs",
      "/p1/finish",
    ]);
    expect(lines).toContain("  copied jobs: 2");
    expect(lines).toContain("  deleted from first jobs: 2");
  });

  it("resumes a move already flipped at its cleanup, and stops on a failure saying to run again", async () => {
    const calls: string[] = [];
    const send: Send = async (path) => {
      calls.push(path.replace(SHARD_MOVES_PATH, ""));
      if (path === SHARD_MOVES_PATH) return { status: 200, body: state({ phase: "moved" }), retryAfter: null };
      return { status: 500, body: { error: { message: "Something went wrong" } }, retryAfter: null };
    };
    await expect(
      driveMove(
        send,
        { partner: "p1", shard: "weur-1" },
        () => {},
        async () => {},
      ),
    ).rejects.toThrow(/cleanup jobs: 500 Something went wrong \(run the same command again to resume\)/);
    expect(calls).toEqual(["", "/p1/cleanup"]);
  });
});

describe("the tables a move carries (worker/data/shard-move-tables.ts)", () => {
  it("are every shard and both table but users, each after the tables it points at (a customer's price group set last)", () => {
    const placed = Object.entries(PLACEMENT).flatMap(([t, where]) => (where !== "directory" && t !== "users" ? [t] : []));
    expect(MOVED_TABLES.map((t) => t.name).sort()).toEqual(placed.sort());
    const position = new Map(MOVED_TABLES.map((t, i) => [t.name, i]));
    for (const t of MOVED_TABLES)
      for (const fk of t.refs)
        if (position.has(fk.target) && fk.target !== t.name && !(t.name === "accounts" && fk.key === "priceGroupId"))
          expect(position.get(fk.target), `${t.name}.${fk.key} → ${fk.target}`).toBeLessThan(position.get(t.name)!);
    expect(COPY_STEPS.at(-1)).toBe(PRICE_GROUPS);
    expect(MOVED_TABLES[0]!.name).toBe("accounts");
  });

  it("knows every key into a table from a shard's tables (what keeps a row another partner still names), none from the directory's own", () => {
    expect(keysInto("workouts").map((k) => `${k.from}.${k.key}`)).toEqual(expect.arrayContaining(["library_entries.workoutId", "jobs.workoutId"]));
    const intoAccounts = keysInto("accounts").map((k) => `${k.from}.${k.key}`);
    expect(intoAccounts).toEqual(expect.arrayContaining(["accounts.parentAccountId", "jobs.accountId", "slot_holds.partnerAccountId"]));
    // Invites and the assessment bank are the directory's: never read on a shard (worker/d1/placement-checks.ts).
    expect(intoAccounts.filter((k) => k.startsWith("invites.") || k.startsWith("assessment_questions."))).toEqual([]);
    expect(keysInto("price_groups").map((k) => k.from)).not.toContain("accounts");
  });
});
