import { z } from "zod";
import { AuditCode, AuditField, CategoryFilter } from "./enums";

/**
 * How an entry's from and to values read: a job's status (its label), an
 * instant (a date and time), a calendar date, a credit balance, or a name
 * (a plan's, a price group's, a time zone: shown as written); a number, a
 * number of minutes, an amount of money ("<minor units> <currency>"), a
 * commitment term or refresh period (their labels), weekly hours or date
 * overrides (the JSON of the schedule's `weekly` or `overrides`, read as
 * weekdays, dates and hours). Null is "none".
 */
export const AuditChangeKind = ["status", "time", "date", "credits", "name", "number", "minutes", "money", "term", "period", "hours", "overrides"] as const;
export type AuditChangeKind = (typeof AuditChangeKind)[number];

/** What an entry changed: from one value to another, both of one kind. */
export const AuditChange = z
  .object({
    kind: z.enum(AuditChangeKind),
    from: z.union([z.string(), z.number()]).nullable(),
    to: z.union([z.string(), z.number()]).nullable(),
  })
  .meta({ id: "AuditChange" });
export type AuditChange = z.infer<typeof AuditChange>;

/** One entry of the audit trail: what happened (an audit code), to what, when and by whom. */
export const AuditEntryDto = z
  .object({
    id: z.string(),
    code: z.enum(AuditCode),
    subjectType: z.string(),
    subjectId: z.string(),
    /** What the subject is called: the session, the workout, the plan or the price group (null for a score: see category). */
    subject: z.string().nullable(),
    /** A score's category (the client shows its label). */
    category: z.enum(CategoryFilter).nullable(),
    /** From what to what, when the entry records a change of value. */
    change: AuditChange.nullable(),
    /** Which setting changed, when the entry is one of several a change wrote (the client shows its label). */
    field: z.enum(AuditField).nullable(),
    /** The reason given (a cancellation reason for a cancelled job, else a reschedule reason); the client shows its label. */
    reason: z.string().nullable(),
    /** Who did it (first and last name, else the e-mail address); null when unknown or deleted. */
    by: z.string().nullable(),
    /** Done by the product itself (the scheduled renewals, refreshes and expiries), not by a person. */
    bySystem: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;

export const AuditPage = z.object({ items: z.array(AuditEntryDto), nextCursor: z.string().nullable() }).meta({ id: "AuditPage" });
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
