/**
 * A booking's loose ends: each side ticks its own action items done (and
 * undoes it), and both sides of a job share files and links on it, which
 * nobody else sees.
 */
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { apiAs, multipart, PNG } from "./auth";
import { call, json } from "./helpers";
import { customer, db, FABRIKAM, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { first } from "../present";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

grantFabrikamCredits(50);

const inDays = (d: number, h = 9) => new Date(Date.UTC(2032, 0, 1 + d, h)).toISOString();
const harbour = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });
const contoso = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
const member = apiAs("partnerMember", { accountId: DEMO.northwind.id });
const customerMember = apiAs("customerMember", { accountId: FABRIKAM });

/** A booking request of Fabrikam's, with one item due today for each side on its first line. */
async function jobWithItems(day = 10) {
  const s = await sessions();
  const res = await customer.post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "request",
    sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(day + i)] })),
  });
  expect(res.status).toBe(201);
  const job = await json(res);
  const line = job.lines[0].id as string;
  const tag = crypto.randomUUID().slice(0, 6);
  const [mine, theirs] = await db
    .insert(schema.jobActionItems)
    .values([
      {
        accountId: FABRIKAM,
        jobId: job.id,
        jobLineId: line,
        assigneeType: "recipient",
        stage: "beforeSession",
        name: `Invite the team ${tag}`,
        dueAt: new Date().toISOString(),
      },
      {
        accountId: FABRIKAM,
        jobId: job.id,
        jobLineId: line,
        assigneeType: "deliveryPartner",
        stage: "beforeSession",
        name: `Send the joining link ${tag}`,
        dueAt: new Date().toISOString(),
      },
    ])
    .returning();
  return { job, customerItem: mine!, partnerItem: theirs! };
}

const itemOf = (job: { lines: { actionItems: { id: string; completedAt: string | null }[] }[] }, id: string) =>
  job.lines.flatMap((l) => l.actionItems).find((i) => i.id === id);
/** The job's entries about its action items and shared files (the booking's own moves are recorded too). */
const auditOf = async (jobId: string) =>
  (
    await db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectType, "job"), eq(schema.auditEntries.subjectId, jobId)))
  ).filter((e) => e.code.startsWith("jobActionItem") || e.code.startsWith("jobArtifact"));

describe("ticking action items done", () => {
  it("the customer ticks its item done and undoes it, the partner ticks its own; each change is audited", async () => {
    const { job, customerItem, partnerItem } = await jobWithItems(10);
    const done = await customer.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: true });
    expect(done.status).toBe(200);
    expect(itemOf(await json(done), customerItem.id)?.completedAt).toEqual(expect.any(String));
    // A member of the customer may tick too; setting the state it has changes nothing.
    expect((await customerMember.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: true })).status).toBe(200);
    const undone = await customer.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: false });
    expect(itemOf(await json(undone), customerItem.id)?.completedAt).toBeNull();

    const ticked = await partner.put(`/v1/jobs/${job.id}/action-items/${partnerItem.id}`, { done: true });
    expect(ticked.status).toBe(200);
    expect(itemOf(await json(ticked), partnerItem.id)?.completedAt).toEqual(expect.any(String));
    const row = first(await db.select().from(schema.jobActionItems).where(eq(schema.jobActionItems.id, partnerItem.id)));
    expect(row.completedByUserId).not.toBeNull();

    const codes = (await auditOf(job.id)).map((e) => e.code).sort();
    expect(codes).toEqual(["jobActionItemDone", "jobActionItemDone", "jobActionItemReopened"]);
  });

  it("a side cannot tick the other side's item, another tenant's or a member of the partner (404/403), nor without a token (401), nor with a bad body (400)", async () => {
    const { job, customerItem, partnerItem } = await jobWithItems(14);
    expect((await customer.put(`/v1/bookings/${job.id}/action-items/${partnerItem.id}`, { done: true })).status).toBe(404);
    expect((await partner.put(`/v1/jobs/${job.id}/action-items/${customerItem.id}`, { done: true })).status).toBe(404);
    expect((await harbour.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: true })).status).toBe(404);
    expect((await contoso.put(`/v1/jobs/${job.id}/action-items/${partnerItem.id}`, { done: true })).status).toBe(404);
    expect((await member.put(`/v1/jobs/${job.id}/action-items/${partnerItem.id}`, { done: true })).status).toBe(403);
    expect((await partner.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: true })).status).toBe(403);
    expect((await call(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { method: "PUT", body: "{}" })).status).toBe(401);
    const bad = await customer.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: "yes" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.done).toBeDefined();
    expect((await customer.put(`/v1/bookings/${job.id}/action-items/not-a-uuid`, { done: true })).status).toBe(400);
    // Nothing changed.
    const rows = await db.select().from(schema.jobActionItems).where(eq(schema.jobActionItems.jobId, job.id));
    expect(rows.every((r) => r.completedAt === null)).toBe(true);
    expect(await auditOf(job.id)).toHaveLength(0);
  });

  it("two ticks at once write one audit entry", async () => {
    const { job, customerItem } = await jobWithItems(26);
    const path = `/v1/bookings/${job.id}/action-items/${customerItem.id}`;
    const answers = await Promise.all([customer.put(path, { done: true }), customerMember.put(path, { done: true })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await auditOf(job.id)).map((e) => e.code)).toEqual(["jobActionItemDone"]);
  });

  it("refuses a change on a cancelled booking with 409", async () => {
    const { job, customerItem } = await jobWithItems(18);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(200);
    expect((await customer.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: true })).status).toBe(409);
  });

  it("the cron's due-day reminder skips an item once it is done", async () => {
    const { job, customerItem, partnerItem } = await jobWithItems(22);
    // Reminders go for Booked jobs.
    const lines = job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] }));
    expect((await partner.post(`/v1/jobs/${job.id}/confirm`, { lines })).status).toBe(200);
    expect((await customer.put(`/v1/bookings/${job.id}/action-items/${customerItem.id}`, { done: true })).status).toBe(200);
    const queue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE: queue });
    const due = (name: string) =>
      db
        .select()
        .from(schema.mailOutbox)
        .where(like(schema.mailOutbox.subject, `Due today: ${name}%`));
    expect(await due(customerItem.name)).toHaveLength(0);
    // The partner's item, not done, is reminded.
    expect(await due(partnerItem.name)).toHaveLength(1);
  });
});

const TEXT = new File(["Agenda: prompts and practice"], "agenda.txt", { type: "text/plain" });

describe("files and links shared on a job", () => {
  it("both sides share a file and a link, list them, download the file and see who shared what", async () => {
    const { job } = await jobWithItems(30);
    const file = await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({ name: "Team agenda" }, { file: TEXT }));
    expect(file.status).toBe(201);
    const shared = await json(file);
    expect(shared).toMatchObject({ type: "document", name: "Team agenda", sharedBy: "customer", value: null, canDelete: true });
    expect(shared.fileUri).toBe(`/v1/bookings/${job.id}/artifacts/${shared.id}/file`);
    const link = await partner.post(`/v1/jobs/${job.id}/artifacts`, multipart({ value: "https://northwind.test/prep" }));
    expect(link.status).toBe(201);
    expect(await json(link)).toMatchObject({ type: "link", value: "https://northwind.test/prep", sharedBy: "partner", fileUri: null });
    const image = await partner.post(`/v1/jobs/${job.id}/artifacts`, multipart({}, { file: PNG }));
    expect((await json(image)).type).toBe("image");

    const seen = await json(await partner.get(`/v1/jobs/${job.id}/artifacts`));
    expect(seen.items.map((a: { name: string }) => a.name)).toEqual(["Team agenda", "https://northwind.test/prep", "upload"]);
    // The partner's owner may delete any share on its jobs; the customer only its own.
    expect(seen.items.map((a: { canDelete: boolean }) => a.canDelete)).toEqual([true, true, true]);
    const theirs = await json(await customer.get(`/v1/bookings/${job.id}/artifacts`));
    expect(theirs.items.map((a: { canDelete: boolean }) => a.canDelete)).toEqual([true, false, false]);
    expect(theirs.items[0].sharedByName).toBe("Cara Lindqvist");

    const download = await partner.get(`/v1/jobs/${job.id}/artifacts/${shared.id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/plain");
    expect(download.headers.get("Content-Disposition")).toContain('filename="agenda.txt"');
    expect(await download.text()).toBe("Agenda: prompts and practice");
    expect((await customer.get(`/v1/bookings/${job.id}/artifacts/${shared.id}/file`)).status).toBe(200);
    expect((await auditOf(job.id)).filter((e) => e.code === "jobArtifactShared")).toHaveLength(3);
  });

  it("another customer or partner sees none of it (404), a token-less call is 401, and a partner calling the customer's routes 403", async () => {
    const { job } = await jobWithItems(34);
    const shared = await json(await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({ name: "Private notes" }, { file: TEXT })));
    for (const path of [`/v1/bookings/${job.id}/artifacts`, `/v1/bookings/${job.id}/artifacts/${shared.id}/file`]) {
      expect((await harbour.get(path)).status).toBe(404);
      expect((await call(path)).status).toBe(401);
      expect((await partner.get(path)).status).toBe(403);
    }
    for (const path of [`/v1/jobs/${job.id}/artifacts`, `/v1/jobs/${job.id}/artifacts/${shared.id}/file`]) {
      expect((await contoso.get(path)).status).toBe(404);
      expect((await customer.get(path)).status).toBe(403);
    }
    expect((await harbour.post(`/v1/bookings/${job.id}/artifacts`, multipart({ value: "https://example.test" }))).status).toBe(404);
    expect((await harbour.delete(`/v1/bookings/${job.id}/artifacts/${shared.id}`)).status).toBe(404);
    expect((await contoso.delete(`/v1/jobs/${job.id}/artifacts/${shared.id}`)).status).toBe(404);
    // An artifact id under another job of the caller's is absent too.
    const other = await jobWithItems(38);
    expect((await customer.get(`/v1/bookings/${other.job.id}/artifacts/${shared.id}/file`)).status).toBe(404);
    expect((await json(await customer.get(`/v1/bookings/${job.id}/artifacts`))).items).toHaveLength(1);
  });

  it("refuses invalid input: nothing to share, a script link, a type not allowed, a bad id (400/415), writing nothing", async () => {
    const { job } = await jobWithItems(42);
    const empty = await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({ name: "Nothing" }));
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields.file).toBe("Required");
    const script = await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({ value: "javascript:alert(1)" }));
    expect(script.status).toBe(400);
    expect((await json(script)).error.fields.value).toBeDefined();
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "tool.exe", { type: "application/octet-stream" });
    expect((await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({}, { file: exe }))).status).toBe(415);
    expect((await customer.get(`/v1/bookings/not-a-uuid/artifacts`)).status).toBe(400);
    expect((await json(await customer.get(`/v1/bookings/${job.id}/artifacts`))).items).toEqual([]);
  });

  it("deletes: the sharer its own, the partner's owner any on its jobs; a partner member or the customer not another's (403); the file goes too", async () => {
    const { job } = await jobWithItems(46);
    const byPartner = await json(await partner.post(`/v1/jobs/${job.id}/artifacts`, multipart({ value: "https://northwind.test/slides" })));
    const byCustomer = await json(await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({}, { file: TEXT })));
    expect((await customer.delete(`/v1/bookings/${job.id}/artifacts/${byPartner.id}`)).status).toBe(403);
    expect((await member.delete(`/v1/jobs/${job.id}/artifacts/${byCustomer.id}`)).status).toBe(403);
    expect((await customerMember.delete(`/v1/bookings/${job.id}/artifacts/${byCustomer.id}`)).status).toBe(403);
    const key = first(await db.select().from(schema.jobArtifacts).where(eq(schema.jobArtifacts.id, byCustomer.id))).fileKey!;
    expect(await env.UPLOADS.head(key)).not.toBeNull();
    expect((await partner.delete(`/v1/jobs/${job.id}/artifacts/${byCustomer.id}`)).status).toBe(204);
    expect(await env.UPLOADS.head(key)).toBeNull();
    // Two deletes at once: one removal, one entry.
    const both = await Promise.all([
      partner.delete(`/v1/jobs/${job.id}/artifacts/${byPartner.id}`),
      partner.delete(`/v1/jobs/${job.id}/artifacts/${byPartner.id}`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([204]));
    expect((await json(await customer.get(`/v1/bookings/${job.id}/artifacts`))).items).toEqual([]);
    expect((await auditOf(job.id)).filter((e) => e.code === "jobArtifactRemoved")).toHaveLength(2);
    expect((await partner.delete(`/v1/jobs/${job.id}/artifacts/${byPartner.id}`)).status).toBe(404);
  });

  it("refuses a share on a cancelled booking with 409", async () => {
    const { job } = await jobWithItems(50);
    expect((await customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" })).status).toBe(200);
    expect((await customer.post(`/v1/bookings/${job.id}/artifacts`, multipart({ value: "https://example.test/a" }))).status).toBe(409);
  });
});
