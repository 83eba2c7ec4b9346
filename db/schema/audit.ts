/** Audit entries (one code per event), written by the rules in worker/domain. */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AuditCode } from "../../contract/enums";
import { accounts } from "./accounts";
import { createdAt, id } from "./columns";
import type { AuditData } from "./json";
import { users } from "./users";

export const auditEntries = sqliteTable(
  "audit_entries",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /**
     * The partner the account was under when the entry was written (the account
     * itself for a partner's own entries); a partner reads only its own.
     * Stamped by the data layer, else by the insert trigger of migration
     * 0006 (the account's partner at that moment).
     */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "set null" }),
    code: text("code", { enum: AuditCode }).notNull(),
    /** E.g. 'job', 'jobLine', 'score'. */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    data: text("data", { mode: "json" }).$type<AuditData>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_entries_account_id_created_at_idx").on(t.accountId, t.createdAt),
    index("audit_entries_account_id_partner_account_id_created_at_idx").on(t.accountId, t.partnerAccountId, t.createdAt),
    index("audit_entries_subject_type_subject_id_idx").on(t.subjectType, t.subjectId),
  ],
);

export type AuditEntry = typeof auditEntries.$inferSelect;
export type NewAuditEntry = typeof auditEntries.$inferInsert;
