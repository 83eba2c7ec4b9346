/**
 * A partner's move leaves nothing behind and loses no queued step
 * (docs/decisions/2026-11-27-queued-steps-follow-a-move.md,
 * 2026-11-27-a-move-leaves-no-copies-behind.md): Contoso and its customers
 * moved from weur-1 to the first shard through the operator's endpoints,
 * with a partner of its own staying on weur-1. Each kind of flow step is
 * queued before the flip naming weur-1 and run after it (or after the
 * cleanup): it lands on the first shard and writes nothing on weur-1. The
 * cleanup leaves weur-1 without a row of Contoso's, its delivery copies or
 * the copies it held, and the staying partner's rows as they were.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { PLACEMENT } from "../../worker/d1/placement";
import { WORKOUT_DOCUMENT } from "../../worker/data/shard-move-tables";
import type { FlowMessage } from "../../worker/domain/flows";
import { enqueueMail, storeMail } from "../../worker/mail/outbox";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { capturedQueue, directory, publishNow, runFlows, second, workoutBody } from "./flows-setup";
import { json } from "./helpers";
import { moveWith } from "./move-setup";

const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;
const NORTHWIND = DEMO.northwind.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const COPILOT = DEMO.sharedWorkoutId;
const FUTURE = new Date(Date.now() + 30 * 86_400_000).toISOString();

/** Every step runs at its first attempt, refreshes and publishes it sends kept (not run). */
const run = async (messages: FlowMessage[]) => {
  const result = await runFlows(messages, { bindings: capturedQueue().bindings });
  expect(result.retryMessages).toEqual([]);
  expect(result.explicitAcks).toHaveLength(messages.length);
};

const count = async (d1: D1Database, sql: string, ...args: unknown[]) =>
  (await d1
    .prepare(sql)
    .bind(...args)
    .first<number>("n")) ?? 0;

/** Rows of every placed shard table (users aside) whose columns pointing at accounts name one of `ids`, by table. */
async function rowsNaming(d1: D1Database, ids: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const list = JSON.stringify(ids);
  for (const [table, where] of Object.entries(PLACEMENT)) {
    if (where === "directory" || table === "users") continue;
    const { results: keys } = await d1
      .prepare(`SELECT "from" AS col FROM pragma_foreign_key_list(?1) WHERE "table" = 'accounts'`)
      .bind(table)
      .all<{ col: string }>();
    const columns = [...keys.map((k) => k.col), ...(table === "accounts" ? ["id"] : [])];
    if (!columns.length) continue;
    const named = columns.map((c) => `"${c}" IN (SELECT value FROM json_each(?1))`).join(" OR ");
    const n = await count(d1, `SELECT count(*) AS n FROM "${table}" WHERE ${named}`, list);
    if (n) out[table] = n;
  }
  return out;
}

/** The rows of a workout's document on a shard (the workout and the tables naming it that its copy writes), by table. */
async function documentOf(d1: D1Database, workoutId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = { workouts: await count(d1, "SELECT count(*) AS n FROM workouts WHERE id = ?1", workoutId) };
  for (const table of WORKOUT_DOCUMENT) {
    const n = await count(d1, `SELECT count(*) AS n FROM "${table}" WHERE workout_id = ?1`, workoutId);
    if (n) out[table] = n;
  }
  return out;
}

/** A new UK partner (placed on weur-1) and its owner's API. */
async function stayingPartner() {
  const owner = await signUp("Staying Owner");
  const res = await apiAs(owner.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Staying Partner", location: "UK", type: "partner" }));
  expect(res.status).toBe(201);
  const { id } = await json<{ id: string }>(res);
  return { id, api: apiAs(owner.token, { accountId: id }) };
}

/** A listed workout written by a partner's admin and published from its shard. */
async function listed(api: ReturnType<typeof apiAs>, shard: string) {
  const res = await api.post("/v1/admin/workouts", workoutBody({ partnerVisibility: "listed" }));
  expect(res.status).toBe(201);
  const { id } = await json<{ id: string }>(res);
  await publishNow([id], shard);
  return id;
}

const publishedVersion = (id: string) => env.DB.prepare("SELECT version FROM published_workouts WHERE workout_id = ?1").bind(id).first<number>("version");

describe("a delivery step naming a shard the job is not on (its booking partner moved, the old shard cleaned)", () => {
  it("reads the job where its account is placed now and writes the delivery copy", async () => {
    const job = await env.SHARD_FIRST.prepare("SELECT id FROM jobs WHERE account_id = ?1 ORDER BY id LIMIT 1").bind(FABRIKAM).first<string>("id");
    await env.SHARD_FIRST.prepare("UPDATE jobs SET delivery_partner_account_id = ?2 WHERE id = ?1").bind(job, CONTOSO).run();
    await run([{ kind: "deliver", shard: "weur-1", jobId: job! }]);
    const version = (d1: D1Database) => d1.prepare("SELECT version FROM jobs WHERE id = ?1").bind(job).first<number>("version");
    expect(await version(env.SHARD_WEUR_1)).toBe(await version(env.SHARD_FIRST));
  });
});

describe("a partner's move and the steps queued before it", () => {
  it("runs each step once on the new shard, writes nothing on the old, and leaves no row of the partner or its copies there", async () => {
    // A partner staying on weur-1, with a copy of a Northwind workout in its library.
    const staying = await stayingPartner();
    const northwindApi = apiAs("partnerAdmin", { accountId: NORTHWIND, bindings: capturedQueue().bindings });
    const kept = await listed(northwindApi, "first");
    expect((await staying.api.post(`/v1/admin/workouts/${kept}/library`)).status).toBe(201);

    // Contoso's listed workout, changed since it was published (a lost publish step).
    const contosoApi = apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings: capturedQueue().bindings });
    const own = await listed(contosoApi, "weur-1");
    await env.SHARD_WEUR_1.prepare("UPDATE workouts SET version = version + 1 WHERE id = ?1").bind(own).run();
    const ownVersion = await env.SHARD_WEUR_1.prepare("SELECT version FROM workouts WHERE id = ?1").bind(own).first<number>("version");
    expect(await publishedVersion(own)).toBe(ownVersion! - 1);
    // Another of Contoso's listed workouts, in the staying partner's library on the same shard (no copy: the original).
    const shared = await listed(contosoApi, "weur-1");
    expect((await staying.api.post(`/v1/admin/workouts/${shared}/library`)).status).toBe(201);
    const sharedDocument = await documentOf(env.SHARD_WEUR_1, shared);
    expect(sharedDocument.workout_sessions).toBeGreaterThan(0);

    // Contoso delivers one of Fabrikam's jobs: its delivery copy on weur-1.
    const job = await env.SHARD_FIRST.prepare("SELECT id FROM jobs WHERE account_id = ?1 ORDER BY id LIMIT 1").bind(FABRIKAM).first<string>("id");
    await env.SHARD_FIRST.prepare("UPDATE jobs SET delivery_partner_account_id = ?2 WHERE id = ?1").bind(job, CONTOSO).run();
    await run([{ kind: "deliver", shard: "first", jobId: job! }]);
    expect(await count(env.SHARD_WEUR_1, "SELECT count(*) AS n FROM jobs WHERE id = ?1", job)).toBe(1);

    // Northwind changes the workout Contoso holds a copy of: the refresh of weur-1's copy is queued.
    await env.SHARD_FIRST.prepare("UPDATE workouts SET version = version + 1, title = 'Copilot, again' WHERE id = ?1").bind(COPILOT).run();
    const refreshes = (await publishNow([COPILOT], "first")).filter((m) => m.kind === "refresh" && m.shard === "weur-1");
    expect(refreshes).toHaveLength(1);
    const copilotOnSecond = () => env.SHARD_WEUR_1.prepare("SELECT version FROM workouts WHERE id = ?1").bind(COPILOT).first<number>("version");
    const staleCopilot = await copilotOnSecond();

    // An onboarding of a customer under Contoso whose directory step failed: its rows on weur-1 only.
    const orphan = crypto.randomUUID();
    const [harbourRow] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, HARBOUR));
    await second.batch([
      second.insert(schema.accounts).values({ ...harbourRow!, id: orphan, name: "Half Made Ltd", authId: `org-${orphan}`, tan: null, priceGroupId: null }),
      second.insert(schema.teams).values({ accountId: orphan, name: "Everyone", department: "marketing" }),
    ]);

    // A Harbour member whose identity membership the undo of a status would put back.
    const [member] = await second
      .select()
      .from(schema.accountUsers)
      .where(and(eq(schema.accountUsers.accountId, HARBOUR), eq(schema.accountUsers.status, "active")))
      .limit(1);
    const harbourOrg = (await directory.select({ authId: schema.accounts.authId }).from(schema.accounts).where(eq(schema.accounts.id, HARBOUR)))[0]!.authId!;
    const [identity] = await directory.select().from(schema.authMembers).where(eq(schema.authMembers.organizationId, harbourOrg)).limit(1);
    await directory.delete(schema.authMembers).where(eq(schema.authMembers.id, identity!.id));

    // A seat Contoso's slot holds for a Fabrikam job line that no longer uses it.
    const [session] = await second.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, own)).limit(1);
    const slotId = crypto.randomUUID();
    const hold = { id: crypto.randomUUID(), slotId, jobId: job!, lineId: crypto.randomUUID() };
    await second.batch([
      second
        .insert(schema.slots)
        .values({ id: slotId, partnerAccountId: CONTOSO, workoutId: own, sessionId: session!.id, startsAt: FUTURE, capacity: 4, seatsTaken: 1 }),
      second.insert(schema.slotHolds).values({ ...hold, partnerAccountId: CONTOSO, jobShard: "first" }),
    ]);

    // Invites to Harbour: one whose mail is on its shard, one accepted by a member there.
    const [mail] = await storeMail(env.UPLOADS, [{ accountId: HARBOUR, to: "invited@example.test", subject: "Join Harbour", text: "Join" }]);
    const plain = drizzle(env.SHARD_WEUR_1);
    await plain.batch([enqueueMail(plain, mail!)]);
    const invited = crypto.randomUUID();
    const accepted = crypto.randomUUID();
    const respondedAt = new Date().toISOString();
    await directory.insert(schema.invites).values([
      { id: invited, accountId: HARBOUR, email: "invited@example.test" },
      { id: accepted, accountId: HARBOUR, email: member!.email ?? "member@example.test", status: "accepted", respondedAt },
    ]);

    const afterFlip: FlowMessage[] = [
      { kind: "undoOnboarding", shard: "weur-1", accountId: orphan, authOrganizationId: `org-${orphan}` },
      {
        kind: "undoMemberStatus",
        shard: "weur-1",
        memberId: member!.id,
        restore: [{ ...identity!, createdAt: identity!.createdAt.toISOString() }],
        added: [],
      },
      { kind: "releaseSeats", shard: "weur-1", jobShard: "first", holds: [hold] },
      ...refreshes,
    ];
    const afterCleanup: FlowMessage[] = [
      { kind: "undoInvites", shard: "weur-1", inviteIds: [invited], authInvitationIds: [], mailIds: [mail!.id] },
      {
        kind: "undoAccept",
        claim: { shard: "weur-1", accountId: HARBOUR, userId: member!.userId, inviteId: accepted, respondedAt, authMemberIds: [], authInvitationId: null },
      },
      { kind: "publish", shard: "weur-1", workoutId: own },
    ];
    const stayingBefore = await rowsNaming(env.SHARD_WEUR_1, [staying.id]);
    const keptDocument = await count(env.SHARD_WEUR_1, "SELECT count(*) AS n FROM workout_sessions WHERE workout_id = ?1", kept);
    expect(keptDocument).toBeGreaterThan(0);
    const contosoIds = [CONTOSO, HARBOUR, orphan, ...(await customersOf(CONTOSO))];

    const flip = capturedQueue();
    const done = await moveWith(
      CONTOSO,
      "first",
      {
        afterFlip: async () => {
          // The member's status on its new shard is the truth now (its old shard's twin still says active).
          await env.SHARD_FIRST.prepare("UPDATE account_users SET status = 'inactive' WHERE id = ?1").bind(member!.id).run();
          await run(afterFlip);
          await run(afterFlip);
          // The flip's publish steps make the lost one good.
          await run(flip.sent.filter((m) => m.kind === "publish"));
          expect(await publishedVersion(own)).toBe(ownVersion);
          // The onboarding's rows taken on the new shard; the old shard's twins left to the cleanup.
          expect(await count(env.SHARD_FIRST, "SELECT count(*) AS n FROM accounts WHERE id = ?1", orphan)).toBe(0);
          expect(await count(env.SHARD_FIRST, "SELECT count(*) AS n FROM teams WHERE account_id = ?1", orphan)).toBe(0);
          expect(await count(env.SHARD_WEUR_1, "SELECT count(*) AS n FROM teams WHERE account_id = ?1", orphan)).toBe(1);
          // The membership follows the new shard's status: not put back.
          expect(await directory.select().from(schema.authMembers).where(eq(schema.authMembers.id, identity!.id))).toEqual([]);
          // The seat given back once, on the new shard.
          expect(await env.SHARD_FIRST.prepare("SELECT seats_taken FROM slots WHERE id = ?1").bind(slotId).first("seats_taken")).toBe(0);
          expect(await count(env.SHARD_FIRST, "SELECT count(*) AS n FROM slot_holds WHERE id = ?1", hold.id)).toBe(0);
          expect(await env.SHARD_WEUR_1.prepare("SELECT seats_taken FROM slots WHERE id = ?1").bind(slotId).first("seats_taken")).toBe(1);
          // The copy only Contoso held is not refreshed there: Contoso reads the original on the first shard.
          expect(await copilotOnSecond()).toBe(staleCopilot);
        },
        afterCleanup: async () => {
          // The member active again on the new shard (the old shard's rows are gone).
          await env.SHARD_FIRST.prepare("UPDATE account_users SET status = 'active' WHERE id = ?1").bind(member!.id).run();
          await env.SHARD_FIRST.prepare("UPDATE workouts SET version = version + 1 WHERE id = ?1").bind(own).run();
          await run(afterCleanup);
          // The mail and the membership are on the new shard: neither invite is taken back.
          expect(await env.DB.prepare("SELECT status FROM invites WHERE id = ?1").bind(invited).first("status")).toBe("pending");
          expect(await env.DB.prepare("SELECT status FROM invites WHERE id = ?1").bind(accepted).first("status")).toBe("accepted");
          // A publish naming the old shard, run after the cleanup, reaches the catalogue from the new one.
          expect(await publishedVersion(own)).toBe(ownVersion! + 1);
          expect(await env.DB.prepare("SELECT shard FROM published_workouts WHERE workout_id = ?1").bind(own).first("shard")).toBe("first");
        },
      },
      flip.bindings,
    );
    expect(done).toMatchObject({ phase: "done", to: "first" });

    // The flip published Contoso's workouts again from the new shard: the lost step made good, whatever its age.
    expect(flip.sent).toContainEqual({ kind: "publish", shard: "first", workoutId: own });

    // Nothing of Contoso's is left on weur-1 (its rows, its delivery copy, the copies it held, their reference rows)
    // but what the staying partner needs: Contoso's workout in its library, whole, and Contoso's reference row it names.
    expect(await rowsNaming(env.SHARD_WEUR_1, contosoIds)).toEqual({ ...sharedDocument, accounts: 1 });
    expect(await documentOf(env.SHARD_WEUR_1, shared)).toEqual(sharedDocument);
    expect(await count(env.SHARD_WEUR_1, "SELECT count(*) AS n FROM jobs WHERE id = ?1", job)).toBe(0);
    expect(await count(env.SHARD_WEUR_1, "SELECT count(*) AS n FROM workouts WHERE id IN (?1, ?2)", COPILOT, own)).toBe(0);
    // What the staying partner needs is whole: its rows, the copy in its library with its document.
    expect(await rowsNaming(env.SHARD_WEUR_1, [staying.id])).toEqual(stayingBefore);
    expect(await count(env.SHARD_WEUR_1, "SELECT count(*) AS n FROM workout_sessions WHERE workout_id = ?1", kept)).toBe(keptDocument);
    expect((await staying.api.get("/v1/admin/workouts")).status).toBe(200);
    // On the first shard: Contoso's rows, the original job, the orphan gone.
    expect(await count(env.SHARD_FIRST, "SELECT count(*) AS n FROM library_entries WHERE account_id = ?1 AND workout_id = ?2", CONTOSO, COPILOT)).toBe(1);
    expect(await count(env.SHARD_FIRST, "SELECT count(*) AS n FROM jobs WHERE id = ?1 AND delivery_partner_account_id = ?2", job, CONTOSO)).toBe(1);
  }, 120_000);
});

/** A partner's customers, as the directory links them. */
async function customersOf(partnerId: string): Promise<string[]> {
  const rows = await directory.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.parentAccountId, partnerId));
  return rows.map((r) => r.id);
}
