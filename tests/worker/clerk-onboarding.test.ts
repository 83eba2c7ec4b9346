import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { UndoOnboardingMessage } from "../../worker/domain/flows";
import { ACCOUNT_DETAILS, apiAs, multipart } from "./auth";
import { clerkSigner } from "./clerk-setup";
import { capturedQueue, directory, failingD1, first, runFlows } from "./flows-setup";
import { json } from "./helpers";

/**
 * Onboarding with Clerk on the directory's own database (the default shard,
 * `first`): the routing row is the shard's own row, so only the marker that
 * the directory's step writes in its batch tells whether that step went
 * through (worker/data/undo-steps.ts takeBackOnboarding). Clerk is stood in
 * for by its session tokens, signed with a key made here (its Backend API is
 * not called on onboarding); failures are injected at each write.
 */
let clerk: Awaited<ReturnType<typeof clerkSigner>>;
beforeAll(async () => {
  clerk = await clerkSigner();
});

const clerkBindings = () => clerk.bindings();

/** A Clerk session token of a new user whose active organisation is a new one (made at Clerk before onboarding). */
async function clerkCaller() {
  const n = crypto.randomUUID().slice(0, 8);
  const token = await clerk.token({ sub: `user_${n}`, orgId: `org_${n}`, claims: { email: `clerk-${n}@example.test`, email_verified: true } });
  return { token, orgId: `org_${n}`, name: `Clerk Customer ${n}` };
}

/** POST v1/accounts as that caller with Clerk configured, `bindings` laid over. */
const onboard = (caller: { token: string; name: string }, bindings: Partial<Env> = {}) =>
  apiAs(caller.token, { bindings: { ...clerkBindings(), ...bindings } }).post(
    "/v1/accounts",
    multipart({ ...ACCOUNT_DETAILS, name: caller.name, type: "customer" }),
  );

/** What onboarding wrote for the organisation: its account (on `first`, the directory's database), owner, teams and the step's marker. */
async function written(orgId: string) {
  const [account] = await first.select().from(schema.accounts).where(eq(schema.accounts.authId, orgId));
  const id = account?.id ?? "none";
  return {
    account: account ? 1 : 0,
    routing: (await directory.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.authId, orgId))).length,
    members: (await first.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, id))).length,
    teams: (await first.select().from(schema.teams).where(eq(schema.teams.accountId, id))).length,
    marker: (
      await directory
        .select()
        .from(schema.authVerifications)
        .where(like(schema.authVerifications.identifier, `onboarded:${id}`))
    ).length,
  };
}
const nothing = { account: 0, routing: 0, members: 0, teams: 0, marker: 0 };

/** A D1 binding whose batches writing `pattern` commit, then answer an error (the answer lost on the way back). */
function answerLost(d1: D1Database, pattern: RegExp): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const wrap = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, key) {
        if (key === "withSession") return (...args: unknown[]) => wrap((target as D1Database).withSession(...(args as [string])));
        if (key === "prepare")
          return (query: string) => {
            const stmt = target.prepare(query);
            const bind = stmt.bind.bind(stmt);
            // A bound statement is a new one: it is told by its query too.
            stmt.bind = (...values: unknown[]) => {
              const bound = bind(...values);
              sqlOf.set(bound, query);
              return bound;
            };
            sqlOf.set(stmt, query);
            return stmt;
          };
        if (key === "batch")
          return async (stmts: D1PreparedStatement[]) => {
            const results = await target.batch(stmts);
            if (stmts.some((s) => pattern.test(sqlOf.get(s) ?? ""))) throw new Error("injected failure: the batch's answer was lost");
            return results;
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return wrap(d1);
}

describe("onboarding with Clerk on the directory's own database", () => {
  it("writes the account with the directory step's marker; the queued step then keeps everything", async () => {
    const caller = await clerkCaller();
    const res = await onboard(caller);
    expect(res.status).toBe(201);
    const { id } = await json<{ id: string }>(res);
    const done = await written(caller.orgId);
    expect(done).toMatchObject({ account: 1, routing: 1, members: 1, marker: 1 });
    expect(done.teams).toBeGreaterThan(0);
    // A late step (the directory's batch failed after its commit) finds the marker: nothing is taken back.
    const step: UndoOnboardingMessage = { kind: "undoOnboarding", shard: "first", accountId: id, authOrganizationId: null, marked: true };
    expect((await runFlows([step])).explicitAcks).toHaveLength(1);
    expect(await written(caller.orgId)).toEqual(done);
    // Without a token, or with refused input, nothing is written.
    expect(
      (await apiAs(null, { bindings: clerkBindings() }).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Nobody", type: "customer" }))).status,
    ).toBe(401);
    const refused = await clerkCaller();
    expect((await apiAs(refused.token, { bindings: clerkBindings() }).post("/v1/accounts", multipart({ name: "", type: "customer" }))).status).toBe(400);
    expect(await written(refused.orgId)).toEqual(nothing);
  });

  it("writes nothing when the shard's write fails", async () => {
    const caller = await clerkCaller();
    const queue = capturedQueue();
    const SHARD_FIRST = failingD1(env.SHARD_FIRST, /^insert into "teams"/);
    expect((await onboard(caller, { SHARD_FIRST, FLOW_QUEUE: queue.queue })).status).toBe(500);
    expect(SHARD_FIRST.failures).toBe(1);
    expect(await written(caller.orgId)).toEqual(nothing);
    expect(queue.sent).toEqual([]);
  });

  it("takes the shard's rows back in the request when the directory's write fails", async () => {
    const caller = await clerkCaller();
    const queue = capturedQueue();
    const DB = failingD1(env.DB, /^insert into "auth_verifications"/);
    expect((await onboard(caller, { DB, FLOW_QUEUE: queue.queue })).status).toBe(500);
    expect(DB.failures).toBe(1);
    expect(await written(caller.orgId)).toEqual(nothing);
    expect(queue.sent).toEqual([]);
  });

  it("keeps everything when the directory's write went through but its answer was lost", async () => {
    const caller = await clerkCaller();
    const queue = capturedQueue();
    expect((await onboard(caller, { DB: answerLost(env.DB, /^insert into "auth_verifications"/), FLOW_QUEUE: queue.queue })).status).toBe(500);
    // The request asked the directory first: its step went through, so both databases keep the account.
    expect(await written(caller.orgId)).toMatchObject({ account: 1, routing: 1, members: 1, marker: 1 });
    expect(queue.sent).toEqual([]);
  });

  it("takes them back through the flow queue when the request's removal fails too, though the routing row is there; run again, nothing changes", async () => {
    const caller = await clerkCaller();
    const queue = capturedQueue();
    const DB = failingD1(env.DB, /^insert into "auth_verifications"/);
    const SHARD_FIRST = failingD1(env.SHARD_FIRST, /^delete from "teams"/);
    expect((await onboard(caller, { DB, SHARD_FIRST, FLOW_QUEUE: queue.queue })).status).toBe(500);
    expect([DB.failures, SHARD_FIRST.failures]).toEqual([1, 1]);
    // Half done: the shard's rows, whose account row is the directory's routing row too, without the step's marker.
    expect(await written(caller.orgId)).toMatchObject({ account: 1, routing: 1, members: 1, marker: 0 });
    expect(queue.sent).toEqual([expect.objectContaining({ kind: "undoOnboarding", shard: "first", authOrganizationId: null, marked: true })]);

    // The step fails once on the shard: retried, the rows still there.
    const retried = await runFlows(queue.sent, { bindings: { SHARD_FIRST: failingD1(env.SHARD_FIRST, /^delete from "teams"/) } });
    expect(retried.retryMessages).toHaveLength(1);
    expect((await written(caller.orgId)).account).toBe(1);
    for (const attempts of [2, 3]) {
      expect((await runFlows(queue.sent, { attempts })).explicitAcks).toHaveLength(1);
      expect(await written(caller.orgId)).toEqual(nothing);
    }
  });
});
