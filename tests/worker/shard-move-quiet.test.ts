/**
 * Background work while a partner moves to another shard
 * (docs/decisions/2026-11-27-background-work-during-a-move.md): Northwind,
 * on the first shard, is recorded as moving to weur-1 (Contoso's), its copy
 * not flipped; the cron, the mail consumer and the flow steps leave its rows
 * alone and go on with Contoso's. Then the move is recorded as flipped, and
 * messages naming the old shard are handled on the new one.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { deliveredCopies } from "../../worker/data/shard-move-copy";
import { database } from "../../worker/db";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import type { MailAdapter } from "../../worker/mail/adapter";
import { deliverMailBatch } from "../../worker/mail/consumer";
import { enqueueMail, MAIL_LAST_ATTEMPT, storeMail, type MailQueueMessage } from "../../worker/mail/outbox";
import { SHARD_MOVES_PATH } from "../../contract/shard-moves";
import { capturedQueue, runFlows } from "./flows-setup";
import { call } from "./helpers";

const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const HARBOUR = DEMO.customers.harbour.id;
const first = env.SHARD_FIRST;
const second = env.SHARD_WEUR_1;
const SECRET = "operator-secret-for-the-worker-tests-0123456789";
const ELEVEN_MINUTES_AGO = () => new Date(Date.now() - 11 * 60 * 1000).toISOString();

/** Records Northwind's move in the directory (null: none); `shard` is where the directory routes it. */
async function northwindMove(phase: "copying" | "moved" | null) {
  const move = phase ? JSON.stringify({ from: "first", to: "weur-1", phase, at: new Date(Date.now() - 60_000).toISOString() }) : null;
  await env.DB.prepare("UPDATE accounts SET shard_move = ?2, shard = ?3 WHERE id = ?1")
    .bind(NORTHWIND, move, phase === "moved" ? "weur-1" : "first")
    .run();
  clearIsolateCaches();
}

/** A queued mail of `accountId` written on `d1` (as a sender writes it), with the same row on `alsoOn` when given (as a move's copy carries it). */
async function mailOn(d1: D1Database, accountId: string, subject: string, alsoOn?: D1Database) {
  const [mail] = await storeMail(env.UPLOADS, [{ accountId, to: `${subject.replace(/\W/g, "-")}@example.test`, subject, text: subject }]);
  for (const db of [d1, ...(alsoOn ? [alsoOn] : [])].map((x) => drizzle(x))) await db.batch([enqueueMail(db, mail!)]);
  return mail!.id;
}

const statusOf = (d1: D1Database, id: string) => d1.prepare("SELECT status, attempts FROM mail_outbox WHERE id = ?1").bind(id).first();

/** What the cron could write for Northwind and its customers on a shard: mail, reminders, credits, audit, plan dates. */
async function northwindWrites(d1: D1Database) {
  const ours = "(SELECT id FROM accounts WHERE id = ?1 OR parent_account_id = ?1)";
  const out: Record<string, unknown> = {};
  for (const table of ["mail_outbox", "mail_reminders", "credit_entries", "credit_lines", "audit_entries"])
    out[table] = await d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE account_id IN ${ours}`).bind(NORTHWIND).first("n");
  out.plans = (await d1.prepare(`SELECT id, renewal_date FROM plan_entries WHERE account_id IN ${ours} ORDER BY id`).bind(NORTHWIND).all()).results;
  return out;
}

/** A customer's plan renewal due yesterday, on its shard. */
async function renewalDue(d1: D1Database, accountId: string) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await d1.prepare("UPDATE plan_entries SET renewal_date = ?2 WHERE account_id = ?1").bind(accountId, yesterday).run();
  return yesterday;
}
const renewalOf = (d1: D1Database, accountId: string) =>
  d1.prepare("SELECT renewal_date FROM plan_entries WHERE account_id = ?1 LIMIT 1").bind(accountId).first<string>("renewal_date");

/** A customer's booking request left unconfirmed for three days (its overdue reminder due); answers the job. */
async function requestOverdue(d1: D1Database, accountId: string) {
  const job = await d1.prepare("SELECT id FROM jobs WHERE account_id = ?1 ORDER BY id LIMIT 1").bind(accountId).first<string>("id");
  const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await d1.prepare("UPDATE jobs SET status = 'awaitingConfirmation', updated_at = ?2 WHERE id = ?1").bind(job, old).run();
  return job!;
}

async function runCron() {
  const requeued: MailQueueMessage[] = [];
  const mailQueue = { sendBatch: async (msgs: { body: MailQueueMessage }[]) => void requeued.push(...msgs.map((m) => m.body)) } as unknown as Queue;
  await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE: mailQueue, FLOW_QUEUE: capturedQueue().queue });
  return requeued.map((m) => m.id);
}

function counting(): MailAdapter & { sent: string[] } {
  const sent: string[] = [];
  return { name: "count", sent, send: async (m) => void sent.push(m.subject) };
}

async function deliverMail(bodies: MailQueueMessage[], adapter: MailAdapter, attempts = 1, bindings: Partial<Env> = {}) {
  const batch = createMessageBatch<MailQueueMessage>(
    "techfit-mail",
    bodies.map((body, i) => ({ id: `q${i}`, timestamp: new Date(), attempts, body })),
  );
  await deliverMailBatch(batch, { ...env, ...bindings }, adapter);
  return getQueueResult(batch, createExecutionContext());
}

afterEach(() => northwindMove(null));

describe("the cron while a partner's rows are being copied", () => {
  it("writes nothing for the moving partner on its old or new shard, does Contoso's work, and does Northwind's once the move is over", async () => {
    await northwindMove("copying");
    const fabrikamMail = await mailOn(first, FABRIKAM, "Fabrikam stale");
    const harbourMail = await mailOn(second, HARBOUR, "Harbour stale");
    for (const [d1, id] of [
      [first, fabrikamMail],
      [second, harbourMail],
    ] as const)
      await d1.prepare("UPDATE mail_outbox SET created_at = ?2 WHERE id = ?1").bind(id, ELEVEN_MINUTES_AGO()).run();
    const due = await renewalDue(first, FABRIKAM);
    await renewalDue(second, HARBOUR);
    const fabrikamJob = await requestOverdue(first, FABRIKAM);
    const before = { first: await northwindWrites(first), second: await northwindWrites(second) };

    const requeued = await runCron();
    expect(requeued).toContain(harbourMail);
    expect(requeued).not.toContain(fabrikamMail);
    expect(await renewalOf(second, HARBOUR)).not.toBe(due);
    expect(await renewalOf(first, FABRIKAM)).toBe(due);
    expect({ first: await northwindWrites(first), second: await northwindWrites(second) }).toEqual(before);

    // The move over (here: given up), the next run does what was left.
    await northwindMove(null);
    expect(await runCron()).toContain(fabrikamMail);
    expect(await renewalOf(first, FABRIKAM)).not.toBe(due);
    expect(
      await first.prepare("SELECT count(*) AS n FROM mail_reminders WHERE kind = 'requestOverdue' AND key LIKE ?1").bind(`${fabrikamJob}|%`).first("n"),
    ).toBe(1);
  });
});

describe("the mail consumer and a partner's move", () => {
  it("retries the moving partner's mail with a delay, neither sending nor acknowledging it, and sends Contoso's", async () => {
    await northwindMove("copying");
    const waiting = await mailOn(first, FABRIKAM, "Waits for the move");
    const going = await mailOn(second, HARBOUR, "Goes now");
    const adapter = counting();
    const result = await deliverMail(
      [
        { id: waiting, shard: "first" },
        { id: going, shard: "weur-1" },
      ],
      adapter,
    );
    expect(adapter.sent).toEqual(["Goes now"]);
    expect(result.retryMessages).toEqual([{ msgId: "q0" }]);
    expect(result.explicitAcks).toEqual(["q1"]);
    expect(await statusOf(first, waiting)).toEqual({ status: "queued", attempts: 0 });
    // Still waiting on the queue's last delivery (the first and max_retries more): sent again as a new message, never dropped.
    const resent: MailQueueMessage[] = [];
    const MAIL_QUEUE = { send: async (body: MailQueueMessage) => void resent.push(body) } as unknown as Queue;
    const last = await deliverMail([{ id: waiting, shard: "first" }], adapter, MAIL_LAST_ATTEMPT + 1, { MAIL_QUEUE });
    expect([last.explicitAcks, last.retryMessages]).toEqual([["q0"], []]);
    expect(resent).toEqual([{ id: waiting, shard: "first" }]);
    expect(adapter.sent).toEqual(["Goes now"]);
    expect(await statusOf(first, waiting)).toEqual({ status: "queued", attempts: 0 });
  });

  it("after the flip, delivers a message naming the old shard once, from the new shard, and the same after the cleanup", async () => {
    // Northwind's account rows on weur-1, as the copy left them (the mail rows name them).
    const rows = await env.DB.prepare("SELECT * FROM accounts WHERE id IN (?1, ?2) ORDER BY type DESC").bind(NORTHWIND, FABRIKAM).all();
    const target = drizzle(second, { schema });
    for (const r of rows.results) {
      const columns = Object.keys(r).filter((k) => !["price_group_id", "shard_move"].includes(k));
      await second
        .prepare(`INSERT OR IGNORE INTO accounts (${columns.join(", ")}) VALUES (${columns.map((_, i) => `?${i + 1}`).join(", ")})`)
        .bind(...columns.map((k) => r[k] ?? null))
        .run();
    }
    await northwindMove("moved");
    const copied = await mailOn(first, FABRIKAM, "Queued before the move", second);
    const adapter = counting();
    const once = await deliverMail([{ id: copied, shard: "first" }], adapter);
    expect(once.explicitAcks).toEqual(["q0"]);
    expect(adapter.sent).toEqual(["Queued before the move"]);
    expect(await statusOf(second, copied)).toEqual({ status: "sent", attempts: 1 });
    // The old shard's twin is left to the move's cleanup, never sent from there.
    expect(await statusOf(first, copied)).toEqual({ status: "queued", attempts: 0 });
    await deliverMail([{ id: copied, shard: "first" }], adapter);
    expect(adapter.sent).toHaveLength(1);

    // After the cleanup: the row only on the new shard, the message still naming the old one.
    const cleaned = await mailOn(second, FABRIKAM, "Cleaned up before sending");
    expect((await deliverMail([{ id: cleaned, shard: "first" }], adapter)).explicitAcks).toEqual(["q0"]);
    expect(adapter.sent).toEqual(["Queued before the move", "Cleaned up before sending"]);
    expect(await statusOf(second, cleaned)).toEqual({ status: "sent", attempts: 1 });
    await target.delete(schema.mailOutbox);
    await second.prepare("DELETE FROM accounts WHERE id IN (?1, ?2) AND id NOT IN (SELECT account_id FROM teams)").bind(FABRIKAM, NORTHWIND).run();
  });
});

describe("flow steps and a partner's move", () => {
  it("a delivery copy for the moving deliverer waits until the flip, then lands on its new shard; the flip finds the copies to write again", async () => {
    const job = await first.prepare("SELECT id FROM jobs WHERE account_id = ?1 ORDER BY id LIMIT 1").bind(FABRIKAM).first<string>("id");
    expect(job).toBeTruthy();
    // Fabrikam re-linked to Contoso: its job stays on the first shard, delivered by Northwind.
    await first.prepare("UPDATE jobs SET delivery_partner_account_id = ?2 WHERE id = ?1").bind(job, NORTHWIND).run();
    await first.prepare("UPDATE accounts SET parent_account_id = ?2 WHERE id = ?1").bind(FABRIKAM, CONTOSO).run();
    expect(await deliveredCopies(database(first), NORTHWIND)).toContain(job);
    const copyOn = (d1: D1Database) => d1.prepare("SELECT version FROM jobs WHERE id = ?1").bind(job).first("version");

    await northwindMove("copying");
    const waiting = await runFlows([{ kind: "deliver", shard: "first", jobId: job! }]);
    expect(waiting.retryMessages).toEqual([{ msgId: "f0" }]);
    expect(await copyOn(second)).toBeNull();

    // The flip (called again once flipped, as a resumed move does) sends the deliver steps of the jobs Northwind delivers there.
    await northwindMove("moved");
    const queue = capturedQueue();
    const flip = await call(`${SHARD_MOVES_PATH}/${NORTHWIND}/flip`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
      body: "{}",
      bindings: { OPERATOR_SECRET: SECRET, SHARD_MOVE_SETTLE_SECONDS: "0", ...queue.bindings },
    });
    expect(flip.status).toBe(200);
    expect(queue.sent).toContainEqual({ kind: "deliver", shard: "first", jobId: job });
    const landed = await runFlows(queue.sent);
    expect(landed.retryMessages).toEqual([]);
    expect(await copyOn(second)).toBe(await copyOn(first));
    await first.prepare("UPDATE accounts SET parent_account_id = ?2 WHERE id = ?1").bind(FABRIKAM, NORTHWIND).run();
  });

  it("a step writing a shard a move copies to or from waits, never compensated; other shards go on", async () => {
    await northwindMove("copying");
    const refresh = { kind: "refresh", shard: "weur-1", workoutId: DEMO.sharedWorkoutId, version: 1 } as const;
    const result = await runFlows([refresh], { attempts: 10 });
    expect(result.retryMessages).toEqual([{ msgId: "f0" }]);
    expect(result.explicitAcks).toEqual([]);
    await northwindMove(null);
    expect((await runFlows([refresh])).explicitAcks).toEqual(["f0"]);
  });
});
