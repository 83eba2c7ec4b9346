import { z } from "zod";
import { AuditCode } from "./enums";

/** One entry of the audit trail: what happened (an audit code), to what, when and by whom. */
export const AuditEntryDto = z
  .object({
    id: z.string(),
    code: z.enum(AuditCode),
    subjectType: z.string(),
    subjectId: z.string(),
    /** What the subject is called: the session, the workout or the score's category. */
    subject: z.string().nullable(),
    /** Who did it (first and last name, else the e-mail address); null when unknown or deleted. */
    by: z.string().nullable(),
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
