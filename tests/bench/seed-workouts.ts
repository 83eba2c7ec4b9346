/**
 * Bench only: fills Northwind's library up to 2,000 available workouts (each
 * with a variant in date, two sessions and an on-plan and off-plan price) in
 * the bench's state folder, then prints the query plans (EXPLAIN QUERY PLAN)
 * of the customer catalogue reads and fails when one scans a table without
 * an index.
 *
 * Usage: tsx tests/bench/seed-workouts.ts --persist-to DIR [--count 2000]
 */
import { and, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { Category } from "../../contract/enums";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { catalogueListQuery, catalogueWhere } from "../../worker/data/catalogue";
import { first, present } from "../present";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const persistDir = arg("persist-to", process.env.PERSIST_DIR ?? ".wrangler/bench-state");
const target = Number(arg("count", "2000"));

const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${persistDir}/v3` }, remoteBindings: false });
try {
  const d1 = proxy.env.DB;
  const db = drizzle(d1);
  const partner = DEMO.northwind.id;
  const have = await db.select({ id: schema.libraryEntries.id }).from(schema.libraryEntries).where(eq(schema.libraryEntries.accountId, partner));
  const missing = Math.max(0, target - have.length);
  const started = Date.now();
  if (missing > 0) {
    // Generated in SQL (a recursive counter), so 2,000 workouts take a handful of statements.
    const from = have.length;
    const gen = `WITH RECURSIVE n(k) AS (SELECT ?1 UNION ALL SELECT k + 1 FROM n WHERE k + 1 < ?2)`;
    const wid = (kind: string) => `printf('be000000-${kind}-4000-8000-%012d', k)`;
    const category = `CASE k % 7 ${Category.map((c, i) => `WHEN ${i} THEN '${c}'`).join(" ")} END`;
    const statements = [
      `${gen} INSERT INTO workouts (id, account_id, name, sku, type, category, difficulty, title, subtitle, total_minutes, priority)
        SELECT ${wid("0005")}, ?3, 'Bench workout ' || k, 'BENCH-' || k, 'workshop', ${category}, 'beginner', 'Bench workout ' || k, 'Generated for the catalogue bench', 60, 1 + k % 300 FROM n`,
      `${gen} INSERT INTO library_entries (id, account_id, workout_id, status, priority)
        SELECT ${wid("000a")}, ?3, ${wid("0005")}, 'available', 1 + k % 300 FROM n`,
      `${gen} INSERT INTO workout_variants (id, workout_id, account_id, name, available_from, available_to)
        SELECT ${wid("0006")}, ${wid("0005")}, ?3, 'Standard', '2025-01-01', '2099-12-31' FROM n`,
      `${gen} INSERT INTO workout_sessions (id, workout_id, account_id, sequence, name, length_minutes)
        SELECT ${wid("0007")}, ${wid("0005")}, ?3, 1, 'Part one', 30 FROM n`,
      `${gen} INSERT INTO workout_sessions (id, workout_id, account_id, sequence, name, length_minutes)
        SELECT ${wid("0107")}, ${wid("0005")}, ?3, 2, 'Part two', 30 FROM n`,
      `${gen} INSERT INTO pricing_lines (id, account_id, workout_id, price_type, name, pricing_type, on_plan, currency, amount)
        SELECT ${wid("0008")}, ?3, ${wid("0005")}, 'allCustomers', 'On plan', 'unit', 1, 'USD', 1 FROM n`,
      `${gen} INSERT INTO pricing_lines (id, account_id, workout_id, price_type, name, pricing_type, on_plan, currency, amount)
        SELECT ${wid("0108")}, ?3, ${wid("0005")}, 'allCustomers', 'Off plan', 'value', 0, 'USD', 50000 FROM n`,
    ];
    await d1.batch(statements.map((q) => d1.prepare(q).bind(from, from + missing, partner)));
  }
  console.log(`· bench seed: ${have.length + missing} workouts in Northwind's library (${missing} added in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // ── Query plans of the catalogue reads (the same builders the worker runs) ──
  const day = new Date().toISOString().slice(0, 10);
  const page = await catalogueListQuery(db, catalogueWhere(partner, day, {}), 24);
  const ids = page.map((r) => r.workout.id);
  const firstId = first(ids);
  const customer = DEMO.customers.fabrikam.id;
  const reads: [string, { toSQL: () => { sql: string; params: unknown[] } }][] = [
    ["catalogue page", catalogueListQuery(db, catalogueWhere(partner, day, {}), 56)],
    ["catalogue page by category", catalogueListQuery(db, catalogueWhere(partner, day, { category: "strategy" }), 56)],
    [
      "catalogue next page (cursor)",
      catalogueListQuery(db, catalogueWhere(partner, day, { cursor: [present(page.at(-1)).priority, present(page.at(-1)).workout.id] }), 56),
    ],
    ["catalogue search", catalogueListQuery(db, catalogueWhere(partner, day, { q: "bench" }), 56)],
    ["one workout", catalogueListQuery(db, and(eq(schema.libraryEntries.workoutId, firstId), catalogueWhere(partner, day, {}))!, 1)],
    [
      "variants of a page",
      db
        .select()
        .from(schema.workoutVariants)
        .where(
          and(
            inArray(schema.workoutVariants.workoutId, ids),
            or(isNull(schema.workoutVariants.availableFrom), lte(schema.workoutVariants.availableFrom, day)),
            or(isNull(schema.workoutVariants.availableTo), gte(schema.workoutVariants.availableTo, day)),
          ),
        ),
    ],
    ["pricing lines of a page", db.select().from(schema.pricingLines).where(inArray(schema.pricingLines.workoutId, ids))],
    [
      "customer's plan in force",
      db
        .select({ id: schema.planEntries.id })
        .from(schema.planEntries)
        .where(
          and(
            eq(schema.planEntries.accountId, customer),
            lte(schema.planEntries.startDate, day),
            or(isNull(schema.planEntries.endDate), gte(schema.planEntries.endDate, day)),
          ),
        )
        .limit(1),
    ],
    ["sessions of a workout", db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, firstId))],
    ["reviews of a workout", db.select().from(schema.reviews).where(eq(schema.reviews.workoutId, firstId))],
  ];
  const unindexed: string[] = [];
  console.log("\n== query plans of the catalogue reads (EXPLAIN QUERY PLAN) ==");
  for (const [name, q] of reads) {
    const { sql, params } = q.toSQL();
    const plan = await d1
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    console.log(`-- ${name}`);
    for (const row of plan.results) {
      console.log(`   ${row.detail}`);
      // A SCAN of a table (not "USING INDEX"/"COVERING INDEX") reads every row.
      if (/^SCAN \w+$/.test(row.detail.trim()) || /^SCAN \w+ \(/.test(row.detail.trim())) unindexed.push(`${name}: ${row.detail}`);
    }
  }
  if (unindexed.length) {
    console.log(`\n!! full scans without an index:\n   ${unindexed.join("\n   ")}`);
    process.exitCode = 1;
  } else console.log("\n· no catalogue read scans a table without an index");
} finally {
  await proxy.dispose();
}
