import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { DEMO, seedDemo } from "../../db/seed";
import { customerAccounts } from "../../db/seed/data";
import { defaultShard, shardBinding } from "../../worker/d1/shards";
import type { FlowMessage } from "../../worker/domain/flows";
import { FLOW_QUEUE_NAME, runFlowBatch } from "../../worker/flows/consumer";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs, type Caller } from "./auth";

/**
 * Two partners on two shards for the cross-partner flows, as the demo seeds
 * them: Contoso and its customers on the second local shard (weur-1),
 * Northwind and its customers on the first; the flow queue captured, its
 * messages run by the consumer when a test says so.
 */
export const directory = drizzle(env.DB, { schema });
export const first = drizzle(env.SHARD_FIRST, { schema });
export const second = drizzle(env.SHARD_WEUR_1, { schema });

/** Contoso's account, members and their users copied to the first shard, and the directory routes Contoso there (both partners on one shard). */
export async function moveContosoToFirstShard() {
  const [account] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.contoso.id));
  const members = await second.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, DEMO.contoso.id));
  const people = await second
    .select()
    .from(schema.users)
    .where(
      inArray(
        schema.users.id,
        members.map((m) => m.userId),
      ),
    );
  await first.batch([
    first
      .insert(schema.accounts)
      .values({ ...account!, shard: "first", priceGroupId: null })
      .onConflictDoNothing(),
    first.insert(schema.users).values(people).onConflictDoNothing(),
    first.insert(schema.accountUsers).values(members).onConflictDoNothing(),
  ]);
  await directory.update(schema.accounts).set({ shard: "first" }).where(eq(schema.accounts.id, DEMO.contoso.id));
  clearIsolateCaches();
}

/** The second shard as the demo seeds it (emptied, seeded again), and Contoso routed back there (after each test). */
export async function resetSecondShard() {
  const { results } = await env.SHARD_WEUR_1.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  await env.SHARD_WEUR_1.batch([
    env.SHARD_WEUR_1.prepare("PRAGMA defer_foreign_keys = ON"),
    ...results.map(({ name }) => env.SHARD_WEUR_1.prepare(`DELETE FROM "${name}"`)),
  ]);
  await directory.update(schema.accounts).set({ shard: "weur-1" }).where(eq(schema.accounts.id, DEMO.contoso.id));
  await seedDemo({ directory, shard: (name) => drizzle(shardBinding(env, name), { schema }), defaultShard: defaultShard(env) });
  clearIsolateCaches();
}

/** Fabrikam back under Northwind on the first shard, never moved, the second shard as seeded (after a test that re-linked it to Contoso). */
export async function undoFabrikamRelink() {
  const fabrikam = DEMO.customers.fabrikam.id;
  // A link to another partner takes its currency and drops the old price group: both as seeded again.
  const seeded = customerAccounts.find((a) => a.id === fabrikam);
  await resetSecondShard();
  await directory
    .update(schema.accounts)
    .set({ parentAccountId: DEMO.northwind.id, formerShards: null, currency: seeded!.currency })
    .where(eq(schema.accounts.id, fabrikam));
  await first
    .update(schema.accounts)
    .set({ parentAccountId: DEMO.northwind.id, currency: seeded!.currency, priceGroupId: seeded!.priceGroupId })
    .where(eq(schema.accounts.id, fabrikam));
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

/**
 * A customer's admin links it to the partner with `tan`; a partner on
 * another shard takes it through the Queue (202), whose step is run here as
 * the consumer would, and must be acknowledged. Answers the response.
 */
export async function assignParent(who: Caller, customerId: string, tan: string): Promise<Response> {
  const queue = capturedQueue();
  const res = await apiAs(who, { accountId: customerId, bindings: queue.bindings }).post(`/v1/admin/accounts/${customerId}/assign-parent`, { tan });
  if (res.status === 202) {
    const result = await runFlows(queue.sent);
    if (result.explicitAcks.length !== queue.sent.length) throw new Error(`the re-link's step was not acknowledged: ${JSON.stringify(result)}`);
    clearIsolateCaches();
  }
  return res;
}

/**
 * Contoso (on the second shard) delivers every booking of Northwind's
 * `workoutId` (its only delivery partner); the publish step the author's
 * change sends is run, so the directory's delivery index names Contoso too.
 */
export async function contosoDelivers(workoutId: string) {
  await first.delete(schema.deliveryPartners).where(eq(schema.deliveryPartners.workoutId, workoutId));
  await first.insert(schema.deliveryPartners).values({
    accountId: DEMO.northwind.id,
    workoutId,
    partnerTan: DEMO.contoso.tan,
    partnerAccountId: DEMO.contoso.id,
    name: DEMO.contoso.name,
    selectionPercent: 100,
  });
  await publishNow([workoutId]);
  clearIsolateCaches();
}

/** Contoso delivers the workout, and its shard's copy says so (the author's change published, the copy refreshed: the flow steps run). */
export async function contosoDeliversThere(workoutId: string) {
  await contosoDelivers(workoutId);
  await first
    .update(schema.workouts)
    .set({ version: sql`${schema.workouts.version} + 1` })
    .where(eq(schema.workouts.id, workoutId));
  await runFlows(await publishNow([workoutId]));
}
