import { env } from "cloudflare:workers";
import { and, eq, ne } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { LAST_ATTEMPT } from "../../worker/domain/flows";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs, multipart } from "./auth";
import { capturedQueue, directory, failingD1, first, moveContosoToFirstShard, runFlows, second, undoFabrikamRelink } from "./flows-setup";
import { d1Figures, warmAnswer } from "./d1-figures";
import { json } from "./helpers";
import { cronKept, exhaust, keptFor } from "./kept-setup";

/**
 * A customer that re-links to a partner on another shard: Fabrikam (a
 * customer of Northwind, on the first shard) links to Contoso (on weur-1).
 * Its account and members reach Contoso's shard through the Queue; its
 * history stays on the first shard, stamped with Northwind.
 */
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const relinkPath = `/v1/admin/accounts/${FABRIKAM}/assign-parent`;
const PARENT_WRITE = /^update "accounts" set "parent_account_id"/;

const parentIn = async (db: typeof directory) =>
  (await db.select({ parent: schema.accounts.parentAccountId }).from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM)))[0]?.parent;
const fabrikamOn = async (db: typeof directory) => ({
  account: (await db.select().from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM))).length,
  members: (await db.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, FABRIKAM))).length,
  credits: (await db.select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, FABRIKAM))).length,
});
const contosoCustomers = async () =>
  ((await json(await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).get("/v1/admin/dependents"))).items as { id: string }[]).map((c) => c.id);

/** Fabrikam's admin asks to link to Contoso; answers the response and the flow messages sent. */
async function askToRelink() {
  const queue = capturedQueue();
  const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
  return { res, sent: queue.sent };
}

afterEach(undoFabrikamRelink);

const formerShards = async () =>
  (await directory.select({ former: schema.accounts.formerShards }).from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM)))[0]?.former;

describe("a customer re-links to a partner on another shard", () => {
  it("is accepted (202) and moves through the Queue: account and members copied, routing switched, history left under the old partner", async () => {
    const before = await fabrikamOn(first);
    expect(before.credits).toBeGreaterThan(0);
    const { res, sent } = await askToRelink();
    expect(res.status).toBe(202);
    expect((await json(res)).parentAccountId).toBe(NORTHWIND);
    expect(sent).toEqual([
      { kind: "relink", customerId: FABRIKAM, from: { partnerId: NORTHWIND, shard: "first", currency: "USD" }, to: { partnerId: CONTOSO, shard: "weur-1" } },
    ]);
    // Nothing written before the step runs.
    expect(await parentIn(directory)).toBe(NORTHWIND);
    expect((await fabrikamOn(second)).account).toBe(0);

    const result = await runFlows(sent);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await parentIn(directory)).toBe(CONTOSO);
    expect(await parentIn(second)).toBe(CONTOSO);
    expect(await parentIn(first)).toBe(CONTOSO);
    expect(await fabrikamOn(second)).toEqual({ account: 1, members: before.members, credits: 0 });
    // The history stays on the first shard, stamped with Northwind.
    const history = await first.select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, FABRIKAM));
    expect(history).toHaveLength(before.credits);
    expect(history.every((h) => h.partnerAccountId === NORTHWIND)).toBe(true);
    // Contoso, on its shard, now lists Fabrikam; Fabrikam's requests reach it there.
    expect(await contosoCustomers()).toContain(FABRIKAM);
    const own = await apiAs("customerAdmin", { accountId: FABRIKAM }).get(`/v1/accounts/${FABRIKAM}`);
    expect(own.status).toBe(200);
    expect((await json(own)).parentAccountId).toBe(CONTOSO);
    // The routing row remembers the shard its history stays on.
    expect(await formerShards()).toEqual(["first"]);
    // Running the step again changes nothing.
    expect((await runFlows(sent)).explicitAcks).toHaveLength(1);
    expect(await fabrikamOn(second)).toEqual({ account: 1, members: before.members, credits: 0 });
    expect(await formerShards()).toEqual(["first"]);
  });

  it("lists the moved customer once to its members, acts for it without X-Account-Id, and shows it its whole history within the read budget", async () => {
    const { sent } = await askToRelink();
    expect((await runFlows(sent)).explicitAcks).toHaveLength(1);
    clearIsolateCaches();
    // Cara's only account: its old row stays on the first shard with her membership, but it is listed once, from Contoso's shard.
    const me = await json(await apiAs("customerAdmin").get("/v1/users/me"));
    expect(me.accounts.map((a: { id: string }) => a.id)).toEqual([FABRIKAM]);
    const bare = await apiAs("customerAdmin").get("/v1/entitlements");
    expect(bare.status).toBe(200);

    const granted = await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).post("/v1/admin/entitlements/credit", {
      accountId: FABRIKAM,
      itemType: "bonus",
      quantity: 3,
    });
    expect(granted.status).toBe(201);
    const northwind = await first.select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, FABRIKAM));
    const cara = apiAs("customerAdmin", { accountId: FABRIKAM });
    const read = async (path: string) => {
      const res = await warmAnswer(() => cara.get(path));
      expect(res.status).toBe(200);
      // Both shards side by side after the membership: no more calls, and no deeper, than any customer read.
      expect(d1Figures(res).calls).toBeLessThanOrEqual(3);
      expect(d1Figures(res).depth).toBeLessThanOrEqual(2);
      return json(res);
    };
    const entitlements = await read("/v1/entitlements");
    expect(entitlements.creditEntries.map((e: { id: string }) => e.id).sort()).toEqual(
      [(await json(granted)).creditEntryId, ...northwind.map((e) => e.id)].sort(),
    );
    // What it can book with, and the plan in force, are its new partner's.
    expect(entitlements.balance).toBe(3);
    expect(entitlements.currentPlan).toBeNull();
    const scores = await read("/v1/scores/fitness?includeEntries=true");
    const northwindScores = await first.select({ id: schema.scores.id }).from(schema.scores).where(eq(schema.scores.accountId, FABRIKAM));
    expect(scores.map((s: { id: string }) => s.id).sort()).toEqual(northwindScores.map((s) => s.id).sort());
    const summary = await read("/v1/scores/summary");
    expect(summary.score).not.toBeNull();
    expect(summary.workouts.remaining).toBe(3);
  });

  it("is retried when the directory's switch fails once, the copy unseen meanwhile, and ends whole", async () => {
    const { sent } = await askToRelink();
    const DB = failingD1(env.DB, PARENT_WRITE);
    const failed = await runFlows(sent, { bindings: { DB } });
    expect(DB.failures).toBe(1);
    expect(failed.retryMessages).toHaveLength(1);
    // Half way: the copy is on Contoso's shard but unlinked, so Contoso does not list it; the routing is unchanged.
    expect(await parentIn(directory)).toBe(NORTHWIND);
    expect(await parentIn(second)).toBeNull();
    expect(await contosoCustomers()).not.toContain(FABRIKAM);
    const retried = await runFlows(sent, { attempts: 2 });
    expect(retried.explicitAcks).toHaveLength(1);
    expect([await parentIn(directory), await parentIn(second), await parentIn(first)]).toEqual([CONTOSO, CONTOSO, CONTOSO]);
  });

  it("is compensated when it still fails on its last attempt: the copy dropped, both databases back on the old partner", async () => {
    const { sent } = await askToRelink();
    // The old shard's row cannot be settled on the last attempt; the compensation then puts everything back.
    const SHARD_FIRST = failingD1(env.SHARD_FIRST, PARENT_WRITE);
    const result = await runFlows(sent, { attempts: LAST_ATTEMPT, bindings: { SHARD_FIRST } });
    expect(SHARD_FIRST.failures).toBe(1);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await parentIn(directory)).toBe(NORTHWIND);
    expect(await parentIn(first)).toBe(NORTHWIND);
    expect((await fabrikamOn(second)).account).toBe(0);
    expect(await contosoCustomers()).not.toContain(FABRIKAM);
  });

  it("is kept for the cron when its compensation fails too on its last attempt; the cron's copy finishes it once", async () => {
    const { sent } = await askToRelink();
    // The old shard refuses its row's write on every attempt: neither the step nor its compensation can finish.
    await exhaust(sent, { SHARD_FIRST: failingD1(env.SHARD_FIRST, PARENT_WRITE, Infinity) });
    expect(await keptFor(env.SHARD_FIRST, FABRIKAM)).toEqual([expect.objectContaining({ kind: "relink" })]);
    expect(await parentIn(first)).toBe(NORTHWIND);
    // The cron sends it again (it was given up: due at once); run, the re-link is finished, and the kept step goes.
    const again = await cronKept(FABRIKAM);
    expect(again).toEqual([expect.objectContaining({ kind: "relink", customerId: FABRIKAM, from: expect.objectContaining({ shard: "first" }) })]);
    expect((await runFlows(again)).explicitAcks).toHaveLength(1);
    expect([await parentIn(directory), await parentIn(second), await parentIn(first)]).toEqual([CONTOSO, CONTOSO, CONTOSO]);
    expect(await keptFor(env.SHARD_FIRST, FABRIKAM)).toEqual([]);
    expect(await cronKept(FABRIKAM)).toEqual([]);
  });

  it("drops its copy when another re-link changed the routing first (the switch is a compare-and-set)", async () => {
    const { sent } = await askToRelink();
    await directory.update(schema.accounts).set({ parentAccountId: null }).where(eq(schema.accounts.id, FABRIKAM));
    expect((await runFlows(sent)).explicitAcks).toHaveLength(1);
    expect((await fabrikamOn(second)).account).toBe(0);
    expect(await parentIn(directory)).toBeNull();
  });
});

describe("a customer re-linked across shards keeps its bookings", () => {
  type Booking = { id: string; createdAt: string; actions: string[] };
  const cara = () => apiAs("customerAdmin", { accountId: FABRIKAM });
  const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);
  /** Fabrikam moved to Contoso's shard, then a booking of a Contoso workout there; answers that booking. */
  async function moveAndBook() {
    const { sent } = await askToRelink();
    expect((await runFlows(sent)).explicitAcks).toHaveLength(1);
    clearIsolateCaches();
    const sessions = await second
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, DEMO.workouts.excelForAnalysts))
      .orderBy(schema.workoutSessions.sequence);
    // Fabrikam took Contoso's currency with the move, so Contoso's own prices apply to it.
    const at = (d: number) => new Date(Date.UTC(2030, 4, 1 + d, 9)).toISOString();
    const booked = await cara().post("/v1/bookings", {
      workoutId: DEMO.workouts.excelForAnalysts,
      mode: "request",
      sessions: sessions.map((x, i) => ({ sessionId: x.id, times: [at(i)] })),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    return json<Booking>(booked);
  }
  /** Fabrikam's bookings as both shards hold them, newest first (the id breaking ties). */
  async function allBookings() {
    const read = (db: typeof first) =>
      db.select({ id: schema.jobs.id, createdAt: schema.jobs.createdAt }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM));
    const rows = [...(await read(first)), ...(await read(second))];
    const desc = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0);
    return rows.sort((a, b) => desc(a.createdAt, b.createdAt) || desc(a.id, b.id));
  }

  it("lists the old partner's bookings with the new one's, in order and read-only, paged across both shards within the read budget", async () => {
    const fresh = await moveAndBook();
    const old = await first.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM));
    expect(old.length).toBeGreaterThan(1);
    const expected = await allBookings();
    expect(expected).toHaveLength(old.length + 1);

    const res = await warmAnswer(() => cara().get("/v1/bookings?limit=100"));
    expect(res.status).toBe(200);
    expect(d1Figures(res).calls).toBeLessThanOrEqual(3);
    expect(d1Figures(res).depth).toBeLessThanOrEqual(2);
    const list = await json<{ items: Booking[]; nextCursor: string | null }>(res);
    expect(idsOf(list.items)).toEqual(idsOf(expected));
    expect(list.nextCursor).toBeNull();
    // What happened under the old partner is read only; the new booking can still be moved.
    for (const b of list.items) expect(b.actions.length > 0, b.id).toBe(b.id === fresh.id && fresh.actions.length > 0);

    // Two at a time, the cursor carries across both shards: every booking once, in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Booking[]; nextCursor: string | null } = await json(
        await cara().get(`/v1/bookings?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...idsOf(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(idsOf(expected));

    // The new partner sees only what happened under it.
    const contosoJobs = (await json(await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).get("/v1/jobs?limit=100"))).items as Booking[];
    expect(idsOf(contosoJobs)).toContain(fresh.id);
    expect(idsOf(contosoJobs).filter((id) => old.some((o) => o.id === id))).toEqual([]);
    expect((await apiAs(null).get("/v1/bookings")).status).toBe(401);
  });

  it("answers an old booking's page and shared files read-only, refuses a move on it (409), and keeps another customer's old booking absent (404)", async () => {
    const [old] = await first
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.accountId, FABRIKAM), ne(schema.jobs.status, "cancelled")))
      .limit(1);
    // Before the move, Cara shares a link on the booking; it stays there with it.
    const shared = await cara().post(`/v1/bookings/${old!.id}/artifacts`, multipart({ value: "https://fabrikam.test/agenda" }));
    expect(shared.status).toBe(201);
    await moveAndBook();
    const page = await cara().get(`/v1/bookings/${old!.id}`);
    expect(page.status).toBe(200);
    const booking = await json<Booking & { status: string; lines: { id: string }[] }>(page);
    expect(booking).toMatchObject({ id: old!.id, status: old!.status, actions: [] });

    const files = await cara().get(`/v1/bookings/${old!.id}/artifacts`);
    expect(files.status).toBe(200);
    const items = (await json<{ items: { id: string; value: string | null; canDelete: boolean }[] }>(files)).items;
    expect(items).toEqual([expect.objectContaining({ value: "https://fabrikam.test/agenda", canDelete: false })]);
    // No write on it either: its attendees, a share, a share removed.
    const writes = [
      await cara().put(`/v1/bookings/${old!.id}/attendees`, { userIds: [] }),
      await cara().post(`/v1/bookings/${old!.id}/artifacts`, multipart({ value: "https://fabrikam.test/late" })),
      await cara().delete(`/v1/bookings/${old!.id}/artifacts/${items[0]!.id}`),
    ];
    for (const res of writes) {
      expect(res.status, res.url).toBe(409);
      expect((await json(res)).error.message).toMatch(/previous provider/);
    }

    const cancelled = await cara().post(`/v1/bookings/${old!.id}/cancel`, { reason: "requested" });
    expect(cancelled.status).toBe(409);
    expect((await json(cancelled)).error.message).toMatch(/previous provider/);
    const accepted = await cara().post(`/v1/bookings/${old!.id}/accept`, {
      version: old!.version,
      lines: booking.lines.map((l) => ({ lineId: l.id, time: "2031-03-03T09:00:00.000Z" })),
    });
    expect(accepted.status).toBe(409);
    expect((await json(accepted)).error.message).toMatch(/previous provider/);
    const [after] = await first.select().from(schema.jobs).where(eq(schema.jobs.id, old!.id));
    expect(after).toMatchObject({ status: old!.status, version: old!.version });

    const [others] = await first
      .select()
      .from(schema.jobs)
      .where(and(ne(schema.jobs.accountId, FABRIKAM), eq(schema.jobs.partnerAccountId, NORTHWIND)))
      .limit(1);
    expect(others).toBeDefined();
    expect((await cara().get(`/v1/bookings/${others!.id}`)).status).toBe(404);
    expect((await cara().post(`/v1/bookings/${others!.id}/cancel`, { reason: "requested" })).status).toBe(404);
    expect((await cara().get(`/v1/bookings/${others!.id}/artifacts`)).status).toBe(404);
    expect((await apiAs(null).get(`/v1/bookings/${old!.id}`)).status).toBe(401);
  });
});

describe("a customer re-links to a partner on its own shard", () => {
  it("puts the shard's row back when the directory's routing row cannot be written (500, no partner changed)", async () => {
    await moveContosoToFirstShard();
    const queue = capturedQueue();
    const DB = failingD1(env.DB, PARENT_WRITE);
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: { ...queue.bindings, DB } }).post(relinkPath, { tan: DEMO.contoso.tan });
    expect(res.status).toBe(500);
    expect(DB.failures).toBe(1);
    expect(queue.sent).toEqual([]);
    expect(await parentIn(first)).toBe(NORTHWIND);
    expect(await parentIn(directory)).toBe(NORTHWIND);
  });

  it("links at once (200) in both databases, with no Queue step", async () => {
    await moveContosoToFirstShard();
    const queue = capturedQueue();
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
    expect(res.status).toBe(200);
    expect(queue.sent).toEqual([]);
    expect(await parentIn(first)).toBe(CONTOSO);
  });

  it("refuses an unknown partner number (400 on tan) and a caller without a token (401)", async () => {
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM }).post(relinkPath, { tan: "000000" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain('"tan"');
    expect((await apiAs(null).post(relinkPath, { tan: DEMO.contoso.tan })).status).toBe(401);
    // A member who is not an owner or admin, and another partner's admin, may not move it: nothing sent.
    const queue = capturedQueue();
    const member = await apiAs("customerMember", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
    expect(member.status).toBe(403);
    const other = await apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
    expect([403, 404]).toContain(other.status);
    expect(queue.sent).toEqual([]);
    expect(await parentIn(directory)).toBe(NORTHWIND);
  });
});
