/**
 * Fitness scores (per customer and category, made of entries: one per assessee
 * and submission) and assessments (signed, expiring links to the assessment form).
 * A score with no customer (`accountId` null) is orphaned; the partner named by
 * `partnerAccountId` assigns it to a customer in Submitted Scores.
 */
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AssessmentStatus, Category, CategoryFilter, ScoreSource } from "../../contract/enums";
import type { AssessmentOption } from "./json";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";
import { users } from "./users";

export const assessments = sqliteTable(
  "assessments",
  {
    id: id(),
    /** The customer the link was issued for (null for a partner's generic link). */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** The partner whose branding the form wears and who sees orphaned results. */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** One category, or 'all' for the whole questionnaire. */
    category: text("category", { enum: CategoryFilter }).notNull(),
    status: text("status", { enum: AssessmentStatus }).notNull().default("pending"),
    /** Opaque token in the link (its signature is checked by the worker). */
    token: text("token").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("assessments_account_id_category_status_idx").on(t.accountId, t.category, t.status),
    index("assessments_partner_account_id_idx").on(t.partnerAccountId),
  ],
);

/**
 * The assessment's question bank: a short questionnaire per category. Rows
 * with no partner are the product's own bank (seeded); a partner's own rows
 * for a category replace the product's for its links.
 */
export const assessmentQuestions = sqliteTable(
  "assessment_questions",
  {
    id: id(),
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "cascade" }),
    category: text("category", { enum: Category }).notNull(),
    sequence: integer("sequence").notNull(),
    text: text("text").notNull(),
    /** The answers offered, each worth a value from 1 (lowest) to 5 (highest). */
    options: text("options", { mode: "json" }).$type<AssessmentOption[]>().notNull(),
    ...timestamps(),
  },
  (t) => [index("assessment_questions_partner_account_id_category_idx").on(t.partnerAccountId, t.category, t.sequence)],
);

export const scores = sqliteTable(
  "scores",
  {
    id: id(),
    /** The customer; null for an orphaned score. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** The partner responsible (the customer's partner, or the one that issued the link). */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "set null" }),
    assessmentId: text("assessment_id").references(() => assessments.id, { onDelete: "set null" }),
    category: text("category", { enum: Category }).notNull(),
    /** The score on the product's scale. */
    score: real("score").notNull(),
    /** 0–100. */
    scorePercent: integer("score_percent").notNull(),
    source: text("source", { enum: ScoreSource }).notNull().default("manual"),
    /** Set when the score is marked assessed. */
    assessedAt: text("assessed_at"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("scores_account_id_category_created_at_idx").on(t.accountId, t.category, t.createdAt),
    // Orphaned scores of a partner: partner_account_id = ? and account_id is null.
    index("scores_partner_account_id_account_id_idx").on(t.partnerAccountId, t.accountId),
    index("scores_assessment_id_idx").on(t.assessmentId),
  ],
);

export const scoreEntries = sqliteTable(
  "score_entries",
  {
    id: id(),
    scoreId: text("score_id")
      .notNull()
      .references(() => scores.id, { onDelete: "cascade" }),
    /** Mirrors the score's account (null while orphaned). */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    assesseeName: text("assessee_name"),
    assesseeEmail: text("assessee_email"),
    value: real("value").notNull(),
    /** ISO 8601 UTC. */
    submittedAt: text("submitted_at").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("score_entries_score_id_idx").on(t.scoreId),
    index("score_entries_account_id_submitted_at_idx").on(t.accountId, t.submittedAt),
    index("score_entries_assessee_email_idx").on(t.assesseeEmail),
  ],
);

export type Assessment = typeof assessments.$inferSelect;
export type NewAssessment = typeof assessments.$inferInsert;
export type AssessmentQuestion = typeof assessmentQuestions.$inferSelect;
export type NewAssessmentQuestion = typeof assessmentQuestions.$inferInsert;
export type Score = typeof scores.$inferSelect;
export type NewScore = typeof scores.$inferInsert;
export type ScoreEntry = typeof scoreEntries.$inferSelect;
export type NewScoreEntry = typeof scoreEntries.$inferInsert;
