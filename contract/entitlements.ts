import { z } from "zod";
import { CommitmentTerm, CreditLineSource, CreditLineType, CreditUpdateType, Currency, RefreshPeriod } from "./enums";
import { optionalText, requiredText } from "./forms";
import { MESSAGES } from "./messages";

/** Plan rules, as the en-US texts of `message.planCancelTooEarly` / `message.planChangeTooEarly`. */
export const PLAN_MESSAGES = {
  cancelTooEarly: "A plan cannot be canceled before its minimum end date",
  changeTooEarly: "A plan change cannot start before the current subscription period ends",
  /** `message.planRefreshLongerThanTerm`: credits refresh within a term, never less often than it renews. */
  refreshLongerThanTerm: "Credits cannot refresh less often than the plan renews",
  /** `message.planCurrencyRequired`: a price needs its currency. */
  currencyRequired: "Choose the currency of the price",
  /** `message.planAlreadyStarted`: a customer has one plan at a time; a second is a plan change. */
  alreadyOnPlan: "This customer already has a plan from that date. Change or cancel it instead.",
  /** `message.planRetired`: a retired plan is not offered for new starts or changes. */
  retired: "This plan is retired: it is not offered to new customers",
} as const;

/** Months in a commitment term or a refresh period ("none": the allowance comes once per term). */
export const PERIOD_MONTHS = { monthly: 1, quarterly: 3, annual: 12 } as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.invalidDate)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MESSAGES.invalidDate);

/** Plan entry. */
export const PlanEntryDto = z
  .object({
    id: z.string(),
    planId: z.string().nullable(),
    planName: z.string(),
    variantName: z.string(),
    commitmentTerm: z.enum(CommitmentTerm),
    startDate: z.string(),
    endDate: z.string().nullable(),
    earliestEndDate: z.string().nullable(),
    renewalDate: z.string().nullable(),
    /** The plan's price per term as the partner shows it to its customers (integer minor units); null when not sold for money. */
    price: z.object({ amount: z.number().int(), currency: z.enum(Currency) }).nullable(),
  })
  .meta({ id: "PlanEntry" });
export type PlanEntryDto = z.infer<typeof PlanEntryDto>;

/** Credit entry line. */
export const CreditLineDto = z
  .object({
    id: z.string(),
    source: z.enum(CreditLineSource),
    itemType: z.enum(CreditLineType),
    updateType: z.enum(CreditUpdateType),
    quantity: z.number().int(),
    enteredAt: z.string(),
    context: z.string().nullable(),
  })
  .meta({ id: "CreditLine" });
export type CreditLineDto = z.infer<typeof CreditLineDto>;

/** Credit entry, with its nested lines and their sum. */
export const CreditEntryDto = z
  .object({
    id: z.string(),
    planEntryId: z.string().nullable(),
    planName: z.string(),
    variantName: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    refreshPeriod: z.enum(RefreshPeriod),
    balance: z.number().int(),
    lines: z.array(CreditLineDto),
  })
  .meta({ id: "CreditEntry" });
export type CreditEntryDto = z.infer<typeof CreditEntryDto>;

/** `GET v1/entitlements`: the acting account's plans, credits and balance ("workouts remaining"). */
export const EntitlementsDto = z
  .object({
    balance: z.number().int(),
    currentPlan: PlanEntryDto.nullable(),
    planEntries: z.array(PlanEntryDto),
    creditEntries: z.array(CreditEntryDto),
  })
  .meta({ id: "Entitlements" });
export type EntitlementsDto = z.infer<typeof EntitlementsDto>;

/** The partner's plan catalogue (for plan changes). */
export const PlanDto = z
  .object({
    id: z.string(),
    planName: z.string(),
    variantName: z.string(),
    commitmentTerm: z.enum(CommitmentTerm),
    credits: z.number().int(),
    refreshPeriod: z.enum(RefreshPeriod),
    priceAmount: z.number().int().nullable(),
    currency: z.enum(Currency).nullable(),
    /** Retired (deleted while customers were on it): not offered for new starts; its customers keep it until changed. */
    retired: z.boolean(),
  })
  .meta({ id: "Plan" });
export type PlanDto = z.infer<typeof PlanDto>;
export const PlanList = z.object({ items: z.array(PlanDto) });

/**
 * `POST v1/admin/entitlements/plans`, `PUT …/plans/{planId}`: a plan the
 * partner offers: its name and variant, commitment term, the credits granted
 * each refresh period (once per term with "none"), and the price per term its
 * customers are shown (integer minor units of `currency`; none: not sold for
 * money). Credits never refresh less often than the plan renews, so every
 * renewal starts a refresh period.
 */
export const PlanBody = z
  .object({
    planName: requiredText(80),
    variantName: requiredText(80),
    commitmentTerm: z.enum(CommitmentTerm),
    credits: z.number({ error: MESSAGES.invalidQuantity }).int(MESSAGES.invalidQuantity).min(0, MESSAGES.invalidQuantity).max(10000, MESSAGES.invalidQuantity),
    refreshPeriod: z.enum(RefreshPeriod),
    priceAmount: z
      .number({ error: MESSAGES.invalidQuantity })
      .int(MESSAGES.invalidQuantity)
      .min(0, MESSAGES.invalidQuantity)
      .max(100_000_000, MESSAGES.invalidQuantity)
      .nullable()
      .default(null),
    currency: z.enum(Currency).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.refreshPeriod !== "none" && PERIOD_MONTHS[v.refreshPeriod] > PERIOD_MONTHS[v.commitmentTerm])
      ctx.addIssue({ code: "custom", path: ["refreshPeriod"], message: PLAN_MESSAGES.refreshLongerThanTerm });
    if (v.priceAmount !== null && v.currency === null) ctx.addIssue({ code: "custom", path: ["currency"], message: PLAN_MESSAGES.currencyRequired });
  })
  .transform((v) => ({ ...v, currency: v.priceAmount === null ? null : v.currency }))
  .meta({ id: "PlanInput" });
export type PlanBody = z.input<typeof PlanBody>;

export const PlanParam = z.object({ planId: z.string().uuid(MESSAGES.invalidUuid) });

/** `DELETE v1/admin/entitlements/plans/{planId}`: what became of the plan. */
export const PlanRemoval = z.object({ outcome: z.enum(["deleted", "retired"]) }).meta({ id: "PlanRemoval" });
export type PlanRemoval = z.infer<typeof PlanRemoval>;

/**
 * `POST v1/admin/entitlements/plan-entries`: start one of the partner's plans
 * for a customer from `startDate` (today or later), when the customer has no
 * plan on or after that day.
 */
export const StartPlanBody = z
  .object({
    accountId: z.string().uuid(MESSAGES.invalidUuid),
    planId: z.string().uuid(MESSAGES.invalidUuid),
    startDate: isoDate,
  })
  .meta({ id: "StartPlan" });
export type StartPlanBody = z.infer<typeof StartPlanBody>;

/** Credit line types a partner enters by hand. */
export const AdjustmentType = ["planAdjustment", "bonus"] as const;

/**
 * `POST v1/admin/entitlements/credit`: a partner adjusts a customer's credits.
 * A plan adjustment may add or remove (non-zero); a bonus adds (positive).
 */
export const CreditAdjustmentBody = z
  .object({
    accountId: z.string().uuid(MESSAGES.invalidUuid),
    itemType: z.enum(AdjustmentType),
    quantity: z
      .number({ error: MESSAGES.invalidQuantity })
      .int(MESSAGES.invalidQuantity)
      .min(-10000, MESSAGES.invalidQuantity)
      .max(10000, MESSAGES.invalidQuantity)
      .refine((q) => q !== 0, MESSAGES.invalidQuantity),
    context: optionalText(500),
    creditEntryId: z.string().uuid(MESSAGES.invalidUuid).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.itemType === "bonus" && v.quantity < 0) ctx.addIssue({ code: "custom", path: ["quantity"], message: MESSAGES.invalidQuantity });
  })
  .meta({ id: "CreditAdjustment" });
export type CreditAdjustmentBody = z.input<typeof CreditAdjustmentBody>;

export const CreditAdjustmentResult = z
  .object({ line: CreditLineDto, creditEntryId: z.string(), balance: z.number().int() })
  .meta({ id: "CreditAdjustmentResult" });
export type CreditAdjustmentResult = z.infer<typeof CreditAdjustmentResult>;

export const PlanEntryParam = z.object({ planEntryId: z.string().uuid(MESSAGES.invalidUuid) });

/** `POST v1/admin/entitlements/plans/{planEntryId}/cancel`: end the plan on `endDate` (not before its earliest end date). */
export const CancelPlanBody = z.object({ endDate: isoDate }).meta({ id: "CancelPlan" });
export type CancelPlanBody = z.infer<typeof CancelPlanBody>;

/** `POST v1/admin/entitlements/plans/{planEntryId}/change`: move to another plan from `startDate` (not before the current period ends). */
export const ChangePlanBody = z.object({ planId: z.string().uuid(MESSAGES.invalidUuid), startDate: isoDate }).meta({ id: "ChangePlan" });
export type ChangePlanBody = z.infer<typeof ChangePlanBody>;
