/**
 * GET /dev/mail: the dev mailbox, a plain HTML list of the outbox (newest
 * first) with each mail's text and its links, each body read from R2
 * (worker/mail/bodies.ts). It holds every tenant's mail
 * (invite links included), so it exists only in development and only on the
 * product's own host (requireDevHost); 404 everywhere else. The outbox is on
 * each shard: the mailbox reads every one of them.
 */
import { desc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { mailOutbox } from "../../db/schema";
import type { AppEnv } from "../env";
import { requireDevHost } from "../config";
import { escapeHtml } from "../ssr/escape";
import { mailBodyOf, type MailBody } from "./bodies";
import { database } from "../db";
import { shardBinding, shardsOf } from "../d1/shards";
import type { Db } from "../env";

export const devMail = new Hono<AppEnv>();

/** Text with http(s) links made clickable; everything escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

/** Every shard's outbox (the request's own shard through its session). */
const everyShard = (c: Context<AppEnv>): Db[] =>
  shardsOf(c.env).map((s) => (s.name === c.get("shard").name ? c.get("db") : database(shardBinding(c.env, s.name))));

/** One mail, on whichever shard has it. */
async function oneMail(c: Context<AppEnv>) {
  const found = await Promise.all(
    everyShard(c).map((db) =>
      db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, c.req.param("id") ?? ""))
        .limit(1),
    ),
  );
  return found.flat()[0];
}

devMail.get("/dev/mail", async (c) => {
  requireDevHost(c);
  const all = await Promise.all(everyShard(c).map((db) => db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(200)));
  const found = all
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, 200);
  const bodies = await Promise.all(found.map((m) => mailBodyOf(c.env.UPLOADS, m)));
  const rows = found.map((m, i) => ({ ...m, ...(bodies[i] ?? ({ text: "(body expired)", html: null, attachments: [] } satisfies MailBody)) }));
  const items = rows
    .map(
      (m) => `<li class="mail" data-to="${escapeHtml(m.to)}" data-status="${m.status}">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">${m.fromName ? `From <strong>${escapeHtml(m.fromName)}</strong> · ` : ""}To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt)} · <span class="status">${m.status}</span>${m.sentAt ? ` · sent ${escapeHtml(m.sentAt)}` : ""}</p>
  <pre>${linkify(m.text)}</pre>
  ${m.html ? `<p><a href="/dev/mail/${escapeHtml(m.id)}/html">HTML version</a></p>` : ""}${m.attachments.length ? `<p class="meta">Attachments: ${m.attachments.map((a, i) => `<a href="/dev/mail/${escapeHtml(m.id)}/attachments/${i}">${escapeHtml(a.filename)}</a>`).join(", ")}</p>` : ""}
</li>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:2rem;background:#f8fafc;color:#0f172a}
ul{list-style:none;padding:0;display:grid;gap:1rem;max-width:60rem}
li{background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem 1.25rem}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}.meta{color:#475569;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit}a{color:#1d4ed8}
</style></head>
<body><main><h1>Dev mailbox</h1><p>${rows.length} message(s). Only shown in development, on the product's own host.</p>
<ul>${items || "<li>No mail yet.</li>"}</ul></main></body></html>`;
  return c.html(html);
});

/** The body of one mail of the outbox (on whichever shard has it), or null. */
async function bodyOf(c: Context<AppEnv>): Promise<MailBody | null> {
  const row = await oneMail(c);
  return row ? mailBodyOf(c.env.UPLOADS, row) : null;
}

/** The HTML part of one mail, as the recipient's mail client would show it: inert (no script, no forms), images allowed. */
devMail.get("/dev/mail/:id/html", async (c) => {
  requireDevHost(c);
  const html = (await bodyOf(c))?.html;
  if (!html) return c.notFound();
  return c.body(html, 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "sandbox; default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
  });
});

/** One attachment of one mail (by its place in the mail), as plain text to read, never rendered. */
devMail.get("/dev/mail/:id/attachments/:index", async (c) => {
  requireDevHost(c);
  const attachment = (await bodyOf(c))?.attachments[Number(c.req.param("index"))];
  if (!attachment) return c.notFound();
  const text =
    attachment.encoding === "utf8" ? attachment.content : new TextDecoder().decode(Uint8Array.from(atob(attachment.content), (ch) => ch.charCodeAt(0)));
  return c.body(text, 200, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
});
