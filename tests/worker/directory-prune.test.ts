import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray, like, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import worker from "../../worker/index";
import { database } from "../../worker/db";
import { pruneDirectory, PRUNE_ROUND, PRUNE_ROUNDS, RATE_LIMIT_KEPT_MS } from "../../worker/data/directory-prune";
import { authPost, getWithCookie, NEW_PASSWORD, nextIp, signUp } from "./auth";
import { json } from "./helpers";

// The directory's rows that outlive their use go with the cron trigger: expired sessions and verifications, spent rate-limit counters.
const db = drizzle(env.DB, { schema });
const cron = (at = Date.now()) => worker.scheduled(createScheduledController({ cron: "*/10 * * * *", scheduledTime: at }), env);
const HOUR = 60 * 60 * 1000;
const sessionEmail = async (cookie: string) =>
  (await json<{ user?: { email?: string } } | null>(await getWithCookie(cookie, "/api/auth/get-session")))?.user?.email;

async function sessionsOf(userId: string) {
  return (await db.select().from(schema.authSessions).where(eq(schema.authSessions.userId, userId))).map((s) => s.id).sort();
}

/** A verification record of `identifier`, expiring at `expiresAt`. */
async function verification(identifier: string, expiresAt: number): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(schema.authVerifications).values({ id, identifier, value: "x", expiresAt: new Date(expiresAt), createdAt: now, updatedAt: now });
  return id;
}

/** `n` rate-limit counters keyed `<prefix><i>`, last counted at `lastRequest`, in one statement. */
async function counters(prefix: string, n: number, lastRequest: number): Promise<void> {
  await db.run(
    sql`insert into auth_rate_limits (id, key, count, last_request) with recursive k(i) as (select 1 union all select i + 1 from k where i < ${n}) select ${prefix} || i, ${prefix} || i, 1, ${lastRequest} from k`,
  );
}
const countersLike = async (prefix: string) =>
  (
    await db
      .select()
      .from(schema.authRateLimits)
      .where(like(schema.authRateLimits.key, `${prefix}%`))
  ).length;

describe("the cron trigger prunes the directory", () => {
  it("removes expired sessions and keeps live ones, which still sign in; a second run changes nothing", async () => {
    const { email, cookie } = await signUp("Prune Person");
    const [user] = await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email));
    const signedIn = await authPost("/sign-in/email", { email, password: NEW_PASSWORD }, { ip: nextIp() });
    expect(signedIn.status).toBe(200);
    const live = await sessionsOf(user!.id);
    expect(live.length).toBeGreaterThan(0);
    // Two sessions of the same user that expired an hour ago.
    const now = new Date();
    const expired = [crypto.randomUUID(), crypto.randomUUID()];
    await db
      .insert(schema.authSessions)
      .values(expired.map((id) => ({ id, token: `expired-${id}`, userId: user!.id, expiresAt: new Date(Date.now() - HOUR), createdAt: now, updatedAt: now })));

    await cron();
    expect(await sessionsOf(user!.id)).toEqual(live);
    expect(await sessionEmail(cookie)).toBe(email);
    await cron();
    expect(await sessionsOf(user!.id)).toEqual(live);
    expect(await db.select().from(schema.authSessions).where(inArray(schema.authSessions.id, expired))).toEqual([]);
    // A run at a later instant (the dev cron's, a test's) judges expiry by the real clock: the live sessions stay.
    await cron(Date.now() + 90 * 24 * HOUR);
    expect(await sessionsOf(user!.id)).toEqual(live);
    expect(await sessionEmail(cookie)).toBe(email);
  });

  it("removes expired verifications of every kind (links, hand-off tokens, the provider's own) and keeps unexpired ones", async () => {
    const past = Date.now() - 60_000;
    const future = Date.now() + HOUR;
    const gone = await Promise.all(
      ["email-confirmation:a1", "reset-password:b2", "signup-partner:c3@example.test", "handoff:d4", "delete-account-e5"].map((id) => verification(id, past)),
    );
    const kept = await Promise.all(["email-confirmation:f6", "handoff:g7", "delete-account-h8"].map((id) => verification(id, future)));
    const left = async () =>
      (
        await db
          .select()
          .from(schema.authVerifications)
          .where(inArray(schema.authVerifications.id, [...gone, ...kept]))
      )
        .map((v) => v.id)
        .sort();

    await cron();
    expect(await left()).toEqual([...kept].sort());
    await cron();
    expect(await left()).toEqual([...kept].sort());
  });

  it("removes rate-limit counters whose window ended long ago and keeps recent ones", async () => {
    const now = Date.now();
    await counters("prune-old:", 3, now - RATE_LIMIT_KEPT_MS - 1);
    await counters("prune-recent:", 2, now - 30_000);

    await cron(now);
    expect([await countersLike("prune-old:"), await countersLike("prune-recent:")]).toEqual([0, 2]);
    await cron(now);
    expect([await countersLike("prune-old:"), await countersLike("prune-recent:")]).toEqual([0, 2]);
  });

  it("prunes in bounded rounds: what one run leaves, the next takes", async () => {
    const cap = PRUNE_ROUND * PRUNE_ROUNDS;
    const now = Date.now();
    await counters("prune-many:", cap + 7, now - 2 * RATE_LIMIT_KEPT_MS);

    expect((await pruneDirectory(database(env.DB), now)).rateLimits).toBe(cap);
    expect(await countersLike("prune-many:")).toBe(7);
    expect((await pruneDirectory(database(env.DB), now)).rateLimits).toBe(7);
    expect(await pruneDirectory(database(env.DB), now)).toEqual({ sessions: 0, verifications: 0, rateLimits: 0 });
  });
});
