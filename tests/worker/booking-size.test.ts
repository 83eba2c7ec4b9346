import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { deliverMailBatch } from "../../worker/mail/consumer";
import { mailAdapter } from "../../worker/mail/adapter";
import type { MailQueueMessage } from "../../worker/mail/outbox";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

// What one booking costs in D1 over its life (requested, confirmed, its mail delivered), from the
// database's own size (D1's size_after), over enough bookings that whole pages even out.
const BOOKINGS = 12;
const TARGET_BYTES = 10 * 1024;
const WORKOUT = DEMO.workouts.copilotFoundations;
const db = drizzle(env.DB, { schema });
const customer = apiAs("customerMember", { accountId: DEMO.customers.fabrikam.id });
const partner = apiAs("partnerAdmin", { accountId: DEMO.northwind.id });

const size = async () => (await env.DB.prepare("SELECT 1").run()).meta.size_after;

describe("D1 bytes per booking", () => {
  it(`stays within ${TARGET_BYTES / 1024} KB over a booking's life: its mail bodies are in R2, not D1`, async () => {
    const sessions = await db
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, WORKOUT))
      .orderBy(schema.workoutSessions.sequence);
    await partner.post("/v1/admin/entitlements/credit", { accountId: DEMO.customers.fabrikam.id, itemType: "bonus", quantity: BOOKINGS, context: "size" });
    const at = (d: number, h = 9) => new Date(Date.UTC(2031, 0, 1 + d, h)).toISOString();
    const before = await size();
    const mails: string[] = [];
    const outboxBefore = new Set((await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).map((r) => r.id));
    for (let i = 0; i < BOOKINGS; i++) {
      const booked = await customer.post("/v1/bookings", {
        workoutId: WORKOUT,
        mode: "request",
        sessions: sessions.map((s, n) => ({ sessionId: s.id, times: [at(i * 4 + n), at(i * 4 + n, 14)] })),
      });
      expect(booked.status).toBe(201);
      const job = await json(booked);
      const lines = job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] }));
      expect((await partner.post(`/v1/jobs/${job.id}/confirm`, { lines })).status).toBe(200);
    }
    for (const r of await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)) if (!outboxBefore.has(r.id)) mails.push(r.id);
    expect(mails.length).toBeGreaterThanOrEqual(BOOKINGS * 3);
    const batch = createMessageBatch<MailQueueMessage>(
      "techfit-mail",
      mails.map((id, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: { id } })),
    );
    await deliverMailBatch(batch, env, mailAdapter({ APP_ENV: "development" }));
    const sent = await db.select({ status: schema.mailOutbox.status }).from(schema.mailOutbox).where(inArray(schema.mailOutbox.id, mails));
    expect(sent.every((m) => m.status === "sent")).toBe(true);
    const perBooking = ((await size()) - before) / BOOKINGS;
    console.log(`D1 bytes per booking: ${Math.round(perBooking)} (${BOOKINGS} bookings, ${mails.length} mails)`);
    expect(perBooking).toBeGreaterThan(0);
    expect(perBooking).toBeLessThanOrEqual(TARGET_BYTES);
  });
});
