import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, STORY_DEMO } from "../../db/seed";
import { apiAs, tokenFor } from "./auth";
import { call, json } from "./helpers";
import { first, present } from "../present";

const db = drizzle(env.DB, { schema });
type Who = Parameters<typeof tokenFor>[0];
type Job = { id: string; status: string; createdAt: string; workout: { title: string | null; name: string }; customer: { name: string } };

/** Every page of a list, following the cursor. */
async function all(path: string, who: Who = "partnerAdmin"): Promise<Job[]> {
  const out: Job[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await apiAs(who).get(`${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    const page = await json<{ items: Job[]; nextCursor: string | null }>(res);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe("searching Your Jobs and Your Bookings", () => {
  it("the demo tells a year's story on both sides", async () => {
    const jobs = await all("/v1/jobs?limit=5");
    const statuses = new Set(jobs.map((j) => j.status));
    for (const s of ["completed", "inProgress", "confirmed", "awaitingConfirmation", "cancelled"]) expect(statuses).toContain(s);
    expect(new Set(jobs.map((j) => j.customer.name))).toEqual(new Set(["Fabrikam Manufacturing", "Alpine Ski House", "Tailspin Logistics"]));
    const oldest = present(jobs.at(-1), "the oldest job").createdAt;
    expect(Date.now() - Date.parse(oldest)).toBeGreaterThan(300 * 86_400_000);
    const bookings = await all("/v1/bookings", "customerAdmin");
    expect(bookings.every((b) => b.customer.name === "Fabrikam Manufacturing")).toBe(true);
    expect(bookings.map((b) => b.id)).toContain(STORY_DEMO.overdueRequestId);
  });

  it("pages by cursor without repeats or gaps, newest first", async () => {
    const paged = await all("/v1/jobs?limit=3");
    const whole = await all("/v1/jobs?limit=100");
    expect(paged.map((j) => j.id)).toEqual(whole.map((j) => j.id));
    expect(new Set(paged.map((j) => j.id)).size).toBe(paged.length);
    expect(paged.map((j) => j.createdAt)).toEqual([...paged.map((j) => j.createdAt)].sort().reverse());
  });

  it("finds jobs by customer name and by workout title, case-insensitively, with the status filter", async () => {
    const alpine = await all("/v1/jobs?q=ALPINE");
    expect(alpine.length).toBeGreaterThan(0);
    expect(alpine.every((j) => j.customer.name === "Alpine Ski House")).toBe(true);
    const copilot = await all("/v1/jobs?q=copilot");
    expect(copilot.length).toBeGreaterThan(1);
    expect(copilot.every((j) => /copilot/i.test(j.workout.title ?? j.workout.name))).toBe(true);
    const done = await all("/v1/jobs?q=copilot&status=completed");
    expect(done.length).toBeGreaterThan(0);
    expect(done.every((j) => j.status === "completed")).toBe(true);
    expect(done.length).toBeLessThan(copilot.length);
    expect(await all("/v1/jobs?q=%25")).toEqual([]);
    expect(await all("/v1/jobs?q=Harbour")).toEqual([]);
  });

  it("a customer's search stays within its own bookings", async () => {
    expect(await all("/v1/bookings?q=alpine", "customerAdmin")).toEqual([]);
    const mine = await all("/v1/bookings?q=dashboards", "customerAdmin");
    expect(mine.length).toBeGreaterThan(0);
  });

  it("answers 400 for a bad cursor or a search over 100 characters", async () => {
    for (const q of ["?cursor=@@@", `?cursor=${btoa("not json")}`, `?q=${"x".repeat(101)}`]) {
      const res = await apiAs("partnerAdmin").get(`/v1/jobs${q}`);
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toHaveLength(1);
    }
  });
});

describe("the audit trail", () => {
  const completedJob = async () =>
    first(
      await db
        .select()
        .from(schema.jobs)
        .where(and(eq(schema.jobs.accountId, DEMO.customers.fabrikam.id), eq(schema.jobs.status, "completed")))
        .limit(1),
    );

  it("per job: its request, confirmation, the job's completion and each session's, newest first, with who did it", async () => {
    const job = await completedJob();
    const res = await apiAs("partnerAdmin").get(`/v1/jobs/${job.id}/audit`);
    expect(res.status).toBe(200);
    const body = await json(res);
    const codes = body.items.map((e: { code: string }) => e.code);
    expect(codes[0]).toBe("workoutJobCompleted");
    expect(codes.filter((c: string) => c === "workoutSessionJobLineCompleted").length).toBeGreaterThanOrEqual(2);
    // Ada confirmed it and completed it; the request before is its booker's.
    const byAda = body.items.filter((e: { code: string }) => /Completed$|Confirmed$/.test(e.code));
    expect(byAda.length).toBeGreaterThanOrEqual(4);
    expect(byAda.every((e: { by: string }) => e.by === "Ada Lovelace")).toBe(true);
    expect(codes.at(-1)).toBe("workoutJobRequested");
    expect(
      body.items.filter((e: { subjectType: string; subject: string }) => e.subjectType === "jobLine").every((e: { subject: string }) => e.subject.length > 0),
    ).toBe(true);
  });

  it("per customer: every entry of the account, paged", async () => {
    const first = await json(await apiAs("partnerAdmin").get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}/audit?limit=5`));
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).not.toBeNull();
    const next = await json(
      await apiAs("partnerAdmin").get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}/audit?limit=5&cursor=${encodeURIComponent(first.nextCursor)}`),
    );
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.some((e: { id: string }) => first.items.some((f: { id: string }) => f.id === e.id))).toBe(false);
    expect(next.items[0].createdAt <= first.items[4].createdAt).toBe(true);
  });

  it("answers 400 for a bad id, 401 without a token, 403 to members and customers, 404 to another partner", async () => {
    const job = await completedJob();
    expect((await apiAs("partnerAdmin").get(`/v1/jobs/not-a-uuid/audit`)).status).toBe(400);
    expect((await call(`/v1/jobs/${job.id}/audit`)).status).toBe(401);
    expect((await apiAs("partnerMember").get(`/v1/jobs/${job.id}/audit`)).status).toBe(403);
    expect((await apiAs("customerAdmin").get(`/v1/jobs/${job.id}/audit`)).status).toBe(403);
    const other = await apiAs("otherPartnerAdmin").get(`/v1/jobs/${job.id}/audit`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(await json(other))).not.toContain("Fabrikam");
    expect((await apiAs("otherPartnerAdmin").get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}/audit`)).status).toBe(404);
    expect((await apiAs("partnerMember").get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}/audit`)).status).toBe(403);
    expect((await apiAs("partnerAdmin").get(`/v1/jobs/${crypto.randomUUID()}/audit`)).status).toBe(404);
  });
});
