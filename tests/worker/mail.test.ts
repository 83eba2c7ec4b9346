import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { httpMailer, mailAdapter, type MailAdapter } from "../../worker/mail/adapter";
import { expireMailBodies } from "../../worker/mail/bodies";
import { deliverMailBatch } from "../../worker/mail/consumer";
import { enqueueMail, MAIL_LAST_ATTEMPT, requeueStale, storeMail, type MailInput, type MailQueueMessage } from "../../worker/mail/outbox";
import { database } from "../../worker/db";
import { call } from "./helpers";
import { nth } from "../present";

const db = drizzle(env.DB);

/** Writes one mail as the senders do: its body to R2, then its outbox row. */
async function enqueue(mail: MailInput) {
  const [stored] = await storeMail(env.UPLOADS, [mail]);
  await db.batch([enqueueMail(db, stored!)]);
  return stored!;
}
async function outboxRow(subject = "Hello") {
  const id = crypto.randomUUID();
  await enqueue({ id, to: ` Someone-${id.slice(0, 6)}@Example.test `, subject, text: `Open https://example.test/x?a=1&b=<2> now` });
  return id;
}
const row = async (id: string) => nth(await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id)), 0);
const batchOf = (...ids: string[]) =>
  createMessageBatch<MailQueueMessage>(
    "techfit-mail",
    ids.map((id, i) => ({ id: `m${i}-${id}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );

describe("the mail outbox and its queue consumer", () => {
  it("enqueueMail writes a queued row (address normalised) in the caller's batch", async () => {
    const id = await outboxRow();
    const r = await row(id);
    expect(r).toMatchObject({ status: "queued", attempts: 0, subject: "Hello" });
    expect(r.to).toBe(`someone-${id.slice(0, 6)}@example.test`);
  });

  it("the Worker's queue handler delivers to the dev mailbox locally and marks the row sent", async () => {
    const id = await outboxRow();
    const batch = batchOf(id);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([`m0-${id}`]);
    expect(result.retryMessages).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect((await row(id)).sentAt).toBeTruthy();
  });

  it("a failed delivery records the error and is retried by the queue, then delivered: never lost", async () => {
    const id = await outboxRow();
    const failing: MailAdapter = { name: "down", send: async () => Promise.reject(new Error("provider down")) };
    const batch = batchOf(id);
    const ctx = createExecutionContext();
    await deliverMailBatch(batch, env, failing);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([expect.objectContaining({ msgId: `m0-${id}` })]);
    expect(result.explicitAcks).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1, lastError: "provider down" });
    const again = batchOf(id);
    await deliverMailBatch(again, env, mailAdapter({ APP_ENV: "development" }));
    expect((await getQueueResult(again, createExecutionContext())).explicitAcks).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a delivery that fails on the queue's last attempt goes back to queued, and the cron's requeue sends it again: never lost", async () => {
    const id = await outboxRow();
    const failing: MailAdapter = { name: "down", send: async () => Promise.reject(new Error("provider down")) };
    const requeued = async () => {
      const sent: MailQueueMessage[] = [];
      const MAIL_QUEUE = { sendBatch: async (msgs: { body: MailQueueMessage }[]) => void sent.push(...msgs.map((m) => m.body)) } as unknown as Queue;
      await requeueStale(database(env.SHARD_FIRST), { MAIL_QUEUE }, "first", 0);
      return sent.map((m) => m.id);
    };
    const attempt = async (attempts: number, adapter: MailAdapter) => {
      const batch = createMessageBatch<MailQueueMessage>("techfit-mail", [{ id: `m-${id}`, timestamp: new Date(), attempts, body: { id } }]);
      await deliverMailBatch(batch, env, adapter);
      return getQueueResult(batch, createExecutionContext());
    };
    // Failed while the queue still retries it: the cron leaves it to its message.
    expect((await attempt(1, failing)).retryMessages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await requeued()).not.toContain(id);
    // Failed on the last attempt: acknowledged, queued again with its error, and sent again by the cron.
    const last = await attempt(MAIL_LAST_ATTEMPT, failing);
    expect([last.explicitAcks, last.retryMessages]).toEqual([[`m-${id}`], []]);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 2, lastError: "provider down" });
    expect(await requeued()).toContain(id);
    expect((await attempt(1, mailAdapter({ APP_ENV: "development" }))).explicitAcks).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3 });
    expect(await requeued()).not.toContain(id);
  });

  it("a batch of several mails marks each by its own outcome: the delivered ones sent, a failed one retried with its error", async () => {
    const [a, b, c] = [await outboxRow("First"), await outboxRow("Refused"), await outboxRow("Third")];
    const sent: string[] = [];
    const picky: MailAdapter = {
      name: "picky",
      send: async (m) => {
        if (m.subject === "Refused") throw new Error("mailbox full");
        sent.push(m.id);
      },
    };
    const batch = batchOf(a, b, c, a);
    await deliverMailBatch(batch, env, picky);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(sent.sort()).toEqual([a, c].sort());
    expect(result.explicitAcks.sort()).toEqual([`m0-${a}`, `m2-${c}`, `m3-${a}`].sort());
    expect(result.retryMessages).toEqual([expect.objectContaining({ msgId: `m1-${b}` })]);
    expect(await row(a)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await row(c)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await row(b)).toMatchObject({ status: "failed", attempts: 1, lastError: "mailbox full" });
  });

  it("acks messages whose row is gone or already sent, without sending again", async () => {
    const id = await outboxRow();
    await deliverMailBatch(batchOf(id), env, mailAdapter({ APP_ENV: "development" }));
    let sends = 0;
    const counting: MailAdapter = { name: "count", send: async () => void sends++ };
    const batch = batchOf(id, crypto.randomUUID());
    await deliverMailBatch(batch, env, counting);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(2);
    expect(sends).toBe(0);
  });

  it("the HTTP adapter posts to MAIL_API_URL with the key; a non-2xx answer is a failure", async () => {
    const seen: Request[] = [];
    let status = 500;
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response("{}", { status });
    }) as typeof fetch;
    const adapter = httpMailer({ MAIL_API_URL: "https://mail.example/send", MAIL_API_KEY: "k", MAIL_FROM: "TechFIT <no-reply@techfit.test>" }, fetcher);
    const id = await outboxRow("Via HTTP");
    const first = batchOf(id);
    await deliverMailBatch(first, env, adapter);
    expect((await getQueueResult(first, createExecutionContext())).retryMessages).toHaveLength(1);
    status = 202;
    const second = batchOf(id);
    await deliverMailBatch(second, env, adapter);
    expect((await getQueueResult(second, createExecutionContext())).explicitAcks).toHaveLength(1);
    expect(nth(seen, 1).headers.get("Authorization")).toBe("Bearer k");
    expect(await nth(seen, 1).json()).toMatchObject({ from: "TechFIT <no-reply@techfit.test>", subject: "Via HTTP", to: [(await row(id)).to] });
    // Outside development without a provider, delivery fails (and is retried) rather than pretending.
    await expect(mailAdapter({ APP_ENV: "production" }).send({ ...(await row(id)), text: "x", html: null, attachments: [] })).rejects.toThrow();
  });
});

describe("the outbox on each shard", () => {
  const second = drizzle(env.SHARD_WEUR_1);
  async function secondShardRow(subject: string, html?: string) {
    const id = crypto.randomUUID();
    const [mail] = await storeMail(env.UPLOADS, [{ id, to: `far-${id.slice(0, 6)}@example.test`, subject, text: "On the second shard", html }]);
    await second.batch([enqueueMail(second, mail!)]);
    return id;
  }
  const secondRow = async (id: string) => nth(await second.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id)), 0);
  const messages = (...bodies: MailQueueMessage[]) =>
    createMessageBatch<MailQueueMessage>(
      "techfit-mail",
      bodies.map((body, i) => ({ id: `s${i}-${body.id}`, timestamp: new Date(), attempts: 1, body })),
    );

  it("delivers each message on the shard it names, the shards of one batch side by side", async () => {
    const far = await secondShardRow("Far away");
    const near = await outboxRow("Nearby");
    const batch = messages({ id: far, shard: "weur-1" }, { id: near, shard: "first" });
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks.sort()).toEqual([`s0-${far}`, `s1-${near}`].sort());
    expect(await secondRow(far)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await row(near)).toMatchObject({ status: "sent", attempts: 1 });
    // Each row is only on its own shard: the directory's database never had the far one.
    expect(await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, far))).toEqual([]);
  });

  it("retries a message for a shard this deployment does not bind, and loses nothing", async () => {
    const batch = messages({ id: crypto.randomUUID(), shard: "weur-9" });
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toEqual([]);
  });

  it("the cron requeues each shard's stale mail with that shard's name", async () => {
    const far = await secondShardRow("Lost far away");
    const near = await outboxRow("Lost nearby");
    const old = new Date(Date.now() - 11 * 60 * 1000).toISOString();
    await second.update(schema.mailOutbox).set({ createdAt: old }).where(eq(schema.mailOutbox.id, far));
    await db.update(schema.mailOutbox).set({ createdAt: old }).where(eq(schema.mailOutbox.id, near));
    const sentToQueue: MailQueueMessage[] = [];
    const queue = { sendBatch: async (msgs: { body: MailQueueMessage }[]) => void sentToQueue.push(...msgs.map((m) => m.body)) } as unknown as Queue;
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE: queue });
    expect(sentToQueue).toContainEqual({ id: far, shard: "weur-1" });
    expect(sentToQueue).toContainEqual({ id: near, shard: "first" });
  });

  it("the dev mailbox lists the mail of every shard", async () => {
    const far = await secondShardRow("Mail from the second shard", "<p>Far body</p>");
    expect(await (await call("/dev/mail")).text()).toContain("Mail from the second shard");
    expect(await (await call(`/dev/mail/${far}/html`)).text()).toBe("<p>Far body</p>");
  });
});

describe("GET /dev/mail", () => {
  it("lists the outbox with escaped text and clickable links when APP_ENV is development", async () => {
    const id = await outboxRow("<b>Invite</b>");
    const res = await call("/dev/mail");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("&#60;b&#62;Invite&#60;/b&#62;");
    expect(html).not.toContain("<b>Invite</b>");
    expect(html).toContain(`someone-${id.slice(0, 6)}@example.test`);
    expect(html).toContain('<a href="https://example.test/x?a=1&#38;b=">');
  });

  it("is not there on a partner's domain, even in development (its mail would leak every tenant's invite links)", async () => {
    await outboxRow("Invite to Fabrikam");
    for (const host of [DEMO.northwind.domain, DEMO.contoso.domain, "unknown.academy.test"]) {
      const res = await call("/dev/mail", { host });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Invite to Fabrikam");
    }
  });

  it("shows a mail's HTML part inert (sandboxed, no script), only on the product's own host", async () => {
    const id = crypto.randomUUID();
    await enqueue({ id, to: "html@example.test", fromName: "Northwind Learn", subject: "Branded", text: "Plain", html: "<p>Branded body</p>" });
    expect(await (await call("/dev/mail")).text()).toContain(`href="/dev/mail/${id}/html"`);
    const res = await call(`/dev/mail/${id}/html`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(await res.text()).toBe("<p>Branded body</p>");
    expect((await call(`/dev/mail/${id}/html`, { host: DEMO.northwind.domain })).status).toBe(404);
  });

  it("shows a mail's attachments as plain text (utf8 or base64), only on the product's own host", async () => {
    const id = crypto.randomUUID();
    const ics = "BEGIN:VCALENDAR\r\nPRODID:-//Northwind Learn//bookings//EN\r\nEND:VCALENDAR";
    const attachments = [
      { filename: "booking.ics", contentType: "text/calendar", content: ics, encoding: "utf8" as const },
      { filename: "notes.txt", contentType: "text/plain", content: "Q2Fmw6kgPG5vdGVzPg==" }, // base64 of the UTF-8 "Café <notes>"
    ];
    await enqueue({ id, to: "ics@example.test", fromName: "Northwind Learn", subject: "Booked", text: "Plain", attachments });
    expect(await (await call("/dev/mail")).text()).toContain(`<a href="/dev/mail/${id}/attachments/0">booking.ics</a>`);
    const first = await call(`/dev/mail/${id}/attachments/0`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await first.text()).toBe(ics);
    expect(await (await call(`/dev/mail/${id}/attachments/1`)).text()).toBe("Café <notes>");
    expect((await call(`/dev/mail/${id}/attachments/2`)).status).toBe(404);
    expect((await call(`/dev/mail/${id}/attachments/0`, { host: DEMO.northwind.domain })).status).toBe(404);
  });

  it("is not there outside development", async () => {
    const deployed = { APP_ENV: "production", MAIN_HOST: "techfit.example", MAIN_ORIGIN: "https://techfit.example" };
    const res = await call("https://techfit.example/dev/mail", { bindings: deployed });
    expect(res.status).toBe(404);
  });
});

describe("the cron trigger", () => {
  it("hands mail still queued after ten minutes to the queue again, and leaves fresh or sent mail alone", async () => {
    const stale = await outboxRow("Lost message");
    const fresh = await outboxRow("Just queued");
    const sent = await outboxRow("Already sent");
    const old = new Date(Date.now() - 11 * 60 * 1000).toISOString();
    await db.update(schema.mailOutbox).set({ createdAt: old }).where(eq(schema.mailOutbox.id, stale));
    await db.update(schema.mailOutbox).set({ createdAt: old, status: "sent" }).where(eq(schema.mailOutbox.id, sent));
    const sentToQueue: string[] = [];
    const queue = { sendBatch: async (msgs: { body: MailQueueMessage }[]) => void sentToQueue.push(...msgs.map((m) => m.body.id)) } as unknown as Queue;
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE: queue });
    expect(sentToQueue).toContain(stale);
    expect(sentToQueue).not.toContain(fresh);
    expect(sentToQueue).not.toContain(sent);
  });
});

describe("mail bodies in R2", () => {
  it("the outbox row keeps no body: the text, HTML and calendar files are in R2, and the consumer delivers them from there", async () => {
    const id = crypto.randomUUID();
    const attachments = [{ filename: "booking.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR", encoding: "utf8" as const }];
    await enqueue({ id, to: "r2@example.test", subject: "Stored", text: "Plain body", html: "<p>Rich body</p>", attachments });
    const r = await row(id);
    expect(r).toMatchObject({ text: null, html: null });
    expect(r.bodyKey).toMatch(new RegExp(`^mail/\\d{4}-\\d{2}-\\d{2}/${id}\\.json$`));
    expect(await (await env.UPLOADS.get(r.bodyKey!))!.json()).toEqual({ text: "Plain body", html: "<p>Rich body</p>", attachments });
    const seen: unknown[] = [];
    await deliverMailBatch(batchOf(id), env, { name: "capture", send: async (m) => void seen.push(m) });
    expect(seen).toEqual([
      expect.objectContaining({ id, to: "r2@example.test", subject: "Stored", text: "Plain body", html: "<p>Rich body</p>", attachments }),
    ]);
    expect(await row(id)).toMatchObject({ status: "sent" });
  });

  it("a row written before bodies left D1 (body in its own columns) is still delivered", async () => {
    const id = crypto.randomUUID();
    await db.insert(schema.mailOutbox).values({ id, to: "old@example.test", subject: "Old", text: "Old body", html: "<p>Old</p>", attachments: [] });
    const seen: { text: string; html: string | null }[] = [];
    await deliverMailBatch(batchOf(id), env, { name: "capture", send: async (m) => void seen.push(m) });
    expect(seen).toEqual([expect.objectContaining({ text: "Old body", html: "<p>Old</p>" })]);
  });

  it("a row whose body is gone is not sent empty: it fails and is retried", async () => {
    const id = await outboxRow("Lost body");
    await env.UPLOADS.delete((await row(id)).bodyKey!);
    let sends = 0;
    const batch = batchOf(id);
    await deliverMailBatch(batch, env, { name: "count", send: async () => void sends++ });
    expect(sends).toBe(0);
    expect((await getQueueResult(batch, createExecutionContext())).retryMessages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "failed", lastError: "mail body not found" });
  });

  it("the cron deletes bodies of days past the retention period, and keeps the others", async () => {
    const now = new Date();
    const day = 24 * 3600 * 1000;
    const [old] = await storeMail(env.UPLOADS, [{ to: "old@example.test", subject: "Old", text: "x" }], new Date(now.getTime() - 31 * day));
    const [kept] = await storeMail(env.UPLOADS, [{ to: "kept@example.test", subject: "Kept", text: "x" }], new Date(now.getTime() - 29 * day));
    const [today] = await storeMail(env.UPLOADS, [{ to: "new@example.test", subject: "New", text: "x" }], now);
    await worker.scheduled(createScheduledController({ scheduledTime: now.getTime(), cron: "*/10 * * * *" }), env);
    expect(await env.UPLOADS.head(old!.bodyKey)).toBeNull();
    expect(await env.UPLOADS.head(kept!.bodyKey)).not.toBeNull();
    expect(await env.UPLOADS.head(today!.bodyKey)).not.toBeNull();
    expect(await expireMailBodies(env.UPLOADS, new Date(now.getTime() + 31 * day))).toBeGreaterThanOrEqual(2);
    expect(await env.UPLOADS.head(kept!.bodyKey)).toBeNull();
    expect(await env.UPLOADS.head(today!.bodyKey)).toBeNull();
  });
});
