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
import * as data from "./data";
import { DEMO_ORG_ACCOUNTS, DEMO_USERS, DEMO_USER_TIME_ZONES, identityRows, type DemoUserKey } from "./identity";
import * as scoreDemo from "./score-history";
import { storyRows } from "./story";
import { availabilityRows } from "./availability";
import { publishListed } from "../../worker/data/publication";

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

export async function seedDemo(db: DrizzleD1Database<typeof schema>): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [];
  for (const [table, rows] of [...demoRows(), ...identityRows()]) {
    for (const row of rows) {
      // Rows are typed against their table in data.ts; the pairing above keeps them together.
      statements.push(
        db
          .insert(table)
          .values(row as never)
          .onConflictDoNothing(),
      );
    }
  }
  // Each demo account's identity-provider organisation has the account's id.
  for (const org of DEMO_ORG_ACCOUNTS) {
    statements.push(
      db
        .update(schema.accounts)
        .set({ authId: org.id })
        .where(and(eq(schema.accounts.id, org.id), isNull(schema.accounts.authId))),
    );
  }
  // A local database seeded before the demo had zones gets them, unless someone has chosen one since.
  for (const [key, zone] of Object.entries(DEMO_USER_TIME_ZONES) as [DemoUserKey, string][]) {
    statements.push(
      db
        .update(schema.users)
        .set({ timeZone: zone })
        .where(and(eq(schema.users.email, DEMO_USERS[key].email), isNull(schema.users.timeZone))),
    );
  }
  for (const account of [...data.partnerAccounts, ...data.customerAccounts].filter((a) => a.timeZone)) {
    statements.push(
      db
        .update(schema.accounts)
        .set({ timeZone: account.timeZone })
        .where(and(eq(schema.accounts.id, account.id!), isNull(schema.accounts.timeZone))),
    );
  }
  // The history (jobs, their lines, audit entries) is dated from today; many rows per statement keep it fast.
  const story = storyRows(new Date());
  for (const [table, rows] of [
    [schema.jobs, story.jobs],
    [schema.jobLines, story.lines],
    [schema.auditEntries, story.audit],
    [schema.jobAttendees, story.attendees],
  ] as [SQLiteTable, object[]][]) {
    const per = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length));
    for (let i = 0; i < rows.length; i += per)
      statements.push(
        db
          .insert(table)
          .values(rows.slice(i, i + per))
          .onConflictDoNothing(),
      );
  }
  for (let i = 0; i < statements.length; i += BATCH_SIZE) {
    const chunk = statements.slice(i, i + BATCH_SIZE) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
    await db.batch(chunk);
  }
  // The listed workouts in the directory's published catalogue, as the flow queue publishes them (worker/data/publication.ts).
  const plain = db as unknown as Parameters<typeof publishListed>[0];
  await publishListed(plain, plain, "first");
}
