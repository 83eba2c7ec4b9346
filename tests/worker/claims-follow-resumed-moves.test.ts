import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { giveFabrikamCredits } from "./bookings-setup";
import { asks, at, confirm, contosoDeliversThere, fabrikam, sent } from "./claims-setup";
import { capturedQueue, directory, failingD1, second } from "./flows-setup";
import { moveWith } from "./move-setup";
import type { Bindings } from "./helpers";

/**
 * A booking partner's move whose flip failed after routing the partner to
 * its new shard (the rewrite of its jobs' claims on the delivering partner's
 * shard did not reach it) is resumed by running the move script again: the
 * script begins again, finds the move flipped and goes to the cleanup, and
 * the claims name the new shard all the same (worker/api/shard-moves.ts
 * `afterFlip`). Fabrikam (Northwind's customer) has a request confirmed by
 * Contoso (weur-1): its claims are on weur-1.
 */
const claimsOf = async (jobId: string) =>
  second
    .select()
    .from(schema.timeClaims)
    .where(inArray(schema.timeClaims.jobId, [jobId]));

/** Northwind to weur-1 as `npm run shards -- move` drives it, with `bindings` over the test's; `beforeCleanup` runs before the cleanup's first call. */
const moveNorthwind = (bindings: Bindings, beforeCleanup?: () => Promise<void>) =>
  moveWith(DEMO.northwind.id, "weur-1", { afterFlip: beforeCleanup }, { ...capturedQueue().bindings, ...bindings });

/** The phase of Northwind's move as the directory records it (null once none). */
const phase = async () => (await directory.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.northwind.id)))[0]?.shardMove?.phase ?? null;

beforeAll(async () => {
  await giveFabrikamCredits(300);
  await contosoDeliversThere();
});

describe("a booking partner's move resumed after its flip", () => {
  it("has the claims of its jobs name its new shard before the cleanup, when the script is run again after the flip's rewrite failed", async () => {
    const times = [at(40), at(41)];
    const asked = await asks(fabrikam, times);
    expect((await sent((q) => confirm(asked, times, q.bindings))).status).toBe(200);
    expect((await claimsOf(asked.id)).map((c) => c.jobShard)).toEqual(["first", "first"]);

    // The flip routes Northwind to weur-1, then its rewrite of the claims on weur-1 fails: the script stops there.
    const refusing = failingD1(env.SHARD_WEUR_1, /^update "time_claims"/i, Infinity);
    await expect(moveNorthwind({ SHARD_WEUR_1: refusing })).rejects.toThrow(/^flip: 500/);
    expect(refusing.failures).toBeGreaterThan(0);
    expect(await phase()).toBe("moved");
    expect((await claimsOf(asked.id)).map((c) => c.jobShard)).toEqual(["first", "first"]);

    // Run again, the script finds the move flipped and goes to the cleanup: by then the claims name weur-1.
    let beforeCleanup: string[] = [];
    const done = await moveNorthwind({}, async () => {
      beforeCleanup = (await claimsOf(asked.id)).map((c) => c.jobShard);
    });
    expect(done.phase).toBe("done");
    expect(beforeCleanup).toEqual(["weur-1", "weur-1"]);
    expect((await claimsOf(asked.id)).map((c) => c.jobShard)).toEqual(["weur-1", "weur-1"]);
    expect(await phase()).toBeNull();
  }, 90_000);
});
