/**
 * What a piece of background work reads: a D1 binding that records each
 * statement sent through it (its SQL and parameters) and answers how many
 * statements there were and how many rows their reads read (D1's own
 * `rows_read`: every row and index entry a statement visits). D1 answers a
 * read sent as `raw()` (drizzle's select) without its figures, so each read
 * is sent again after the work, as it was, through `all()`: the same plan
 * over the same tables (what the work wrote does not change what a read
 * walks through: the cursors, windows and indexes do).
 */
type Sent = { sql: string; params: unknown[] };

export function recordingD1(d1: D1Database) {
  const sent: Sent[] = [];
  const recorded = new Proxy(d1, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          const entry: Sent = { sql: query, params: [] };
          sent.push(entry);
          const stmt = target.prepare(query);
          const bind = stmt.bind.bind(stmt);
          stmt.bind = (...params: unknown[]) => {
            entry.params = params;
            return bind(...params);
          };
          return stmt;
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    d1: recorded,
    /** How many statements were sent. */
    statements: () => sent.length,
    /** The rows the reads among them read, each read sent again through `all()`; `since` leaves out the first ones. */
    async rowsRead(since = 0): Promise<number> {
      let rows = 0;
      for (const { sql, params } of sent.slice(since)) {
        if (!/^\s*(select|with)\b/i.test(sql)) continue;
        const { meta } = await d1
          .prepare(sql)
          .bind(...params)
          .all();
        rows += meta.rows_read ?? 0;
      }
      return rows;
    },
    /** Forgets what was sent so far. */
    reset: () => void sent.splice(0),
  };
}
