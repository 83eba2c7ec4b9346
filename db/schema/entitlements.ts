/**
 * Entitlements: the plans a partner offers, the plan entries (subscriptions) of
 * each customer, and the credit ledger: credit entries, each with signed lines.
 * The balance ("workouts remaining" on Home) is the sum of a customer's
 * `credit_lines.quantity`: planAdjustment and bonus lines add,
 * consumption lines subtract; a cancellation writes a compensating line.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CommitmentTerm, CreditLineSource, CreditLineType, CreditUpdateType, Currency, RefreshPeriod } from "../../contract/enums";
import { accounts } from "./accounts";
import { createdAt, id, timestamps } from "./columns";
import { jobs } from "./jobs";
import { users } from "./users";

/** A plan a partner offers its customers (catalogue; a plan entry may copy from it). */
export const plans = sqliteTable(
  "plans",
  {
    id: id(),
    /** The partner offering the plan. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planName: text("plan_name").notNull(),
    variantName: text("variant_name").notNull(),
    commitmentTerm: text("commitment_term", { enum: CommitmentTerm }).notNull(),
    /** Credits granted per refresh period. */
    credits: integer("credits").notNull().default(0),
    refreshPeriod: text("refresh_period", { enum: RefreshPeriod }).notNull().default("none"),
    /** Price per term, integer minor units of `currency` (null: not sold for money). */
    priceAmount: integer("price_amount"),
    currency: text("currency", { enum: Currency }),
    /** When the partner retired it (deleted while customers were on it): no new starts; its customers keep it until changed. */
    retiredAt: text("retired_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("plans_account_id_plan_name_variant_name_uq").on(t.accountId, t.planName, t.variantName)],
);

/** A customer's plan (Profile → Plan Entries). */
export const planEntries = sqliteTable(
  "plan_entries",
  {
    id: id(),
    /** The customer. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The partner the customer was under when this was written; a partner reads and changes only its own (see audit_entries). */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "set null" }),
    planId: text("plan_id").references(() => plans.id, { onDelete: "set null" }),
    planName: text("plan_name").notNull(),
    variantName: text("variant_name").notNull(),
    commitmentTerm: text("commitment_term", { enum: CommitmentTerm }).notNull(),
    /** YYYY-MM-DD. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date"),
    /** A cancellation cannot end the plan before this. */
    earliestEndDate: text("earliest_end_date"),
    renewalDate: text("renewal_date"),
    /**
     * The day the cron next looks at the entry for its credits' refresh
     * (YYYY-MM-DD): its start, then the day after each period granted;
     * "9999-12-31" once no refresh is to come (worker/data/plan-renewals.ts
     * NO_MORE_REFRESHES). Null on rows written before it: the cron fills it in.
     */
    nextRefreshDate: text("next_refresh_date"),
    ...timestamps(),
  },
  (t) => [
    index("plan_entries_account_id_start_date_idx").on(t.accountId, t.startDate),
    /** The cron's refreshes due, and the entries it has not dated yet that are in force (worker/data/plan-renewals.ts). */
    index("plan_entries_next_refresh_date_end_date_idx").on(t.nextRefreshDate, t.endDate),
    /** The cron's renewals due (worker/data/plan-renewals.ts). */
    index("plan_entries_renewal_date_idx").on(t.renewalDate),
    /** The cron's expiry of plans that ended lately, and its refreshes of plans in force (worker/data/plan-renewals.ts). */
    index("plan_entries_end_date_idx").on(t.endDate),
  ],
);

/** A customer's credit allowance (Profile → Credit Entries). */
export const creditEntries = sqliteTable(
  "credit_entries",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The partner the customer was under when this was written; a partner reads and changes only its own (see audit_entries). */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "set null" }),
    planEntryId: text("plan_entry_id").references(() => planEntries.id, { onDelete: "set null" }),
    planName: text("plan_name").notNull(),
    variantName: text("variant_name").notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date"),
    refreshPeriod: text("refresh_period", { enum: RefreshPeriod }).notNull().default("none"),
    ...timestamps(),
  },
  (t) => [
    index("credit_entries_account_id_start_date_idx").on(t.accountId, t.startDate),
    /** One credit entry per plan entry and refresh period: a period's credits are granted once (worker/data/plan-renewals.ts). */
    uniqueIndex("credit_entries_plan_entry_id_start_date_uq").on(t.planEntryId, t.startDate),
  ],
);

/** One signed movement of credits. */
export const creditLines = sqliteTable(
  "credit_lines",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The partner the customer was under when this was written; a partner reads and changes only its own (see audit_entries). */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "set null" }),
    creditEntryId: text("credit_entry_id")
      .notNull()
      .references(() => creditEntries.id, { onDelete: "cascade" }),
    source: text("source", { enum: CreditLineSource }).notNull(),
    itemType: text("item_type", { enum: CreditLineType }).notNull(),
    updateType: text("update_type", { enum: CreditUpdateType }).notNull(),
    /** Signed: positive adds credits, negative consumes them. */
    quantity: integer("quantity").notNull(),
    /** ISO 8601 UTC. */
    enteredAt: text("entered_at").notNull(),
    /** Free text shown with the line (e.g. the workout booked, or a reason). */
    context: text("context"),
    /** The booking that consumed (or got back) the credits. */
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_lines_account_id_entered_at_idx").on(t.accountId, t.enteredAt),
    index("credit_lines_credit_entry_id_entered_at_idx").on(t.creditEntryId, t.enteredAt),
    index("credit_lines_job_id_idx").on(t.jobId),
  ],
);

export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanEntry = typeof planEntries.$inferSelect;
export type NewPlanEntry = typeof planEntries.$inferInsert;
export type CreditEntry = typeof creditEntries.$inferSelect;
export type NewCreditEntry = typeof creditEntries.$inferInsert;
export type CreditLine = typeof creditLines.$inferSelect;
export type NewCreditLine = typeof creditLines.$inferInsert;
