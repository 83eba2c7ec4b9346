import { drizzle } from "drizzle-orm/d1";
import { sessionConstraint } from "./d1/metered";
import type { Db } from "./env";

/** The query builder over `d1` (see Db: no relational schema, nothing to build per request). */
export function database(d1: D1Database): Db {
  return drizzle(d1);
}

/**
 * The request's D1 session (read replicas): from the client's bookmark when it
 * sent one, else any replica for reads and the primary for writes. A binding
 * without sessions, or a bookmark D1 refuses, falls back to a fresh session.
 */
export function d1Session(d1: D1Database, method: string, bookmark: string | undefined): D1Database | D1DatabaseSession {
  if (typeof d1.withSession !== "function") return d1;
  try {
    return d1.withSession(sessionConstraint(method, bookmark));
  } catch {
    return d1.withSession(sessionConstraint(method, undefined));
  }
}
