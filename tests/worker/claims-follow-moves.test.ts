import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { SHARD_MOVES_PATH } from "../../contract/shard-moves";
import { driveMove } from "../../scripts/shards-move";
import { giveFabrikamCredits } from "./bookings-setup";
import { asks, at, confirm, contosoDeliversThere, fabrikam, harbour, sent, slotAt, slotsBody, type Job } from "./claims-setup";
import { capturedQueue, second } from "./flows-setup";
import { call, json } from "./helpers";

/**
 * Claims and seat holds follow the booking partner's move: Fabrikam's jobs
 * (Northwind's customer, on the first shard) delivered by Contoso hold claims
 * and seats on weur-1 naming the first shard; Northwind moves to weur-1, and
 * they name weur-1. A cancel after the move frees the times and the seats.
 */
const SECRET = "operator-secret-for-the-worker-tests-0123456789";

/** Northwind moved to weur-1 through the operator's endpoints, as `npm run shards -- move` drives them. */
const moveNorthwind = () =>
  driveMove(
    async (path, body) => {
      const res = await call(path, {
        method: "POST",
        headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        bindings: { OPERATOR_SECRET: SECRET, SHARD_MOVE_SETTLE_SECONDS: "0", ...capturedQueue().bindings },
      });
      return { status: res.status, body: await res.json().catch(() => null), retryAfter: null };
    },
    { partner: DEMO.northwind.id, shard: "weur-1" },
    () => {},
    async () => {},
  );

const held = async (jobIds: string[]) => ({
  claims: await second.select().from(schema.timeClaims).where(inArray(schema.timeClaims.jobId, jobIds)),
  holds: await second.select().from(schema.slotHolds).where(inArray(schema.slotHolds.jobId, jobIds)),
});

beforeAll(async () => {
  await giveFabrikamCredits(300);
  await contosoDeliversThere();
});

describe("a booking partner's move", () => {
  it("leaves the claims and seat holds of its jobs naming its new shard, and a cancel after the move frees the time and the seats", async () => {
    const times = [at(10), at(11)];
    const asked = await asks(fabrikam, times);
    expect((await sent((q) => confirm(asked, times, q.bindings))).status).toBe(200);
    const seats = [await slotAt(0, at(20)), await slotAt(1, at(21))];
    const booked = await sent(async (q) => fabrikam(q.bindings).post("/v1/bookings", await slotsBody(seats)));
    expect(booked.status, await booked.clone().text()).toBe(201);
    const inSlots = await json<Job>(booked);
    const before = await held([asked.id, inSlots.id]);
    expect(before.claims).toHaveLength(4);
    expect(before.holds).toHaveLength(2);
    expect([...before.claims, ...before.holds].map((r) => r.jobShard)).toEqual(Array(6).fill("first"));

    expect((await moveNorthwind()).phase).toBe("done");
    const after = await held([asked.id, inSlots.id]);
    expect(after.claims.map((c) => c.key).sort()).toEqual(before.claims.map((c) => c.key).sort());
    expect(after.holds.map((h) => h.id).sort()).toEqual(before.holds.map((h) => h.id).sort());
    expect([...after.claims, ...after.holds].map((r) => r.jobShard)).toEqual(Array(6).fill("weur-1"));
    // Flipped again (a resumed move): nothing more changes.
    const again = await call(`${SHARD_MOVES_PATH}/${DEMO.northwind.id}/flip`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}` },
      bindings: { OPERATOR_SECRET: SECRET },
    });
    expect(again.status).toBe(409);
    expect(await held([asked.id, inSlots.id])).toEqual(after);

    // Fabrikam, now on weur-1, cancels both: the times and the seats are Contoso's to give again.
    for (const job of [asked, inSlots])
      expect((await sent((q) => fabrikam(q.bindings).post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" }))).status).toBe(200);
    expect(await held([asked.id, inSlots.id])).toEqual({ claims: [], holds: [] });
    expect((await second.select().from(schema.slots).where(inArray(schema.slots.id, seats))).map((s) => s.seatsTaken)).toEqual([0, 0]);
    expect((await harbour().post("/v1/bookings", await slotsBody(seats))).status).toBe(201);
    const home = await asks(harbour, times);
    expect((await confirm(home, times)).status).toBe(200);
    expect((await held([home.id])).claims.map((c) => c.startsAt).sort()).toEqual(times);
  }, 90_000);
});
