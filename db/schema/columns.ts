/**
 * Column helpers shared by every table file. Not re-exported from index.ts as
 * tables; the JSON shapes are re-exported as types.
 *
 * Conventions: ids are text UUIDs; timestamps are ISO 8601 UTC text
 * with milliseconds (the same format as `Date.prototype.toISOString()`); calendar
 * dates are 'YYYY-MM-DD' text; money is integer minor units plus a currency.
 */
import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** SQL expression producing the current time as `2025-01-31T12:34:56.789Z`. */
export const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A text UUID primary key, generated in JS when an insert omits it. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** `created_at`, defaulted by the database. */
export const createdAt = () => text("created_at").notNull().default(nowIso);

/** `updated_at`, defaulted by the database and refreshed by drizzle on every update. */
export const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(nowIso)
    .$onUpdateFn(() => new Date().toISOString());

/** Both timestamps, for spreading into a table definition. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
