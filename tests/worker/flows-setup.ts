import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import type { FlowMessage } from "../../worker/domain/flows";
import { FLOW_QUEUE_NAME, runFlowBatch } from "../../worker/flows/consumer";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";

/**
 * Two partners on two shards for the cross-partner flows: Contoso moved to the
 * second local shard (weur-1) with its members and their users, Northwind
 * and its customers left on the first; the flow queue captured, its messages
 * run by the consumer when a test says so.
 */
export const directory = drizzle(env.DB, { schema });
export const first = drizzle(env.SHARD_FIRST, { schema });
export const second = drizzle(env.SHARD_WEUR_1, { schema });

/** Contoso's account, members and their users copied to weur-1, and the directory routes Contoso there. */
export async function moveContosoToSecondShard() {
  const [account] = await directory.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.contoso.id));
  const members = await directory.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, DEMO.contoso.id));
  const people = members.length
    ? await directory
        .select()
        .from(schema.users)
        .where(
          inArray(
            schema.users.id,
            members.map((m) => m.userId),
          ),
        )
    : [];
  await second.batch([
    second.insert(schema.accounts).values({ ...account!, shard: "weur-1" }),
    second.insert(schema.users).values(people),
    second.insert(schema.accountUsers).values(members),
  ]);
  await directory.update(schema.accounts).set({ shard: "weur-1" }).where(eq(schema.accounts.id, DEMO.contoso.id));
  clearIsolateCaches();
}

/** Empties the second shard and routes Contoso back to the first (after each test). */
export async function resetSecondShard() {
  const { results } = await env.SHARD_WEUR_1.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  await env.SHARD_WEUR_1.batch([
    env.SHARD_WEUR_1.prepare("PRAGMA defer_foreign_keys = ON"),
    ...results.map(({ name }) => env.SHARD_WEUR_1.prepare(`DELETE FROM "${name}"`)),
  ]);
  await directory.update(schema.accounts).set({ shard: "first" }).where(eq(schema.accounts.id, DEMO.contoso.id));
  clearIsolateCaches();
}

/** A FLOW_QUEUE that keeps what is sent (for apiAs's bindings). */
export function capturedQueue() {
  const sent: FlowMessage[] = [];
  const queue = {
    send: async (body: FlowMessage) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: FlowMessage }>) => void sent.push(...[...messages].map((m) => m.body)),
  } as unknown as Queue;
  return { sent, queue, bindings: { FLOW_QUEUE: queue } };
}

/** Runs flow messages through the consumer as one queue batch (every message at `attempts`), with `bindings` laid over the test's; answers the queue's result. */
export async function runFlows(messages: FlowMessage[], opts: { attempts?: number; bindings?: Partial<Env> } = {}) {
  const batch = createMessageBatch<FlowMessage>(
    FLOW_QUEUE_NAME,
    messages.map((body, i) => ({ id: `f${i}`, timestamp: new Date(), attempts: opts.attempts ?? 1, body })),
  );
  const ctx = createExecutionContext();
  await runFlowBatch(batch, { ...env, ...opts.bindings });
  return getQueueResult(batch, ctx);
}

/**
 * A D1 binding whose statements matching `pattern` fail (the first `times`
 * of them; Infinity: every one), alone or in a batch, sessions included: a
 * write that does not reach its database. `failures` counts them.
 */
export function failingD1(d1: D1Database, pattern: RegExp, times = 1): D1Database & { failures: number } {
  const state = { left: times, failures: 0 };
  const failing = (sql: string): D1PreparedStatement => {
    state.failures++;
    const fail = async () => {
      throw new Error(`injected failure: ${sql.slice(0, 60)}`);
    };
    const stmt = { bind: () => stmt, all: fail, run: fail, raw: fail, first: fail } as unknown as D1PreparedStatement;
    return stmt;
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key) {
        if (key === "failures") return state.failures;
        if (key === "prepare")
          return (sql: string) => {
            if (pattern.test(sql) && state.left > 0) {
              state.left--;
              return failing(sql);
            }
            return (obj as unknown as D1Database).prepare(sql);
          };
        if (key === "withSession") return (...args: unknown[]) => wrap((obj as unknown as D1Database).withSession(...(args as [string])));
        const value = Reflect.get(obj, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
      },
    });
  return wrap(d1) as D1Database & { failures: number };
}

let skuN = 0;
/** A complete workout for POST /v1/admin/workouts (`over` replaces fields). */
export const workoutBody = (over: Record<string, unknown> = {}) => ({
  name: "Shared Mailboxes",
  sku: `F-${Date.now()}-${++skuN}`,
  type: "workshop",
  category: "commsAndConnectivity",
  difficulty: "beginner",
  title: "Shared Mailboxes",
  subtitle: "One inbox for a team",
  totalMinutes: 90,
  maxAttendees: 8,
  sessions: [
    { name: "Set up", shortSummary: "Who reads what", lengthMinutes: 45 },
    { name: "Go live", lengthMinutes: 45 },
  ],
  pricing: [{ name: "Off plan", priceType: "allCustomers", pricingType: "value", currency: "USD", amount: 90000 }],
  deliveryPartners: [],
  ...over,
});

/** Runs the publish step of workouts written on `shard` (what the flow queue does after the write), their refreshes kept; answers them. */
export async function publishNow(workoutIds: string[], shard = "first") {
  const refreshes = capturedQueue();
  await runFlows(
    workoutIds.map((workoutId) => ({ kind: "publish", shard, workoutId })),
    { bindings: refreshes.bindings },
  );
  return refreshes.sent;
}
