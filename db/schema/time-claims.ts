/**
 * A delivering partner's booked times (docs/decisions/2026-11-27-deliverer-time-claims.md):
 * one claim per session it delivers booked at a time, on the partner's own
 * shard whichever shard the job is on, so two bookings of one time for one
 * partner cannot both commit, from one shard or two. Taken with a guarded
 * insert (worker/data/time-claims.ts), given back by deleting it.
 */
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt, id } from "./columns";

export const timeClaims = sqliteTable(
  "time_claims",
  {
    id: id(),
    /** The line, its start and its slot (worker/domain/time-claims.ts `claimKey`): the claim a line holds, known from the line. */
    key: text("key").notNull(),
    /** The delivering partner, whose rows these are (a partner's move to another shard carries them). */
    partnerAccountId: text("partner_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The job and its line, on the job's shard (no foreign keys: it may be another). */
    jobId: text("job_id").notNull(),
    lineId: text("line_id").notNull(),
    /** The shard of the job. */
    jobShard: text("job_shard").notNull(),
    /** The published slot the session is booked into (seats of slots do not exclude each other). */
    slotId: text("slot_id"),
    /** ISO 8601 UTC, [startsAt, endsAt): the session's time, without the buffer. */
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("time_claims_key_idx").on(t.key),
    index("time_claims_partner_starts_idx").on(t.partnerAccountId, t.startsAt),
    index("time_claims_job_id_idx").on(t.jobId),
  ],
);
