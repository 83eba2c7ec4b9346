/** Small helpers every data module shares: today's date, LIKE patterns, list cursors, batches. */
import type { Db } from "../env";
import { invalid } from "../http/errors";

/** Today's calendar date (UTC, YYYY-MM-DD): the day every date window is compared with. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Whether a dated row's window (open ends included) includes `day`. */
export const inDate = (row: { startDate: string | null; endDate: string | null }, day = today()) =>
  (!row.startDate || row.startDate <= day) && (!row.endDate || row.endDate >= day);

/** A LIKE pattern that finds `q` anywhere, with %, _ and \ matched literally (use with `escape '\\'`). */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** A list cursor: the sort value of the last row and its id. */
export type Cursor = [string | number, string];

/** A cursor as the client sends it back: URL-safe base64 of JSON. */
export function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor sent back by the client; anything else is 400 on `cursor`. `kind` narrows the sort value. */
export function decodeCursor(raw: string | undefined, kind?: "string" | "number"): Cursor | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(atob(raw.replace(/-/g, "+").replace(/_/g, "/"))) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      (kind ? typeof v[0] === kind : typeof v[0] === "string" || typeof v[0] === "number") &&
      typeof v[1] === "string"
    )
      return v as Cursor;
  } catch {
    /* fall through */
  }
  throw invalid({ cursor: "Invalid cursor" });
}

/** One statement of a D1 batch. */
export type Stmt = Parameters<Db["batch"]>[0][number];

/** Runs the statements as one D1 batch (all or nothing). */
export const batch = (db: Db, stmts: Stmt[]) => db.batch(stmts as [Stmt, ...Stmt[]]);
