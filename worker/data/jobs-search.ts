/**
 * Finding jobs: Your Bookings (a customer's jobs) and Your Jobs (a partner's),
 * searched by workout and customer, filtered by status and booked date, paged
 * by cursor; and the same search flattened into rows for the CSV export.
 * Every function takes the caller's scope and applies its ownership filter.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { JobDto, JobsQuery, JobsSearch } from "../../contract/bookings";
import { accounts, jobLines, jobs, workouts } from "../../db/schema";
import { loadJobs, type Side } from "./job-store";
import type { Db } from "../env";
import type { Acting } from "../identity/context";
import { after, decodeCursor, newestFirst, pageOf, type CursorValue, type SortKey } from "./cursor";
import { callerZone, contains, onEachShard } from "./query";
import { nextDate, zonedInstant } from "../domain/availability";
import { ownJobs } from "./job-people";

/** Newest booking first; the id breaks ties. */
const NEWEST_FIRST: SortKey[] = [
  { column: jobs.createdAt, dir: "desc" },
  { column: jobs.id, dir: "desc" },
];
const CURSOR_SHAPE = ["string", "string"] as const;

/** The jobs a side may see: a customer its own; a partner those of its customers and those it delivers. */
export function visibleJobs(scope: Acting, side: Side): SQL {
  return side === "customer"
    ? eq(jobs.accountId, scope.account.id)
    : or(eq(jobs.partnerAccountId, scope.account.id), eq(jobs.deliveryPartnerAccountId, scope.account.id))!;
}

/** The moment a calendar day begins in `zone`, as the ISO text timestamps are stored in. */
const dayStart = (date: string, zone: string) => new Date(zonedInstant(date, 0, zone)).toISOString();

/**
 * The search as SQL over `jobs` joined with `workouts` and the customer's
 * `accounts` row: status, booked between two dates (inclusive, each a day
 * where the caller works: docs/decisions/2026-11-27-today-in-the-users-zone.md),
 * and text found in the workout's title or name or the customer's name.
 */
function searchConditions(search: JobsSearch, zone: string): (SQL | undefined)[] {
  return [
    search.status ? eq(jobs.status, search.status) : undefined,
    search.from ? gte(jobs.createdAt, dayStart(search.from, zone)) : undefined,
    search.to ? lt(jobs.createdAt, dayStart(nextDate(search.to), zone)) : undefined,
    search.q ? contains([workouts.title, workouts.name, accounts.name], search.q) : undefined,
  ];
}

/**
 * A page of the caller's jobs matching the search, newest first, as the side
 * sees them. `history`: the shards a customer lived on before a re-link
 * (worker/tenant/scope.ts historyShards), read side by side with `db`, the
 * same page of each merged in the list's order (the cursor holds across
 * them); their bookings read-only (docs/decisions/2026-11-27-relinked-bookings.md).
 */
export async function searchJobs(
  db: Db,
  scope: Acting,
  side: Side,
  query: z.output<typeof JobsQuery>,
  history: Db[] | Promise<Db[]> = [],
): Promise<{ items: JobDto[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor, CURSOR_SHAPE);
  const read = (shard: Db, readOnly: boolean) => {
    const where = and(
      visibleJobs(scope, side),
      ...searchConditions(query, callerZone(scope)),
      query.mine === "true" ? ownJobs(side, scope.user.id, shard) : undefined,
      after(NEWEST_FIRST, cursor),
    );
    return loadJobs(shard, where, side, query.limit + 1, readOnly, scope.user.id);
  };
  const readOnly = side === "partner" && scope.role === "member";
  const [own, before] = await Promise.all([read(db, readOnly), onEachShard(history, (shard) => read(shard, true))]);
  return pageOf(before.length ? newestFirst(own, before.flat()) : own, query.limit, (j) => [j.createdAt, j.id]);
}

const partnerAcc = alias(accounts, "export_partner");
const deliveryAcc = alias(accounts, "export_delivery");

/** One job as an export row: who, what, when, how it went, what it cost. */
export type JobExportRow = {
  id: string;
  workout: string;
  customer: string;
  partner: string;
  deliveryPartner: string | null;
  status: JobDto["status"];
  bookedAt: string;
  firstSessionAt: string | null;
  lastSessionAt: string | null;
  sessions: number;
  sessionsCompleted: number;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  credits: number;
  priceAmount: number | null;
  currency: string | null;
};

/** A page of export rows for the caller's jobs matching the search, in the list's order, from `cursor`. */
export async function jobExportPage(db: Db, scope: Acting, side: Side, search: JobsSearch, cursor: CursorValue[] | undefined, limit: number) {
  const rows = await db
    .select({
      id: jobs.id,
      workout: sql<string>`coalesce(${workouts.title}, ${workouts.name})`,
      customer: accounts.name,
      partner: partnerAcc.name,
      deliveryPartner: deliveryAcc.name,
      status: jobs.status,
      bookedAt: jobs.createdAt,
      firstSessionAt: sql<string | null>`(select min(${jobLines.scheduledAt}) from ${jobLines} where ${jobLines.jobId} = ${jobs.id})`,
      lastSessionAt: sql<string | null>`(select max(${jobLines.scheduledAt}) from ${jobLines} where ${jobLines.jobId} = ${jobs.id})`,
      sessions: sql<number>`(select count(*) from ${jobLines} where ${jobLines.jobId} = ${jobs.id})`,
      sessionsCompleted: sql<number>`(select count(*) from ${jobLines} where ${jobLines.jobId} = ${jobs.id} and ${jobLines.status} = 'completed')`,
      completedAt: jobs.completedAt,
      cancelledAt: jobs.cancelledAt,
      cancelReason: jobs.cancelReason,
      credits: jobs.creditsConsumed,
      priceAmount: jobs.priceAmount,
      currency: jobs.currency,
    })
    .from(jobs)
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .innerJoin(partnerAcc, eq(partnerAcc.id, jobs.partnerAccountId))
    .leftJoin(deliveryAcc, eq(deliveryAcc.id, jobs.deliveryPartnerAccountId))
    .where(and(visibleJobs(scope, side), ...searchConditions(search, callerZone(scope)), after(NEWEST_FIRST, cursor)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit) as JobExportRow[];
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? [last.bookedAt, last.id] : undefined };
}
