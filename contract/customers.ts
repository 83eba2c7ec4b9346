import { z } from "zod";
import { AccountDto } from "./accounts";
import { AccountLocation, Category, Industry, JobStatus, OrgSize } from "./enums";
import { PlanEntryDto } from "./entitlements";
import { MESSAGES } from "./messages";

/** A partner's customers. The API paths say "dependents" (v1/admin/dependents), the name the published API uses; everything else says customers. */
export const CustomerSort = ["name", "createdAt"] as const;

/** Your Customers' price-group filter: one of the partner's groups by id, or "none" for the customers in no group. */
export const PriceGroupFilter = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "none" || z.uuid().safeParse(v).success, MESSAGES.invalidUuid);
export type PriceGroupFilter = z.infer<typeof PriceGroupFilter>;

/** `GET v1/admin/dependents`: search by name or email, filter by price group, sort, `limit` + `cursor` pagination. */
export const CustomersQuery = z.object({
  search: z.string().trim().max(100, "At most 100 characters").optional(),
  priceGroup: PriceGroupFilter.optional(),
  sort: z.enum(CustomerSort, { error: "Must be name or createdAt" }).default("name"),
  order: z.enum(["asc", "desc"], { error: "Must be asc or desc" }).default("asc"),
  limit: z.coerce
    .number({ error: MESSAGES.invalidQuantity })
    .int(MESSAGES.invalidQuantity)
    .min(1, MESSAGES.invalidQuantity)
    .max(100, MESSAGES.invalidQuantity)
    .default(20),
  cursor: z.string().max(500).optional(),
});
export type CustomersQuery = z.input<typeof CustomersQuery>;

/** `GET v1/admin/exports/customers`: the same search and price-group filter as Your Customers' list, so the file holds what the list shows. */
export const CustomersExportQuery = CustomersQuery.pick({ search: true, priceGroup: true });
/** The filters a customers list and its export share. */
export type CustomerFilters = z.output<typeof CustomersExportQuery>;

export const CustomerSummaryDto = z
  .object({
    id: z.string(),
    name: z.string(),
    industry: z.enum(Industry).nullable(),
    size: z.enum(OrgSize).nullable(),
    location: z.enum(AccountLocation).nullable(),
    primaryEmail: z.string().nullable(),
    /** The partner's price group the customer is in, if any. */
    priceGroup: z.object({ id: z.string(), name: z.string() }).nullable(),
    teamSize: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "CustomerSummary" });
export type CustomerSummaryDto = z.infer<typeof CustomerSummaryDto>;

export const CustomerList = z
  .object({ items: z.array(CustomerSummaryDto), nextCursor: z.string().nullable(), total: z.number().int() })
  .meta({ id: "CustomerList" });
export type CustomerList = z.infer<typeof CustomerList>;

export const RecommendedWorkoutDto = z.object({
  id: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  category: z.enum(Category),
  icon: z.string().nullable(),
});
export type RecommendedWorkoutDto = z.infer<typeof RecommendedWorkoutDto>;

/** `GET v1/admin/dependents/{id}`. */
export const CustomerDetailsDto = z
  .object({
    account: AccountDto,
    /** The partner's price group the customer is in, if any. */
    priceGroupId: z.string().nullable(),
    teamSize: z.number().int(),
    /** How many scores the customer has with this partner (the customer page's Scores tab). */
    scoreCount: z.number().int(),
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
  .meta({ id: "CustomerDetails" });
export type CustomerDetailsDto = z.infer<typeof CustomerDetailsDto>;
