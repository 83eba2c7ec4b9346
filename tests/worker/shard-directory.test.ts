import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs, multipart } from "./auth";
import { json } from "./helpers";

/**
 * A partner whose shard is not the directory's database: its identity,
 * domains and styling stay in the directory, its accounts and members are on
 * its shard, and its users' rows are copies of the directory's.
 */
const directory = drizzle(env.DB, { schema });
const second = drizzle(env.SHARD_WEUR_1, { schema });
const host = DEMO.northwind.domain;
const admin = () => apiAs("partnerAdmin", { host });

const adaIn = async (db: typeof directory) => (await db.select().from(schema.users).where(eq(schema.users.email, "ada@northwind.test")))[0];

/**
 * What the second shard held of Northwind before a test moved it there: the
 * reference copy of its account the demo's seed writes (Contoso's copy of a
 * listed Northwind workout names its author, docs/decisions/2026-11-27-partner-numbers.md)
 * and any copies of its members' users; put back after each test.
 */
let held: { account: schema.Account | undefined; users: schema.User[] } | null = null;

/** Northwind's account (over its reference copy) and its members on the second shard, with a stale copy of each member; then Northwind placed there. */
async function moveNorthwindToSecondShard() {
  const [account] = await directory.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.northwind.id));
  const members = await directory.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, DEMO.northwind.id));
  const people = await Promise.all(members.map(async (m) => (await directory.select().from(schema.users).where(eq(schema.users.id, m.userId)))[0]!));
  held = {
    account: (await second.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.northwind.id)))[0],
    users: await second
      .select()
      .from(schema.users)
      .where(
        inArray(
          schema.users.id,
          people.map((p) => p.id),
        ),
      ),
  };
  await second.batch([
    second.insert(schema.accounts).values(account!).onConflictDoUpdate({ target: schema.accounts.id, set: account! }),
    second
      .insert(schema.users)
      .values(people.map((p) => ({ ...p, firstName: "Stale" })))
      .onConflictDoUpdate({ target: schema.users.id, set: { firstName: "Stale" } }),
    second.insert(schema.accountUsers).values(members),
  ]);
  await directory.update(schema.accounts).set({ shard: "weur-1" }).where(eq(schema.accounts.id, DEMO.northwind.id));
  clearIsolateCaches();
}

afterEach(async () => {
  await directory.update(schema.accounts).set({ shard: "first" }).where(eq(schema.accounts.id, DEMO.northwind.id));
  // Northwind's rows only: the second shard holds Contoso's (the demo seeds it there), and what it held of Northwind goes back as it was.
  const northwind = DEMO.northwind.id;
  const kept = held?.users ?? [];
  await env.SHARD_WEUR_1.batch([
    env.SHARD_WEUR_1.prepare("PRAGMA defer_foreign_keys = ON"),
    env.SHARD_WEUR_1.prepare(
      `DELETE FROM users WHERE id IN (SELECT user_id FROM account_users WHERE account_id = ?1) AND id NOT IN (${kept.map(() => "?").join(", ") || "NULL"})`,
    ).bind(northwind, ...kept.map((u) => u.id)),
    env.SHARD_WEUR_1.prepare("DELETE FROM account_users WHERE account_id = ?1").bind(northwind),
    ...(held?.account ? [] : [env.SHARD_WEUR_1.prepare("DELETE FROM accounts WHERE id = ?1").bind(northwind)]),
  ]);
  if (held?.account) await second.update(schema.accounts).set(held.account).where(eq(schema.accounts.id, northwind));
  for (const user of kept) await second.update(schema.users).set(user).where(eq(schema.users.id, user.id));
  held = null;
  await directory.delete(schema.invites).where(eq(schema.invites.email, "ada@northwind.test"));
  await directory.delete(schema.assessmentQuestions).where(eq(schema.assessmentQuestions.partnerAccountId, DEMO.northwind.id));
  clearIsolateCaches();
});

describe("a partner on a shard of its own reads what is global from the directory", () => {
  it("signs in (the token checked against the directory) and sees its custom domains and styling as before the move", async () => {
    const domainsBefore = await json(await admin().get("/v1/admin/custom-domains"));
    const stylingBefore = await json(await admin().get("/v1/admin/styles"));
    expect(domainsBefore.items ?? domainsBefore).not.toEqual([]);
    await moveNorthwindToSecondShard();
    const domains = await admin().get("/v1/admin/custom-domains");
    expect(domains.status).toBe(200);
    expect(await json(domains)).toEqual(domainsBefore);
    const styling = await admin().get("/v1/admin/styles");
    expect(styling.status).toBe(200);
    expect(await json(styling)).toEqual(stylingBefore);
    // Nothing of it was written to the shard by reading it.
    expect(await second.select().from(schema.customDomains).where(eq(schema.customDomains.accountId, DEMO.northwind.id))).toEqual([]);
    expect(await second.select().from(schema.stylings).where(eq(schema.stylings.accountId, DEMO.northwind.id))).toEqual([]);
  });

  it("finds every partner number in the directory, whichever shard its partner is on", async () => {
    await moveNorthwindToSecondShard();
    const exists = async (tan: string) => (await json(await admin().get(`/v1/accounts/exist?tan=${tan}&type=partner`))).exists;
    expect(await exists("731540")).toBe(true);
    expect(await exists("000000")).toBe(false);
  });

  it("offers the invites addressed to the user under the host's partner, kept in the directory, next to the memberships on the shard", async () => {
    await moveNorthwindToSecondShard();
    const [invite] = await directory
      .insert(schema.invites)
      .values({ accountId: DEMO.customers.fabrikam.id, email: "ada@northwind.test", role: "member" })
      .returning();
    const me = await json(await admin().get("/v1/users/me"));
    expect(me.accounts.map((a: { id: string }) => a.id)).toEqual([DEMO.northwind.id]);
    expect(me.onboardingInvites.map((i: { id: string }) => i.id)).toEqual([invite!.id]);
    expect((await admin().post(`/v1/admin/users/me/clear-onboarding-invites`)).status).toBe(204);
    expect((await adaIn(directory))?.onboardingInvitesClearedAt).toBeTruthy();
    expect((await json(await admin().get("/v1/users/me"))).onboardingInvites).toEqual([]);
  });

  it("keeps the shard's copy of a user current: repaired on sight, and changed with the profile in both databases", async () => {
    await moveNorthwindToSecondShard();
    expect((await adaIn(second))?.firstName).toBe("Stale");
    expect((await admin().get("/v1/admin/styles")).status).toBe(200);
    expect(await adaIn(second)).toEqual(await adaIn(directory));
    const saved = await admin().post("/v1/users", multipart({ firstName: "Augusta" }));
    expect(saved.status).toBe(200);
    expect((await adaIn(directory))?.firstName).toBe("Augusta");
    expect((await adaIn(second))?.firstName).toBe("Augusta");
  });
});

describe("a partner on a shard of its own asks the directory's assessment bank", () => {
  it("opens its link with its own questions from the directory, the assessment itself on its shard", async () => {
    await moveNorthwindToSecondShard();
    const text = "Which of our workouts fits your team best?";
    await directory.insert(schema.assessmentQuestions).values({
      partnerAccountId: DEMO.northwind.id,
      category: "aiAndAutomation",
      sequence: 1,
      text,
      options: [{ label: "Any", value: 3 }],
    });
    const link = await admin().get("/v1/assessments/fitness-score?category=aiAndAutomation");
    expect(link.status).toBe(200);
    const { id, token } = await json(link);
    expect(await second.select({ id: schema.assessments.id }).from(schema.assessments)).toEqual([{ id }]);
    const opened = await apiAs(null, { host }).post(`/v1/assessments/${encodeURIComponent(token)}/open`);
    expect(opened.status).toBe(200);
    expect((await json(opened)).questions.map((q: { text: string }) => q.text)).toEqual([text]);
    // The opening counted against the client's rate limit in the directory: one count whatever shard a host is on.
    expect(await second.select().from(schema.authRateLimits)).toEqual([]);
    expect((await directory.select().from(schema.authRateLimits)).some((r) => r.key.startsWith("api:assessment:"))).toBe(true);
  });
});
