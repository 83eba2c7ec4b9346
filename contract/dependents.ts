import { z } from "zod";
import { AccountDto } from "./accounts";
import { AccountLocation, Category, Industry, JobStatus, OrgSize } from "./enums";
import { PlanEntryDto } from "./entitlements";
import { MESSAGES } from "./messages";

/** A partner's customers ("dependents"). */
export const DependentSort = ["name", "createdAt"] as const;

/** `GET v1/admin/dependents`: search by name or email, sort, `limit` + `cursor` pagination. */
export const DependentsQuery = z.object({
  search: z.string().trim().max(100, "At most 100 characters").optional(),
  sort: z.enum(DependentSort, { error: "Must be name or createdAt" }).default("name"),
  order: z.enum(["asc", "desc"], { error: "Must be asc or desc" }).default("asc"),
  limit: z.coerce.number({ error: MESSAGES.invalidQuantity }).int(MESSAGES.invalidQuantity).min(1, MESSAGES.invalidQuantity).max(100, MESSAGES.invalidQuantity).default(20),
  cursor: z.string().max(500).optional(),
});
export type DependentsQuery = z.input<typeof DependentsQuery>;

export const DependentSummaryDto = z
  .object({
    id: z.string(),
    name: z.string(),
    industry: z.enum(Industry).nullable(),
    size: z.enum(OrgSize).nullable(),
    location: z.enum(AccountLocation).nullable(),
    primaryEmail: z.string().nullable(),
    teamSize: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "DependentSummary" });
export type DependentSummaryDto = z.infer<typeof DependentSummaryDto>;

export const DependentList = z
  .object({ items: z.array(DependentSummaryDto), nextCursor: z.string().nullable(), total: z.number().int() })
  .meta({ id: "DependentList" });
export type DependentList = z.infer<typeof DependentList>;

export const RecommendedWorkoutDto = z.object({
  id: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  category: z.enum(Category),
  icon: z.string().nullable(),
});
export type RecommendedWorkoutDto = z.infer<typeof RecommendedWorkoutDto>;

/** `GET v1/admin/dependents/{id}`. */
export const DependentDetailsDto = z
  .object({
    account: AccountDto,
    /** The partner's price group the customer is in, if any. */
    priceGroupId: z.string().nullable(),
    teamSize: z.number().int(),
    plan: PlanEntryDto.nullable(),
    creditBalance: z.number().int(),
    bookings: z.object({ total: z.number().int(), byStatus: z.record(z.enum(JobStatus), z.number().int()) }),
    recommendations: z.object({
      /** "scores": the categories where the customer scores lowest; "featured": no scores yet. */
      basis: z.enum(["scores", "featured"]),
      categories: z.array(z.enum(Category)),
      workouts: z.array(RecommendedWorkoutDto),
    }),
  })
  .meta({ id: "DependentDetails" });
export type DependentDetailsDto = z.infer<typeof DependentDetailsDto>;
