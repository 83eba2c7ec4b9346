/**
 * A same-shard link's undo through a partner's move
 * (docs/decisions/2026-11-27-undo-link-follows-a-move.md). The two local
 * shards cannot show it: one of them is the directory's own database, where
 * the customer's shard row and routing row are one row. A third database,
 * bound by the worker tests only (vitest.config.ts, TEST_SPARE_SHARD) and
 * laid over as the shard `spare`, takes Contoso from weur-1, so both sides
 * of the move are shards apart from the directory.
 *
 * The link: a customer of a partner staying on weur-1 linked to Contoso
 * (same shard); its shard row took Contoso, the directory refused and the
 * request's take-back failed too, so `undoLink` is queued. Contoso then moves
 * and carries the customer's rows (its shard row names Contoso). The step,
 * run after the flip and again after the cleanup, leaves the customer routed
 * where its rows are, under the partner they name, and no copy of it
 * anywhere else.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { directoryRow } from "../../worker/data/routing-rows";
import { placementsOf } from "../../worker/data/step-shards";
import { database } from "../../worker/db";
import type { UndoLinkMessage } from "../../worker/domain/flows";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { directory, runFlows, second } from "./flows-setup";
import { json } from "./helpers";
import { moveWith } from "./move-setup";

const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;
const spareD1 = () => (env as unknown as { TEST_SPARE_SHARD: D1Database }).TEST_SPARE_SHARD;
const SPARE = () => ({ SHARD_SPARE: spareD1() }) as Partial<Env>;

/** Harbour's row on weur-1 as seeded (read before any move here carries it away): the shape of a new customer. */
let harbourRow: schema.Account;

beforeAll(async () => {
  [harbourRow] = (await second.select().from(schema.accounts).where(eq(schema.accounts.id, HARBOUR))) as [schema.Account];
  const spare = spareD1();
  await applyD1Migrations(spare, env.TEST_MIGRATIONS);
  const { results } = await spare
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'")
    .all<{ name: string }>();
  await spare.batch([spare.prepare("PRAGMA defer_foreign_keys = ON"), ...results.map(({ name }) => spare.prepare(`DELETE FROM "${name}"`))]);
});

/** A new UK partner (placed on weur-1, as Contoso is). */
async function ukPartner(name: string) {
  const owner = await signUp(`${name} Owner`);
  const res = await apiAs(owner.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name, location: "UK", type: "partner" }));
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

/** A new customer of `partnerId` on weur-1 (its shard row and its routing row), shaped as Harbour. */
async function customerOf(partnerId: string) {
  const customer = crypto.randomUUID();
  const row = { ...harbourRow, id: customer, name: "Linking Ltd", authId: `org-${customer}`, tan: null, priceGroupId: null, parentAccountId: partnerId };
  await second.insert(schema.accounts).values(row);
  await directory.insert(schema.accounts).values(directoryRow(row));
  return row;
}

/** The link's undo step as the request queued it: `customer` from `from` back, unless both databases agree. */
const undoStep = (customer: { id: string; currency: schema.Account["currency"] }, from: string, to: string): UndoLinkMessage => ({
  kind: "undoLink",
  shard: "weur-1",
  customerId: customer.id,
  from,
  to,
  before: { currency: customer.currency, priceGroupId: null },
});

/** Runs the step on the flow consumer, the spare shard bound: it completes (nothing retried). */
async function runStep(step: UndoLinkMessage) {
  const result = await runFlows([step], { bindings: SPARE() });
  expect(result.retryMessages).toEqual([]);
}

/** The customer's row on each database, by the partner it names (null: no row). */
async function parents(customerId: string) {
  const parentOn = async (d1: D1Database) =>
    (await d1.prepare("SELECT coalesce(parent_account_id, '-') AS p FROM accounts WHERE id = ?1").bind(customerId).first<string>("p")) ?? null;
  return { directory: await parentOn(env.DB), weur1: await parentOn(env.SHARD_WEUR_1), spare: await parentOn(spareD1()) };
}

describe("a same-shard link's undo through a move of the link's new partner", () => {
  it("leaves the customer routed to the partner its rows name, on the shard holding them, after the flip and after the cleanup", async () => {
    // A UK partner staying on weur-1, and a customer of its there.
    const staying = await ukPartner("Staying Partner");
    const row = await customerOf(staying);
    const customer = row.id;

    // The link to Contoso went through on the shard only; its take-back failed: the step is queued.
    await second.update(schema.accounts).set({ parentAccountId: CONTOSO }).where(eq(schema.accounts.id, customer));
    const step = undoStep(row, staying, CONTOSO);
    expect(await parents(customer)).toEqual({ directory: staying, weur1: CONTOSO, spare: null });

    const run = () => runStep(step);
    const done = await moveWith(
      CONTOSO,
      "spare",
      {
        afterFlip: async () => {
          // Contoso carried the customer (its shard row names Contoso) to the spare shard.
          expect((await parents(customer)).spare).toBe(CONTOSO);
          await run();
          await run();
          // Routed under Contoso, to the spare shard, where its row names Contoso; the old shard's twin is the cleanup's.
          expect(await parents(customer)).toEqual({ directory: CONTOSO, weur1: CONTOSO, spare: CONTOSO });
        },
        afterCleanup: async () => {
          await run();
          expect(await parents(customer)).toEqual({ directory: CONTOSO, weur1: null, spare: CONTOSO });
        },
      },
      SPARE(),
    );
    expect(done).toMatchObject({ phase: "done", to: "spare" });
    // Its members reach it where the directory routes it.
    const routed = await env.DB.prepare("SELECT shard FROM accounts WHERE id = ?1").bind(CONTOSO).first<string>("shard");
    expect(routed).toBe("spare");
    expect(await drizzle(spareD1(), { schema }).select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, customer))).toHaveLength(
      1,
    );
  }, 120_000);
});

/**
 * The other halves of the class: the link written in the directory only
 * (the mirror case: the shard's row still names the old partner), and either
 * partner moving to the spare shard; or written on the shard only while the
 * old partner moves. The step, run after the flip (twice) and after the
 * cleanup, leaves one partner on both databases: the old one when its rows
 * are under it, else (the rows under the new partner, which the old one's
 * move did not carry) the new one; the customer routed to the one shard
 * holding its row.
 */
describe.each([
  { took: "directory", moves: "new" },
  { took: "directory", moves: "old" },
  { took: "shard", moves: "old" },
] as const)("a link written on the $took's side only, the $moves partner moving", ({ took, moves }) => {
  it("leaves the customer under one partner on both databases, routed to the one shard holding its row", async () => {
    const [was, linked] = await Promise.all([ukPartner(`Old Partner ${took} ${moves}`), ukPartner(`New Partner ${took} ${moves}`)]);
    const row = await customerOf(was);
    const customer = row.id;
    await (took === "shard" ? second : directory).update(schema.accounts).set({ parentAccountId: linked }).where(eq(schema.accounts.id, customer));
    const step = undoStep(row, was, linked);
    const mover = moves === "new" ? linked : was;
    // The rows name the old partner unless the shard took the link; they are on the spare shard when their partner moved.
    const under = took === "shard" ? linked : was;
    const [home, away] = under === mover ? (["spare", "weur1"] as const) : (["weur1", "spare"] as const);

    const expectWhole = async (cleaned: boolean) => {
      const found = await parents(customer);
      expect(found.directory).toBe(under);
      expect(found[home]).toBe(under);
      // The old shard's twin of a carried row is the cleanup's to remove.
      if (cleaned || home === "weur1") expect(found[away]).toBeNull();
      const placed = (await placementsOf(database(env.DB), [customer])).get(customer);
      expect(placed).toMatchObject({ shard: home === "spare" ? "spare" : "weur-1", partnerId: under });
    };
    const done = await moveWith(
      mover,
      "spare",
      {
        afterFlip: async () => {
          await runStep(step);
          await runStep(step);
          await expectWhole(false);
        },
        afterCleanup: async () => {
          await runStep(step);
          await expectWhole(true);
        },
      },
      SPARE(),
    );
    expect(done).toMatchObject({ phase: "done", to: "spare" });
    await expectWhole(true);
  }, 120_000);
});
