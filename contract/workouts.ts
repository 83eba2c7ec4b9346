import { z } from "zod";
import {
  ActionItemAssignee,
  ActionItemStage,
  Category,
  ConditionOperator,
  Currency,
  Difficulty,
  FeaturedMediaType,
  Language,
  LibraryStatus,
  PartnerVisibility,
  PrerequisiteType,
  PriceType,
  PricingType,
  SessionArtifactCategory,
  SessionArtifactType,
  VisibilityComparator,
  VisibilityField,
  WorkoutFormat,
  WorkoutTag,
  WorkoutType,
} from "./enums";
import { enumOf, httpUrl, optionalHttpUrl, optionalLine, optionalText, requiredLine, requiredText, uuid } from "./forms";
import { SessionLocation } from "./job-people";
import { MESSAGES } from "./messages";
import { onePlaceEach } from "./positions";

/** Placeholders and limits of the workout editor. */
export const WORKOUT_DEFAULTS = { priority: 100, selectionPercent: 100, totalMinutes: 60, maxAttendees: 5 } as const;
/** Session short summary limit (the product asks for a limit; this one is chosen here). */
export const SHORT_SUMMARY_MAX = 160;
export const SESSION_TOTAL_MISMATCH = "Session length does not match total workout length";
export const INVALID_PARTNER_TAN = "Invalid Partner TAN";

// ─── Building blocks ─────────────────────────────────────────────────────────

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function validDate(v: string) {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
/** A calendar date `YYYY-MM-DD`, or null/empty for none. */
export const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || validDate(v), MESSAGES.invalidDate);

/** Adds "end cannot be before start" to an object with startDate/endDate-like keys. */
export function datesInOrder<T extends z.ZodObject>(schema: T, start = "startDate", end = "endDate") {
  return schema.superRefine((v: Record<string, unknown>, ctx) => {
    const s = v[start] as string | null | undefined;
    const e = v[end] as string | null | undefined;
    if (s && e && e < s) ctx.addIssue({ code: "custom", path: [end], message: MESSAGES.endBeforeStart });
  });
}

const int = (min: number, max: number) => z.coerce.number().int(MESSAGES.invalidQuantity).min(min, MESSAGES.invalidQuantity).max(max, MESSAGES.invalidQuantity);

// ─── Visibility expression ───────────────────────────────────────────────────

export const VisibilityCondition = z.object({
  field: enumOf(VisibilityField),
  comparator: enumOf(VisibilityComparator),
  values: z.array(z.string().trim().min(1).max(100)).min(1, MESSAGES.noItems).max(50, "At most 50 values"),
});
export type VisibilityCondition = z.infer<typeof VisibilityCondition>;

export type VisibilityExpression = {
  operator: ConditionOperator;
  conditions: Array<VisibilityCondition | VisibilityExpression>;
};

/** Groups nest at most this deep (the builder writes one); deeper input is refused, never walked. */
export const VISIBILITY_MAX_DEPTH = 5;
/** Conditions and groups in a whole expression, at most. */
export const VISIBILITY_MAX_CONDITIONS = 50;
export const VISIBILITY_TOO_DEEP = `Groups can be nested at most ${VISIBILITY_MAX_DEPTH} levels deep`;
export const VISIBILITY_TOO_MANY = `At most ${VISIBILITY_MAX_CONDITIONS} conditions in all`;

const isGroup = (v: unknown): v is { conditions: unknown } => typeof v === "object" && v !== null && "conditions" in v;

/** Whether `node`'s groups nest deeper than `allowed` levels (walked without recursion, stopping early). */
function nestsDeeperThan(node: unknown, allowed: number): boolean {
  let level: unknown[] = [node];
  for (let depth = 1; level.length; depth++) {
    const groups = level.filter(isGroup);
    if (!groups.length) return false;
    if (depth > allowed) return true;
    level = groups.flatMap((g): unknown[] => (Array.isArray(g.conditions) ? (g.conditions as unknown[]) : []));
  }
  return false;
}

/**
 * A group of the given nesting level. The schema is built level by level (no
 * recursion), so an expression nested thousands deep is refused with a clear
 * message at the first entry that goes too deep instead of being walked.
 */
function visibilityGroup(level: number): z.ZodType<VisibilityExpression> {
  const options = level < VISIBILITY_MAX_DEPTH ? [VisibilityCondition, visibilityGroup(level + 1)] : [VisibilityCondition];
  const entry = z.union(options as [z.ZodType<VisibilityCondition | VisibilityExpression>], {
    error: (iss) => {
      if (nestsDeeperThan(iss.input, VISIBILITY_MAX_DEPTH - level)) return VISIBILITY_TOO_DEEP;
      // Not a group: say what is wrong with the condition rather than "Invalid input".
      if (!isGroup(iss.input)) return VisibilityCondition.safeParse(iss.input).error?.issues[0]?.message;
      return undefined;
    },
  });
  return z.object({
    operator: enumOf(ConditionOperator),
    conditions: z.array(entry).max(VISIBILITY_MAX_CONDITIONS, VISIBILITY_TOO_MANY),
  });
}

function countEntries(e: VisibilityExpression): number {
  return e.conditions.reduce((n, c) => n + 1 + ("conditions" in c ? countEntries(c) : 0), 0);
}

export const VisibilityExpression: z.ZodType<VisibilityExpression> = visibilityGroup(1).superRefine((e, ctx) => {
  if (countEntries(e) > VISIBILITY_MAX_CONDITIONS) ctx.addIssue({ code: "custom", path: ["conditions"], message: VISIBILITY_TOO_MANY });
});

// ─── Child rows ──────────────────────────────────────────────────────────────

export const ActionItemInput = datesInOrder(
  z.object({
    assigneeType: enumOf(ActionItemAssignee),
    stage: enumOf(ActionItemStage),
    name: requiredLine(200),
    link: optionalHttpUrl,
    dueOffsetDays: z
      .union([int(-365, 365), z.null()])
      .optional()
      .transform((v) => v ?? null),
    startDate: optionalDate,
    endDate: optionalDate,
  }),
);
export type ActionItemInput = z.input<typeof ActionItemInput>;

export const SessionInput = datesInOrder(
  z.object({
    /** An existing session's id (kept, with its attachments); absent for a new one. */
    id: uuid.optional(),
    name: requiredLine(200),
    shortSummary: optionalText(SHORT_SUMMARY_MAX),
    description: optionalText(5000),
    icon: optionalText(60),
    lengthMinutes: int(1, 10000),
    startDate: optionalDate,
    endDate: optionalDate,
    actionItems: z.array(ActionItemInput).max(50).default([]),
  }),
);
export type SessionInput = z.input<typeof SessionInput>;

export const PrerequisiteInput = datesInOrder(
  z
    .object({
      type: enumOf(PrerequisiteType),
      name: requiredLine(200),
      category: z
        .union([z.enum(Category), z.null()])
        .optional()
        .transform((v) => v ?? null),
      requiredWorkoutId: z
        .union([uuid, z.null()])
        .optional()
        .transform((v) => v ?? null),
      minimumScore: z
        .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.notNumber) })
        .min(0)
        .max(1000)
        .nullable()
        .optional()
        .transform((v) => v ?? null),
      startDate: optionalDate,
      endDate: optionalDate,
    })
    .superRefine((v, ctx) => {
      if (v.type === "workout" && !v.requiredWorkoutId) ctx.addIssue({ code: "custom", path: ["requiredWorkoutId"], message: MESSAGES.required });
      if (v.type === "score" && v.minimumScore === null) ctx.addIssue({ code: "custom", path: ["minimumScore"], message: MESSAGES.required });
      if (v.type === "score" && !v.category) ctx.addIssue({ code: "custom", path: ["category"], message: MESSAGES.required });
    }),
);
export type PrerequisiteInput = z.input<typeof PrerequisiteInput>;

export const PricingLineInput = datesInOrder(
  z
    .object({
      name: requiredLine(120),
      priceType: enumOf(PriceType),
      customerAccountId: z
        .union([uuid, z.null()])
        .optional()
        .transform((v) => v ?? null),
      priceGroupId: z
        .union([uuid, z.null()])
        .optional()
        .transform((v) => v ?? null),
      pricingType: enumOf(PricingType),
      onPlan: z.boolean().default(false),
      currency: enumOf(Currency),
      /** Credits for unit lines; minor units for value lines. */
      amount: int(0, 100_000_000),
      startDate: optionalDate,
      endDate: optionalDate,
    })
    .superRefine((v, ctx) => {
      if (v.priceType === "customer" && !v.customerAccountId) ctx.addIssue({ code: "custom", path: ["customerAccountId"], message: MESSAGES.required });
      if (v.priceType === "customerPriceGroup" && !v.priceGroupId) ctx.addIssue({ code: "custom", path: ["priceGroupId"], message: MESSAGES.required });
    }),
);
export type PricingLineInput = z.input<typeof PricingLineInput>;

export const DeliveryPartnerInput = datesInOrder(
  z.object({
    partnerTan: z
      .string()
      .trim()
      .regex(/^\d{6}$/, INVALID_PARTNER_TAN),
    name: optionalLine(120),
    selectionPercent: int(0, 100).default(WORKOUT_DEFAULTS.selectionPercent),
    startDate: optionalDate,
    endDate: optionalDate,
    visibleToPartners: z.boolean().default(false),
  }),
);
export type DeliveryPartnerInput = z.input<typeof DeliveryPartnerInput>;

export const FeaturedMediaInput = z.object({
  type: enumOf(FeaturedMediaType),
  url: httpUrl,
  alt: optionalText(200),
});

// ─── Workout document ────────────────────────────────────────────────────────

/** Initial Details + Metadata + Content: the workout's own fields. */
export const WorkoutDetailsInput = z.object({
  name: requiredLine(200),
  sku: requiredText(60),
  type: enumOf(WorkoutType),
  category: enumOf(Category),
  allowPartnerVariants: z.boolean().default(false),
  totalMinutes: int(1, 10000).default(WORKOUT_DEFAULTS.totalMinutes),
  maxAttendees: int(1, 10000).default(WORKOUT_DEFAULTS.maxAttendees),
  difficulty: enumOf(Difficulty),
  format: enumOf(WorkoutFormat).default("onlineInstructorLed"),
  greatFor: z.array(z.enum(WorkoutTag)).max(WorkoutTag.length).default([]),
  title: requiredLine(200),
  subtitle: optionalText(300),
  description: optionalText(10000),
  icon: optionalText(60),
  featuredMedia: z.array(FeaturedMediaInput).max(20).default([]),
  partnerVisibility: enumOf(PartnerVisibility).default("private"),
  priority: int(0, 100000).default(WORKOUT_DEFAULTS.priority),
  /** Where its sessions happen unless a job's session has its own (left out on update: unchanged). */
  defaultLocation: SessionLocation.nullable().optional(),
});
export type WorkoutDetailsInput = z.input<typeof WorkoutDetailsInput>;

export const VariantDetailsInput = datesInOrder(
  z.object({
    name: requiredLine(120),
    locale: enumOf(Language).default("enUS"),
    availableFrom: optionalDate,
    availableTo: optionalDate,
    customPricing: z.boolean().default(false),
    partnerVisibility: enumOf(PartnerVisibility).default("private"),
  }),
  "availableFrom",
  "availableTo",
);

/** A session's sequence number is its place in the list: an existing session sent twice would hold two ("Invalid sequence position" on `sessions.<i>.id`). */
const sessionsInPlace = onePlaceEach((s: z.output<typeof SessionInput>) => s.id, "id");

/** `POST v1/admin/workouts`: the details, and optionally every section at once. */
export const CreateWorkoutBody = WorkoutDetailsInput.extend({
  visibility: VisibilityExpression.nullable()
    .optional()
    .transform((v) => v ?? null),
  sessions: z.array(SessionInput).max(100).superRefine(sessionsInPlace).default([]),
  prerequisites: z.array(PrerequisiteInput).max(50).default([]),
  pricing: z.array(PricingLineInput).max(100).default([]),
  deliveryPartners: z.array(DeliveryPartnerInput).max(50).default([]),
  variant: VariantDetailsInput.optional(),
}).meta({ id: "CreateWorkout" });
export type CreateWorkoutBody = z.input<typeof CreateWorkoutBody>;

/** `PUT v1/admin/workouts/{id}`: any of the sections; each one given replaces the stored one. */
export const UpdateWorkoutBody = z
  .object({
    details: WorkoutDetailsInput.optional(),
    visibility: VisibilityExpression.nullable().optional(),
    sessions: z.array(SessionInput).max(100).superRefine(sessionsInPlace).optional(),
    prerequisites: z.array(PrerequisiteInput).max(50).optional(),
    pricing: z.array(PricingLineInput).max(100).optional(),
    deliveryPartners: z.array(DeliveryPartnerInput).max(50).optional(),
  })
  .meta({ id: "UpdateWorkout" });
export type UpdateWorkoutBody = z.input<typeof UpdateWorkoutBody>;

export const VariantBody = VariantDetailsInput.and(
  z.object({
    pricing: z.array(PricingLineInput).max(100).default([]),
    deliveryPartners: z.array(DeliveryPartnerInput).max(50).default([]),
  }),
).meta({ id: "Variant" });
export type VariantBody = z.input<typeof VariantBody>;

export const LibraryStatusBody = z.object({ status: enumOf(LibraryStatus) });

/** The allowed library status changes. */
export const LIBRARY_TRANSITIONS: Record<LibraryStatus, LibraryStatus[]> = {
  draft: ["complete"],
  complete: ["available", "draft"],
  available: ["archived"],
  archived: ["draft"],
};

export const LibrarySort = ["priority", "name", "updated"] as const;
export const LibraryQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.enum(Category, { error: "Unknown category" }).optional(),
  status: z.enum(LibraryStatus, { error: "Unknown status" }).optional(),
  sort: z.enum(LibrarySort, { error: "Unknown sort" }).default("priority"),
  limit: z.coerce.number().int(MESSAGES.invalidQuantity).min(1, MESSAGES.invalidQuantity).max(100, MESSAGES.invalidQuantity).default(50),
  cursor: z.string().max(500).optional(),
});

export const WorkoutIdParam = z.object({ id: uuid });
export const VariantParams = z.object({ id: uuid, variantId: uuid });
export const SessionParams = z.object({ id: uuid, sessionId: uuid });
export const AttachmentParams = z.object({ id: uuid, attachmentId: uuid });
export const TanQuery = z.object({ tan: z.string().trim().max(20) });

/** Multipart `data` of a new attachment; the file comes as field `file`. */
export const AttachmentData = datesInOrder(
  z.object({
    type: enumOf(SessionArtifactType),
    category: enumOf(SessionArtifactCategory).default("other"),
    description: optionalText(300),
    /** Without a file, the attachment is this http(s) URL, whatever its type. */
    value: optionalHttpUrl,
    startDate: optionalDate,
    endDate: optionalDate,
  }),
);
export type AttachmentData = z.input<typeof AttachmentData>;
/** Files attachable to sessions: images, PDF, office documents, plain text, mp4 (checked by signature where one exists). */
export const ATTACHMENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "video/mp4",
  "text/plain",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
] as const;

// ─── Answers ─────────────────────────────────────────────────────────────────

export const LibraryItem = z
  .object({
    id: z.string(),
    name: z.string(),
    sku: z.string(),
    title: z.string(),
    type: z.enum(WorkoutType),
    category: z.enum(Category),
    difficulty: z.enum(Difficulty),
    totalMinutes: z.number(),
    status: z.enum(LibraryStatus),
    priority: z.number(),
    partnerVisibility: z.enum(PartnerVisibility),
    own: z.boolean(),
    authorName: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "LibraryItem" });
export type LibraryItem = z.infer<typeof LibraryItem>;

export const LibraryPage = z.object({ items: z.array(LibraryItem), nextCursor: z.string().nullable() });
export type LibraryPage = z.infer<typeof LibraryPage>;

export const ListedWorkout = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(Category),
  authorName: z.string(),
  difficulty: z.enum(Difficulty),
  totalMinutes: z.number(),
});
export type ListedWorkout = z.infer<typeof ListedWorkout>;

export const AttachmentDto = z.object({
  id: z.string(),
  sessionId: z.string(),
  type: z.enum(SessionArtifactType),
  category: z.enum(SessionArtifactCategory),
  description: z.string().nullable(),
  value: z.string().nullable(),
  /** Access-checked download for uploaded files. */
  fileUri: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type AttachmentDto = z.infer<typeof AttachmentDto>;

const ActionItemDto = z.object({
  id: z.string(),
  assigneeType: z.enum(ActionItemAssignee),
  stage: z.enum(ActionItemStage),
  name: z.string(),
  link: z.string().nullable(),
  dueOffsetDays: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

export const SessionDto = z.object({
  id: z.string(),
  sequence: z.number(),
  name: z.string(),
  shortSummary: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  lengthMinutes: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  actionItems: z.array(ActionItemDto),
  attachments: z.array(AttachmentDto),
});
export type SessionDto = z.infer<typeof SessionDto>;

export const PrerequisiteDto = z.object({
  id: z.string(),
  type: z.enum(PrerequisiteType),
  name: z.string(),
  category: z.enum(Category).nullable(),
  requiredWorkoutId: z.string().nullable(),
  minimumScore: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type PrerequisiteDto = z.infer<typeof PrerequisiteDto>;

export const PricingLineDto = z.object({
  id: z.string(),
  name: z.string(),
  priceType: z.enum(PriceType),
  customerAccountId: z.string().nullable(),
  priceGroupId: z.string().nullable(),
  pricingType: z.enum(PricingType),
  onPlan: z.boolean(),
  currency: z.enum(Currency),
  amount: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type PricingLineDto = z.infer<typeof PricingLineDto>;

export const DeliveryPartnerDto = z.object({
  id: z.string(),
  partnerTan: z.string(),
  name: z.string(),
  selectionPercent: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  visibleToPartners: z.boolean(),
  valid: z.boolean(),
});
export type DeliveryPartnerDto = z.infer<typeof DeliveryPartnerDto>;

export const VariantDto = z.object({
  id: z.string(),
  workoutId: z.string(),
  name: z.string(),
  locale: z.enum(Language),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  customPricing: z.boolean(),
  partnerVisibility: z.enum(PartnerVisibility),
  own: z.boolean(),
  pricing: z.array(PricingLineDto),
  deliveryPartners: z.array(DeliveryPartnerDto),
});
export type VariantDto = z.infer<typeof VariantDto>;

export const WorkoutDto = z
  .object({
    id: z.string(),
    own: z.boolean(),
    status: z.enum(LibraryStatus),
    libraryPriority: z.number(),
    name: z.string(),
    sku: z.string(),
    type: z.enum(WorkoutType),
    category: z.enum(Category),
    allowPartnerVariants: z.boolean(),
    totalMinutes: z.number(),
    maxAttendees: z.number(),
    difficulty: z.enum(Difficulty),
    format: z.enum(WorkoutFormat),
    greatFor: z.array(z.enum(WorkoutTag)),
    title: z.string(),
    subtitle: z.string().nullable(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
    featuredMedia: z.array(z.object({ type: z.enum(FeaturedMediaType), url: z.string().optional(), alt: z.string().nullable().optional() })),
    visibility: VisibilityExpression.nullable(),
    partnerVisibility: z.enum(PartnerVisibility),
    priority: z.number(),
    /** The partner's library view only; never in the catalogue. */
    defaultLocation: SessionLocation.nullable(),
    sessions: z.array(SessionDto),
    prerequisites: z.array(PrerequisiteDto),
    pricing: z.array(PricingLineDto),
    deliveryPartners: z.array(DeliveryPartnerDto),
    variants: z.array(VariantDto),
    updatedAt: z.string(),
  })
  .meta({ id: "Workout" });
export type WorkoutDto = z.infer<typeof WorkoutDto>;

export const TanCheck = z.object({ valid: z.boolean(), name: z.string().nullable() });
export type TanCheck = z.infer<typeof TanCheck>;
