/**
 * An onboarding whose directory step failed, and whose take-back failed too,
 * leaves an orphan account on its partner's shard and an `undoOnboarding`
 * step. When the partner moves into the shard that is the directory's own
 * database, the move carries the orphan there, where its row is a row of
 * the directory's `accounts`: the step must still take it back
 * (docs/decisions/2026-11-27-onboarding-undo-after-a-move.md). With Clerk
 * (no organisation in the directory) the routing row found there tells
 * nothing; the step's marker does, before the move's cleanup and after it,
 * and an account whose onboarding went through stays.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { onboardingMarkStatement } from "../../worker/data/undo-steps";
import { database } from "../../worker/db";
import type { FlowMessage } from "../../worker/domain/flows";
import { runFlows, second } from "./flows-setup";
import { moveWith } from "./move-setup";

const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;

const count = async (d1: D1Database, sql: string, ...args: unknown[]) =>
  (await d1
    .prepare(sql)
    .bind(...args)
    .first<number>("n")) ?? 0;

/** An onboarding of a customer under Contoso whose directory step failed: its rows on weur-1 only (a Clerk organisation id). */
async function orphan(name: string): Promise<string> {
  const id = crypto.randomUUID();
  const [harbourRow] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, HARBOUR));
  await second.batch([
    second.insert(schema.accounts).values({ ...harbourRow!, id, name, authId: `org_${id.slice(0, 8)}`, tan: null, priceGroupId: null }),
    second.insert(schema.teams).values({ accountId: id, name: "Everyone", department: "marketing" }),
  ]);
  return id;
}

const rowsOf = async (d1: D1Database, id: string) => ({
  accounts: await count(d1, "SELECT count(*) AS n FROM accounts WHERE id = ?1", id),
  teams: await count(d1, "SELECT count(*) AS n FROM teams WHERE account_id = ?1", id),
});

describe("onboarding's undo after its partner moved into the directory's own database", () => {
  it("takes the Clerk orphan back there by its marker, run after the flip and again after the cleanup; a real account stays", async () => {
    const marked = await orphan("Half Made");
    // A Clerk customer whose onboarding went through (its routing row and the marker in the directory), with a late step.
    const made = await orphan("Made Fine");
    const [madeRow] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, made));
    const { priceGroupId: _p, ...routing } = madeRow!;
    const plain = database(env.DB);
    await plain.batch([plain.insert(schema.accounts).values(routing), onboardingMarkStatement(plain, made)]);

    const steps: FlowMessage[] = [
      { kind: "undoOnboarding", shard: "weur-1", accountId: marked, authOrganizationId: null, marked: true },
      { kind: "undoOnboarding", shard: "weur-1", accountId: made, authOrganizationId: null, marked: true },
    ];
    const run = async () => {
      const result = await runFlows(steps);
      expect(result.retryMessages).toEqual([]);
    };
    const done = await moveWith(CONTOSO, "first", {
      afterFlip: async () => {
        // The move carried both to the first shard, into the directory's `accounts`.
        for (const id of [marked, made]) expect(await rowsOf(env.SHARD_FIRST, id)).toEqual({ accounts: 1, teams: 1 });
        await run();
        await run();
        expect(await rowsOf(env.SHARD_FIRST, marked)).toEqual({ accounts: 0, teams: 0 });
        expect(await rowsOf(env.SHARD_FIRST, made)).toEqual({ accounts: 1, teams: 1 });
      },
      afterCleanup: async () => {
        await run();
        expect(await rowsOf(env.SHARD_FIRST, marked)).toEqual({ accounts: 0, teams: 0 });
        expect(await rowsOf(env.SHARD_WEUR_1, marked)).toEqual({ accounts: 0, teams: 0 });
        expect(await rowsOf(env.SHARD_FIRST, made)).toEqual({ accounts: 1, teams: 1 });
      },
    });
    expect(done).toMatchObject({ phase: "done", to: "first" });
  }, 120_000);
});
