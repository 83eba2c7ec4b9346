import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { SESSION_FRESH_MS } from "../../worker/identity/tokens";
import { apiAs, type Api } from "./auth";
import { holdClockInEachTest, later } from "./clock";
import { d1Figures as d1, type Figures } from "./d1-figures";
import { json } from "./helpers";

// The bench's job moves as `npm run bench` makes them, on the demo as seeded: the partner's published
// hours kept (weekdays, Berlin), the request's times inside them, and the partner's move sent right after
// the customer's booking. A move stays within 3 calls, 3 sequential, once its caller's caches are warm;
// a caller idle longer than a session look is trusted pays one call more, which the budget does not count
// (docs/decisions/2026-11-27-bench-moves-by-a-warm-caller.md).
const WRITE = 3;
const WRITE_DEPTH = 3;
const FABRIKAM = DEMO.customers.fabrikam.id;
const WORKOUT = DEMO.workouts.copilotFoundations;
const db = drizzle(env.DB, { schema });

const customer = apiAs("customerMember", { accountId: FABRIKAM });
const partner = apiAs("partnerAdmin", { accountId: DEMO.northwind.id });

describe("a job move on the demo's job, as the bench makes it", () => {
  holdClockInEachTest();

  /** A week of its own from a Monday, a session a day, at 09:00 and 14:00 UTC: inside the demo partner's Berlin hours. */
  let monday = Date.UTC(2038, 0, 4);
  const book = async () => {
    const sessions = await db
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, WORKOUT))
      .orderBy(schema.workoutSessions.sequence);
    expect(sessions.length).toBeLessThanOrEqual(5);
    const d = (monday += 7 * 86_400_000);
    const at = (i: number, h: number) => new Date(d + i * 86_400_000 + h * 3_600_000).toISOString();
    const res = await customer.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: sessions.map((s, i) => ({ sessionId: s.id, times: [at(i, 9), at(i, 14)] })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return await json<{ id: string }>(res);
  };
  /** The D1 figures of the partner's denial of `jobId`. */
  const deny = async (as: Api, jobId: string): Promise<Figures> => {
    const res = await as.post(`/v1/jobs/${jobId}/deny`, { reason: "availability" });
    expect(res.status, await res.clone().text()).toBe(200);
    await res.arrayBuffer();
    return d1(res);
  };
  /** The partner reads its jobs: its session look and user row are fresh (the bench's read before each move). */
  const warmPartner = async () => {
    const res = await partner.get("/v1/jobs");
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  };

  it("denies the demo partner's request within 3 calls and 3 sequential, its caller warm", async () => {
    await book(); // the customer's caches
    const job = await book();
    await warmPartner();
    const figures = await deny(partner, job.id);
    expect(figures.calls).toBeLessThanOrEqual(WRITE);
    expect(figures.depth).toBeLessThanOrEqual(WRITE_DEPTH);
  });

  it("a partner idle past its session look pays that one look, and only it: what the bench measured when the booking before took longer", async () => {
    await book();
    await warmPartner();
    const warmJob = await book();
    const warm = await deny(partner, warmJob.id);
    const idleJob = await book();
    await warmPartner();
    later(SESSION_FRESH_MS + 1);
    const idle = await deny(partner, idleJob.id);
    expect(idle).toEqual({ calls: warm.calls + 1, depth: warm.depth + 1 });
  });
});
