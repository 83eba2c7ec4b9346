import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO } from "../../db/seed";
import { LAST_ATTEMPT, RETRY_WINDOW_MS, type FlowMessage } from "../../worker/domain/flows";
import { KEPT_FOR_MS, KEPT_PER_RUN } from "../../worker/data/flow-steps";
import { listKeptSql, retryKeptSql, type KeptRow } from "../../scripts/kept-steps";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { capturedQueue, runFlows } from "./flows-setup";
import { cronKept, dueNow, keptFor, keptInDirectory } from "./kept-setup";

/**
 * Flow steps kept until they succeed (worker/flows/kept.ts), as the cron
 * finds them: a moving partner's wait for its flip, and a run's bounded
 * batch of the rows due. The steps of each flow given up and repaired are
 * tested with the flow (undo-steps, directory-memberships, flows-slots,
 * flows-relink).
 */
const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;
const first = env.SHARD_FIRST;
const second = env.SHARD_WEUR_1;

/** Records Contoso's move from weur-1 to the first shard (null: none); `shard` is where the directory routes it. */
async function contosoMove(phase: "copying" | "moved" | null) {
  const move = phase ? JSON.stringify({ from: "weur-1", to: "first", phase, at: new Date(Date.now() - 60_000).toISOString() }) : null;
  await env.DB.prepare("UPDATE accounts SET shard_move = ?2, shard = ?3 WHERE id = ?1")
    .bind(CONTOSO, move, phase === "moved" ? "first" : "weur-1")
    .run();
  clearIsolateCaches();
}

afterEach(async () => {
  await contosoMove(null);
  for (const d1 of [first, second]) await d1.prepare("DELETE FROM flow_steps").run();
  await env.DB.prepare("DELETE FROM directory_steps").run();
});

describe("a kept flow step of a partner that moves", () => {
  it("waits for the move past the queue's retries, is left alone by the cron until the flip, then sent from the shard the move carried it to", async () => {
    // Harbour's link, half written on Contoso's shard (weur-1), kept there: the step waits while Contoso's rows are copied from there.
    const step: FlowMessage = { kind: "undoLink", shard: "weur-1", customerId: HARBOUR, from: CONTOSO, to: DEMO.northwind.id };
    const keptId = crypto.randomUUID();
    await second
      .prepare("INSERT INTO flow_steps (id, kind, message, account_id, due_at) VALUES (?1, 'undoLink', ?2, ?3, ?4)")
      .bind(keptId, JSON.stringify(step), HARBOUR, new Date(Date.now() - 1000).toISOString())
      .run();
    await contosoMove("copying");
    const queue = capturedQueue();
    for (const attempts of [1, LAST_ATTEMPT]) expect((await runFlows([step], { attempts, bindings: queue.bindings })).retryMessages).toHaveLength(1);
    // The queue's last delivery (the first and max_retries more) still waits: sent again as a new message, never run nor compensated.
    expect((await runFlows([step], { attempts: LAST_ATTEMPT + 1, bindings: queue.bindings })).explicitAcks).toHaveLength(1);
    expect(queue.sent).toEqual([step]);
    const [kept] = await keptFor(second, HARBOUR);
    expect(kept).toMatchObject({ id: keptId, requeues: 0 });
    // Due, but its partner moves: the cron leaves it.
    expect(await cronKept(HARBOUR)).toEqual([]);

    // Flipped: the move's copy carried the row to the first shard, whose cron sends it as a step of that shard; the old twin waits for the cleanup.
    const row = await second.prepare("SELECT * FROM flow_steps WHERE id = ?1").bind(kept!.id).first<Record<string, unknown>>();
    const columns = Object.keys(row!);
    await first
      .prepare(`INSERT INTO flow_steps (${columns.join(", ")}) VALUES (${columns.map((_, i) => `?${i + 1}`).join(", ")})`)
      .bind(...columns.map((c) => row![c]))
      .run();
    await contosoMove("moved");
    expect(await cronKept(HARBOUR)).toEqual([{ ...step, shard: "first", keptId: kept!.id }]);
    // Sent again: due once the new message's retry window is over.
    const [after] = await keptFor(first, HARBOUR);
    expect(after).toMatchObject({ requeues: 1 });
    expect(Date.parse(after!.dueAt)).toBeGreaterThan(Date.now() + RETRY_WINDOW_MS - 60_000);
    expect(await cronKept(HARBOUR)).toEqual([]);
  });
});

describe("a flow step kept in the directory", () => {
  it("is left alone by the cron while its partner moves, then sent as a step kept in the directory, due again after its window", async () => {
    // Harbour's link, kept in the directory's batch of a request that stopped there.
    const step: FlowMessage = { kind: "undoLink", shard: "weur-1", customerId: HARBOUR, from: CONTOSO, to: DEMO.northwind.id };
    const keptId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO directory_steps (id, kind, message, account_id, due_at) VALUES (?1, 'undoLink', ?2, ?3, ?4)")
      .bind(keptId, JSON.stringify({ ...step, keptIn: "directory" }), HARBOUR, new Date(Date.now() - 1000).toISOString())
      .run();
    await contosoMove("copying");
    expect(await cronKept(HARBOUR)).toEqual([]);
    await contosoMove(null);
    expect(await cronKept(HARBOUR)).toEqual([{ ...step, keptIn: "directory", keptId }]);
    const [after] = await keptInDirectory(HARBOUR);
    expect(after).toMatchObject({ id: keptId, requeues: 1 });
    expect(Date.parse(after!.dueAt)).toBeGreaterThan(Date.now() + RETRY_WINDOW_MS - 60_000);
    expect(await cronKept(HARBOUR)).toEqual([]);
    // Run, the two databases agreeing, it takes nothing back and its row goes from the directory.
    expect((await runFlows([{ ...step, keptIn: "directory", keptId }])).explicitAcks).toHaveLength(1);
    expect(await keptInDirectory(HARBOUR)).toEqual([]);
    expect(await keptFor(second, HARBOUR)).toEqual([]);
  });
});

describe("the cron's run over kept steps", () => {
  it("sends a bounded batch of the rows due, oldest first, and leaves those inside their window", async () => {
    const past = (i: number) => new Date(Date.now() - (1000 - i) * 1000).toISOString();
    const rows = Array.from({ length: KEPT_PER_RUN + 5 }, (_, i) => ({ id: `kept-${String(i).padStart(3, "0")}`, dueAt: past(i) }));
    rows.push({ id: "kept-inside", dueAt: new Date(Date.now() + 60_000).toISOString() });
    await first.batch(
      rows.map((r) =>
        first
          .prepare("INSERT INTO flow_steps (id, kind, message, due_at) VALUES (?1, 'publish', ?2, ?3)")
          .bind(r.id, JSON.stringify({ kind: "publish", shard: "first", workoutId: `gone-${r.id}` }), r.dueAt),
      ),
    );
    const firstRun = await cronKept(null);
    expect(firstRun.map((m) => m.keptId)).toEqual(rows.slice(0, KEPT_PER_RUN).map((r) => r.id));
    const secondRun = await cronKept(null);
    expect(secondRun.map((m) => m.keptId)).toEqual(rows.slice(KEPT_PER_RUN, KEPT_PER_RUN + 5).map((r) => r.id));
    expect(await cronKept(null)).toEqual([]);
    // A step that succeeds removes its row (a publish of a workout gone has nothing to do).
    expect((await runFlows(firstRun)).explicitAcks).toHaveLength(KEPT_PER_RUN);
    expect((await keptFor(first, null)).map((r) => r.id)).toEqual(rows.slice(KEPT_PER_RUN).map((r) => r.id));
  });
});

describe("a kept step sent again for 14 days without success", () => {
  it("is logged once for an operator with its kind and ids and left, listed by the operator's script, and sent again once made due by it", async () => {
    // Harbour's copy kept on weur-1 and in the directory, both kept past KEPT_FOR_MS and due.
    const kept = { shard: crypto.randomUUID(), directory: crypto.randomUUID() };
    const step: FlowMessage = { kind: "copyAccount", shard: "weur-1", accountIds: [HARBOUR] };
    const longAgo = new Date(Date.now() - KEPT_FOR_MS - 60_000).toISOString();
    for (const [d1, table, id] of [
      [second, "flow_steps", kept.shard],
      [env.DB, "directory_steps", kept.directory],
    ] as const)
      await d1
        .prepare(`INSERT INTO ${table} (id, kind, message, account_id, due_at, requeues, created_at) VALUES (?1, 'copyAccount', ?2, ?3, ?4, 40, ?5)`)
        .bind(id, JSON.stringify({ ...step, keptId: id }), HARBOUR, new Date(Date.now() - 1000).toISOString(), longAgo)
        .run();
    const errors = vi.spyOn(console, "error");
    const leftLogs = () =>
      errors.mock.calls.flatMap(([line]) => {
        const parsed = typeof line === "string" && line.startsWith("{") ? (JSON.parse(line) as Record<string, unknown>) : null;
        return parsed?.message === "kept step left for an operator" ? [parsed] : [];
      });
    try {
      // Not sent; each logged once, with where it is, its id, kind and account, and how to run it again.
      expect(await cronKept(HARBOUR)).toEqual([]);
      expect(leftLogs()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            database: "weur-1",
            id: kept.shard,
            kind: "copyAccount",
            accountId: HARBOUR,
            requeues: 40,
            rerun: expect.stringContaining(kept.shard),
          }),
          expect.objectContaining({ database: "directory", id: kept.directory, kind: "copyAccount", accountId: HARBOUR }),
        ]),
      );
      expect(leftLogs()).toHaveLength(2);
      expect(await cronKept(HARBOUR)).toEqual([]);
      expect(leftLogs()).toHaveLength(2);
    } finally {
      errors.mockRestore();
    }

    // The operator's listing finds them left; made due again by the script's statement, the cron sends them.
    const listed = async (d1: D1Database, all = false) => (await d1.prepare(listKeptSql(all)).all<KeptRow>()).results.map((r) => r.id);
    expect(await listed(second)).toEqual([kept.shard]);
    expect(await listed(env.DB)).toContain(kept.directory);
    for (const d1 of [second, env.DB]) await d1.exec(retryKeptSql([kept.shard, kept.directory]));
    expect(await listed(second)).toEqual([]);
    expect(await listed(second, true)).toEqual([kept.shard]);
    // Due after its retry window from now on: the cron's run at that time sends both, as kept where they are.
    for (const [d1, table, id] of [
      [second, "flow_steps", kept.shard],
      [env.DB, "directory_steps", kept.directory],
    ] as const)
      await dueNow(d1, id, table);
    const sent = await cronKept(HARBOUR);
    expect(sent.map((m) => m.keptId).sort()).toEqual([kept.shard, kept.directory].sort());
    expect(() => retryKeptSql(["x'); DROP TABLE flow_steps; --"])).toThrow(/UUIDs/);
  });
});
