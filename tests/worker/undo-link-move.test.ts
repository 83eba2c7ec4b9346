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
import type { UndoLinkMessage } from "../../worker/domain/flows";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { directory, runFlows, second } from "./flows-setup";
import { json } from "./helpers";
import { moveWith } from "./move-setup";

const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;
const spareD1 = () => (env as unknown as { TEST_SPARE_SHARD: D1Database }).TEST_SPARE_SHARD;
const SPARE = () => ({ SHARD_SPARE: spareD1() }) as Partial<Env>;

beforeAll(async () => {
  const spare = spareD1();
  await applyD1Migrations(spare, env.TEST_MIGRATIONS);
  const { results } = await spare
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'")
    .all<{ name: string }>();
  await spare.batch([spare.prepare("PRAGMA defer_foreign_keys = ON"), ...results.map(({ name }) => spare.prepare(`DELETE FROM "${name}"`))]);
});

/** The customer's row on each database, by the partner it names (null: no row). */
async function parents(customerId: string) {
  const parentOn = async (d1: D1Database) =>
    (await d1.prepare("SELECT coalesce(parent_account_id, '-') AS p FROM accounts WHERE id = ?1").bind(customerId).first<string>("p")) ?? null;
  return { directory: await parentOn(env.DB), weur1: await parentOn(env.SHARD_WEUR_1), spare: await parentOn(spareD1()) };
}

describe("a same-shard link's undo through a move of the link's new partner", () => {
  it("leaves the customer routed to the partner its rows name, on the shard holding them, after the flip and after the cleanup", async () => {
    // A UK partner staying on weur-1, and a customer of its there.
    const owner = await signUp("Staying Owner");
    const res = await apiAs(owner.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Staying Partner", location: "UK", type: "partner" }));
    expect(res.status).toBe(201);
    const staying = (await json<{ id: string }>(res)).id;
    const customer = crypto.randomUUID();
    const [harbourRow] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, HARBOUR));
    const row = { ...harbourRow!, id: customer, name: "Linking Ltd", authId: `org-${customer}`, tan: null, priceGroupId: null, parentAccountId: staying };
    await second.insert(schema.accounts).values(row);
    await directory.insert(schema.accounts).values(directoryRow(row));

    // The link to Contoso went through on the shard only; its take-back failed: the step is queued.
    await second.update(schema.accounts).set({ parentAccountId: CONTOSO }).where(eq(schema.accounts.id, customer));
    const step: UndoLinkMessage = {
      kind: "undoLink",
      shard: "weur-1",
      customerId: customer,
      from: staying,
      to: CONTOSO,
      before: { currency: row.currency, priceGroupId: null },
    };
    expect(await parents(customer)).toEqual({ directory: staying, weur1: CONTOSO, spare: null });

    const run = async () => {
      const result = await runFlows([step], { bindings: SPARE() });
      expect(result.retryMessages).toEqual([]);
    };
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
