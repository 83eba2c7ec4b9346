import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { attachmentReleased } from "../../worker/domain/attachments";
import { customer, db, FABRIKAM, partner } from "./bookings-setup";
import { json } from "./helpers";

type Job = { id: string; lines: { attachments: { id: string; fileUri: string | null }[] }[] };
const attachmentIds = (job: Job | undefined) => (job?.lines ?? []).flatMap((l) => l.attachments.map((a) => a.id)).sort();

/** A job of Fabrikam with Northwind and three attachments on its first session: released, not yet released, ended. */
async function jobWithAttachments() {
  const [row] = await db
    .select({ jobId: schema.jobs.id, sessionId: schema.jobLines.sessionId, workoutId: schema.jobs.workoutId })
    .from(schema.jobs)
    .innerJoin(schema.jobLines, eq(schema.jobLines.jobId, schema.jobs.id))
    .where(and(eq(schema.jobs.accountId, FABRIKAM), eq(schema.jobs.partnerAccountId, DEMO.northwind.id)))
    .limit(1);
  const { jobId, sessionId, workoutId } = row!;
  const [workout] = await db.select({ accountId: schema.workouts.accountId }).from(schema.workouts).where(eq(schema.workouts.id, workoutId));
  const base = { accountId: workout!.accountId, workoutId, sessionId, type: "link" as const };
  const released = { ...base, id: crypto.randomUUID(), value: "https://example.test/now" };
  const future = { ...base, id: crypto.randomUUID(), value: "https://example.test/later", startDate: "2099-01-01" };
  const ended = { ...base, id: crypto.randomUUID(), value: "https://example.test/gone", endDate: "2000-01-01" };
  const filed = {
    ...base,
    id: crypto.randomUUID(),
    type: "document" as const,
    fileKey: `private/attachments/${crypto.randomUUID()}.pdf`,
    startDate: "2099-01-01",
  };
  await db.insert(schema.sessionAttachments).values([released, future, ended, filed]);
  return { jobId, released: released.id as string, all: [released.id, future.id, ended.id, filed.id].sort() as string[] };
}

describe("a session attachment is released to a customer only within its dates, in every answer", () => {
  it("Your Bookings and a booking's details list only released attachments; the partner's Your Jobs and job details list all", async () => {
    const { jobId, released, all } = await jobWithAttachments();
    const list: { items: Job[] } = await json(await customer.get("/v1/bookings?limit=100"));
    const fromList = list.items.find((j) => j.id === jobId);
    expect(fromList).toBeTruthy();
    const onLine = attachmentIds(fromList).filter((id) => all.includes(id));
    expect(onLine).toEqual([released]);
    const one = await customer.get(`/v1/bookings/${jobId}`);
    expect(one.status).toBe(200);
    expect(attachmentIds(await json(one)).filter((id) => all.includes(id))).toEqual([released]);
    const partnerJob = await partner.get(`/v1/jobs/${jobId}`);
    expect(partnerJob.status).toBe(200);
    expect(attachmentIds(await json(partnerJob)).filter((id) => all.includes(id))).toEqual(all);
  });

  it("the rule itself: open ends, the first and last day included; a partner always", () => {
    const day = "2026-11-26";
    expect(attachmentReleased("customer", { startDate: null, endDate: null }, day)).toBe(true);
    expect(attachmentReleased("customer", { startDate: day, endDate: day }, day)).toBe(true);
    expect(attachmentReleased("customer", { startDate: "2026-11-27", endDate: null }, day)).toBe(false);
    expect(attachmentReleased("customer", { startDate: null, endDate: "2026-11-25" }, day)).toBe(false);
    expect(attachmentReleased("partner", { startDate: "2099-01-01", endDate: null }, day)).toBe(true);
  });
});
