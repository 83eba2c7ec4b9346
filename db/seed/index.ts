/**
 * Seeds the demo data set (./data.ts) into D1. Idempotent: every row has a
 * fixed id and every insert is `ON CONFLICT DO NOTHING`, so running it again
 * changes nothing. Statements are sent one row each (D1 binds at most 100
 * parameters per statement) in ordered batches of at most BATCH_SIZE, parents
 * before children so foreign keys hold.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../schema";
import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import { DIRECTORY, placeRows } from "./placement";
import * as data from "./data";
import { DEMO_ORG_ACCOUNTS, DEMO_USERS, DEMO_USER_TIME_ZONES, identityRows, type DemoUserKey } from "./identity";
import { copyStatements, heldVersion, partnersOf, publishListed, publishedWorkout } from "../../worker/data/publication";
import { batch } from "../../worker/data/query";
import * as scoreDemo from "./score-history";
import { storyRows } from "./story";
import { availabilityRows } from "./availability";

export { DEMO, DEMO_FILES, DEFAULT_TEAM_NAMES, DEMO_TIME_ZONES, demoId } from "./data";
export { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from "./identity";
export { SCORE_DEMO } from "./score-history";
export { STORY_DEMO } from "./story";

const BATCH_SIZE = 50;
/** D1 binds at most 100 parameters per statement. */
const MAX_PARAMS = 90;

/** The tables and their rows, in insertion order. */
export function demoRows(): [SQLiteTable, object[]][] {
  return [
    [schema.accounts, data.partnerAccounts],
    [schema.priceGroups, data.priceGroupRows],
    [schema.accounts, data.customerAccounts],
    [schema.stylings, data.stylingRows],
    [schema.customDomains, data.customDomainRows],
    [schema.workouts, data.workoutRows],
    [schema.workoutVariants, data.variantRows],
    [schema.workoutSessions, data.sessionRows],
    [schema.sessionActionItems, data.sessionActionItemRows],
    [schema.sessionAttachments, data.sessionAttachmentRows],
    [schema.pricingLines, data.pricingLineRows],
    [schema.deliveryPartners, data.deliveryPartnerRows],
    [schema.availabilitySchedules, availabilityRows],
    [schema.libraryEntries, data.libraryEntryRows],
    [schema.featuredGroups, data.featuredGroupRows],
    [schema.featuredGroupItems, data.featuredGroupItemRows],
    [schema.homepageRows, data.homepageRowRows],
    [schema.homepageSlots, data.homepageSlotRows],
    [schema.teams, data.teamRows],
    [schema.plans, data.planRows],
    [schema.planEntries, data.planEntryRows],
    [schema.creditEntries, data.creditEntryRows],
    [schema.creditLines, data.creditLineRows],
    [schema.scores, data.scoreRows],
    [schema.scoreEntries, data.scoreEntryRows],
    // Fitness scores: the question bank, Fabrikam's history, an assessment in progress.
    [schema.assessmentQuestions, scoreDemo.questionRows],
    [schema.assessments, scoreDemo.assessmentRows],
    [schema.scores, scoreDemo.historyScoreRows],
    [schema.scoreEntries, scoreDemo.historyEntryRows],
  ];
}

/** The databases the demo goes to: the directory, each shard by name, and the shard of a partner placed nowhere. */
export type SeedTargets = {
  directory: DrizzleD1Database<typeof schema>;
  shard: (name: string) => DrizzleD1Database<typeof schema>;
  defaultShard: string;
};

/**
 * Seeds the demo, each row where it lives (worker/d1/placement.ts): a
 * directory table's rows in the directory; a shard table's rows in the shard
 * of the partner they belong to (./placement.ts); an account, a partner's
 * styling and domains in both; a user in the directory and in each shard
 * whose rows point at it. A partner's row that points at another partner's
 * listed workout on another shard (its library entry) is written after the
 * workout is published and copied into its shard, as the product does; any
 * other row pointing across shards is left out, with what depends on it.
 */
export async function seedDemo(targets: SeedTargets): Promise<void> {
  const story = storyRows(new Date());
  const withOrgs = new Set(DEMO_ORG_ACCOUNTS.map((o) => o.id));
  const tables: [SQLiteTable, object[]][] = [...demoRows(), ...identityRows()].map(([table, rows]) => [
    table,
    // Each demo account's identity-provider organisation has the account's id.
    table === schema.accounts
      ? (rows as { id: string; authId?: string | null }[]).map((r) => (withOrgs.has(r.id) ? { ...r, authId: r.authId ?? r.id } : r))
      : rows,
  ]);
  // The history (jobs, their lines, audit entries) is dated from today; many rows per statement keep it fast.
  const history: [SQLiteTable, object[]][] = [
    [schema.jobs, story.jobs],
    [schema.jobLines, story.lines],
    [schema.auditEntries, story.audit],
    [schema.jobAttendees, story.attendees],
  ];
  const placed = placeRows([...tables, ...history], targets.defaultShard);
  const dbOf = (where: string) => (where === DIRECTORY ? targets.directory : targets.shard(where));
  /** The inserts of placed rows, by database. */
  const insertsOf = (rows: Map<string, object[]>[]) => {
    const perDatabase = new Map<string, BatchItem<"sqlite">[]>();
    for (const [index, [table]] of [...tables, ...history].entries()) {
      const many = index >= tables.length;
      for (const [where, list] of rows[index]!) {
        const db = dbOf(where);
        const out = perDatabase.get(where) ?? [];
        perDatabase.set(where, out);
        const per = many ? Math.max(1, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length)) : 1;
        for (let i = 0; i < list.length; i += per)
          out.push(
            db
              .insert(table)
              .values((per === 1 ? list[i] : list.slice(i, i + per)) as never)
              .onConflictDoNothing(),
          );
      }
    }
    return perDatabase;
  };
  const run = async (where: string, statements: BatchItem<"sqlite">[]) => {
    for (let i = 0; i < statements.length; i += BATCH_SIZE)
      await dbOf(where).batch(statements.slice(i, i + BATCH_SIZE) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  };
  const perDatabase = insertsOf(placed.rows);
  // The shards first, the directory last: on a shard that is the directory's own database an account's full
  // row is written before its routing row (which then changes nothing).
  for (const [where, statements] of [...perDatabase].sort(([a], [b]) => Number(a === DIRECTORY) - Number(b === DIRECTORY))) await run(where, statements);
  // A local database seeded before the demo had zones gets them, unless someone has chosen one since (in every
  // database that holds the user's or account's row).
  for (const where of perDatabase.keys()) {
    const db = dbOf(where);
    const zones: BatchItem<"sqlite">[] = [];
    for (const [key, zone] of Object.entries(DEMO_USER_TIME_ZONES) as [DemoUserKey, string][])
      zones.push(
        db
          .update(schema.users)
          .set({ timeZone: zone })
          .where(and(eq(schema.users.email, DEMO_USERS[key].email), isNull(schema.users.timeZone))),
      );
    for (const account of [...data.partnerAccounts, ...data.customerAccounts].filter((a) => a.timeZone))
      zones.push(
        db
          .update(schema.accounts)
          .set({ timeZone: account.timeZone })
          .where(and(eq(schema.accounts.id, account.id!), isNull(schema.accounts.timeZone))),
      );
    await db.batch(zones as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  // The listed workouts in the directory's published catalogue, as the flow queue publishes them
  // (worker/data/publication.ts), from each shard that holds demo rows.
  const directory = targets.directory as unknown as Parameters<typeof publishListed>[0];
  for (const where of perDatabase.keys()) if (where !== DIRECTORY) await publishListed(targets.shard(where) as unknown as typeof directory, directory, where);
  // Another partner's listed workout in a partner's library: copied into the partner's shard at its published
  // version, as adding it does (worker/data/library.ts), then the rows that point at it.
  for (const [where, ids] of placed.copies) {
    const db = targets.shard(where) as unknown as typeof directory;
    for (const id of ids) {
      const published = await publishedWorkout(directory, id);
      if (!published) throw new Error(`the demo's workout ${id} is in another partner's library but not published`);
      if (published.shard === where || ((await heldVersion(db, id)) ?? 0) >= published.version) continue;
      await batch(db, copyStatements(db, published.document, await partnersOf(directory, published.document)));
    }
  }
  for (const [where, statements] of insertsOf(placed.crossing)) await run(where, statements);
}
