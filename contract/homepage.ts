import { z } from "zod";
import { CatalogueItem } from "./catalogue";
import { Category, HomepageRowType, MediaDisplayType, SlotItemType } from "./enums";
import { enumOf, optionalLine, optionalText, uuid } from "./forms";
import { MESSAGES } from "./messages";
import { onePlaceEach } from "./positions";
import { optionalHttpUrl } from "./forms";
import { optionalDate } from "./workouts";
import { ScoreSummaryDto } from "./scores";

/**
 * A partner's homepage (Homepage Builder: its row and slot types and
 * their rules). The layout is sent and stored whole: the hero row first (exactly
 * one, with exactly one slot carrying the hero text), then the rows in order.
 * The same rules run in the builder and in the Worker.
 */

/** How many slots each row type holds, and which slot types it takes. */
export const ROW_CAPACITY: Record<HomepageRowType, number> = {
  carouselSingle: 1,
  carouselDouble: 2,
  featuredCard: 1,
  mediaSingle: 1,
  mediaDouble: 2,
};
export const isMediaRow = (type: HomepageRowType) => type === "mediaSingle" || type === "mediaDouble";
/** The list as a non-empty one (checked once, where it is built). */
function nonEmpty<T>(items: readonly T[]): readonly [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error("expected at least one item");
  return [first, ...rest];
}
const CONTENT_SLOT_TYPES = nonEmpty(SlotItemType.filter((s) => s !== "media"));
/** The slot types a row of this type offers (at least one; a new slot starts as the first). */
export const slotTypesFor = (type: HomepageRowType): readonly [SlotItemType, ...SlotItemType[]] => (isMediaRow(type) ? ["media"] : CONTENT_SLOT_TYPES);

/** Where uploaded homepage media live in R2 (served by /files like the branding images). */
export const homepageMediaPrefix = (accountId: string) => `public/homepage/${accountId}/`;

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.null()])
    .optional()
    .transform((v) => v ?? null);

export const HomepageSlotInput = z.object({
  itemType: enumOf(SlotItemType),
  category: nullableEnum(Category),
  featuredGroupId: z
    .union([uuid, z.null()])
    .optional()
    .transform((v) => v ?? null),
  /** Workouts of 'workout' and 'program' slots, in order. */
  workoutIds: z
    .array(uuid)
    .max(24, MESSAGES.invalidQuantity)
    .default([])
    .superRefine(onePlaceEach((id) => id)),
  /** An uploaded image (R2 key from the media upload). */
  mediaKey: z
    .union([z.string().max(300), z.null()])
    .optional()
    .transform((v) => v || null),
  /** A video (or image) link. */
  mediaUrl: optionalHttpUrl,
  mediaDisplayType: nullableEnum(MediaDisplayType),
  heroText: optionalText(160),
  title: optionalLine(120),
  subtitle: optionalText(300),
  linkUrl: optionalHttpUrl,
  startDate: optionalDate,
  endDate: optionalDate,
});
export type HomepageSlotInput = z.input<typeof HomepageSlotInput>;
export type HomepageSlot = z.output<typeof HomepageSlotInput>;

export const HomepageRowInput = z.object({
  isHero: z.boolean().default(false),
  type: nullableEnum(HomepageRowType),
  title: optionalLine(120),
  subtitle: optionalText(300),
  slots: z.array(HomepageSlotInput).max(10, MESSAGES.invalidQuantity),
});
export type HomepageRowInput = z.input<typeof HomepageRowInput>;
export type HomepageRow = z.output<typeof HomepageRowInput>;

/** The layout's shape without its rules: what the builder's live preview sends. */
export const HomepageLayoutShape = z.object({ rows: z.array(HomepageRowInput).max(30, MESSAGES.invalidQuantity) });
export type HomepageLayout = z.output<typeof HomepageLayoutShape>;

export type LayoutIssue = { path: (string | number)[]; message: string };

/** The rules of one slot (not the hero's), by its type. */
function slotIssues(slot: HomepageSlot, at: (string | number)[], rowType: HomepageRowType | null): LayoutIssue[] {
  const out: LayoutIssue[] = [];
  const add = (field: string, message: string) => out.push({ path: [...at, field], message });
  if (rowType && !slotTypesFor(rowType).includes(slot.itemType)) add("itemType", MESSAGES.required);
  switch (slot.itemType) {
    case "category":
      if (!slot.category) add("category", MESSAGES.categoryRequired);
      break;
    case "featuredGroup":
      if (!slot.featuredGroupId) add("featuredGroupId", MESSAGES.slotNeedsItem);
      break;
    case "workout":
    case "program":
      if (slot.workoutIds.length === 0) add("workoutIds", MESSAGES.slotNeedsItem);
      break;
    case "media":
      if (!slot.mediaKey && !slot.mediaUrl) add("mediaUrl", MESSAGES.required);
      if (!slot.mediaDisplayType) add("mediaDisplayType", MESSAGES.required);
      break;
    case "recommended":
      break;
  }
  out.push(...dateIssues(slot, at));
  return out;
}

function dateIssues(slot: HomepageSlot, at: (string | number)[]): LayoutIssue[] {
  if (slot.endDate && !slot.startDate) return [{ path: [...at, "startDate"], message: MESSAGES.startDateRequired }];
  if (slot.startDate && slot.endDate && slot.endDate <= slot.startDate) return [{ path: [...at, "endDate"], message: MESSAGES.endAfterStart }];
  return [];
}

/**
 * Every rule for the homepage builder, as a list of issues with
 * the path of the field each belongs to (empty when the layout is valid):
 * the hero row first and only once, with exactly one slot and its hero text;
 * at least one row after it; each row with a type, a title and a subtitle and
 * between one slot and its type's capacity; each slot with what its type
 * needs (a category, at least one workout or a featured group, or media);
 * a start date when an end date is set, and the end after the start.
 */
export function homepageIssues(layout: HomepageLayout): LayoutIssue[] {
  const out: LayoutIssue[] = [];
  const { rows } = layout;
  const heroes = rows.flatMap((r, i) => (r.isHero ? [i] : []));
  const [firstHero] = heroes;
  if (firstHero === undefined) out.push({ path: ["rows"], message: MESSAGES.heroRowFixed });
  else if (firstHero !== 0) out.push({ path: ["rows", firstHero], message: MESSAGES.heroRowFixed });
  for (const i of heroes.slice(1)) out.push({ path: ["rows", i], message: MESSAGES.oneHeroSlot });
  if (rows.filter((r) => !r.isHero).length === 0) out.push({ path: ["rows"], message: MESSAGES.atLeastOneRow });
  rows.forEach((row, i) => {
    const at = ["rows", i];
    if (row.isHero) {
      if (row.slots.length !== 1) out.push({ path: [...at, "slots"], message: MESSAGES.oneHeroSlot });
      const slot = row.slots[0];
      if (slot && !slot.heroText) out.push({ path: [...at, "slots", 0, "heroText"], message: MESSAGES.heroTextRequired });
      if (slot) out.push(...dateIssues(slot, [...at, "slots", 0]));
      return;
    }
    out.push(...rowIssues(row, at));
  });
  return out;
}

/**
 * The rules of a row other than the hero (part of homepageIssues): a type,
 * a title and a subtitle, between one slot and its type's capacity, and
 * each slot with what its type needs; paths start at `at`.
 */
export function rowIssues(row: HomepageRow, at: (string | number)[] = []): LayoutIssue[] {
  const out: LayoutIssue[] = [];
  if (!row.type) out.push({ path: [...at, "type"], message: MESSAGES.required });
  if (!row.title) out.push({ path: [...at, "title"], message: MESSAGES.titleRequired });
  if (!row.subtitle) out.push({ path: [...at, "subtitle"], message: MESSAGES.subtitleRequired });
  if (row.slots.length === 0) out.push({ path: [...at, "slots"], message: MESSAGES.slotNeedsItem });
  else if (row.type && row.slots.length > ROW_CAPACITY[row.type]) out.push({ path: [...at, "slots"], message: MESSAGES.invalidQuantity });
  row.slots.forEach((slot, j) => out.push(...slotIssues(slot, [...at, "slots", j], row.type)));
  return out;
}

/** One row other than the hero with its rules: what the builder's row dialog checks before the row joins the layout. */
export const HomepageRowRules = HomepageRowInput.superRefine((row, ctx) => {
  for (const issue of rowIssues(row)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});

/** The layout a partner saves: its shape and every rule above (400 with the fields that fail). */
export const HomepageLayoutBody = HomepageLayoutShape.superRefine((layout, ctx) => {
  for (const issue of homepageIssues(layout)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}).meta({ id: "HomepageLayoutInput" });
export type HomepageLayoutBody = z.input<typeof HomepageLayoutBody>;

/** The partner's stored layout for the builder, with the names of the workouts and groups it refers to. */
export const HomepageLayoutDto = z
  .object({
    configured: z.boolean(),
    rows: z.array(HomepageRowInput.extend({ id: z.string() })),
    names: z.record(z.string(), z.string()),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "HomepageLayout" });
export type HomepageLayoutDto = z.infer<typeof HomepageLayoutDto>;

// ─── The Home view ──────────────────────────────────────────────────────────

export const HomepageSlotView = z.object({
  id: z.string(),
  itemType: z.enum(SlotItemType),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  category: z.enum(Category).nullable(),
  featuredGroup: z.object({ id: z.string(), title: z.string(), subtitle: z.string().nullable() }).nullable(),
  media: z.object({ kind: z.enum(["image", "video"]), url: z.string(), displayType: z.enum(MediaDisplayType) }).nullable(),
  linkUrl: z.string().nullable(),
  /** The workouts the reader may see, in the slot's order. */
  workouts: z.array(CatalogueItem),
});
export type HomepageSlotView = z.infer<typeof HomepageSlotView>;

export const HomepageRowView = z.object({
  id: z.string(),
  type: z.enum(HomepageRowType),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  slots: z.array(HomepageSlotView),
});
export type HomepageRowView = z.infer<typeof HomepageRowView>;

/** What a partner's own Home points out: booking requests to confirm, overdue ones, today's sessions. */
export const PartnerAttention = z.object({ awaitingConfirmation: z.number(), overdue: z.number(), today: z.number() });
export type PartnerAttention = z.infer<typeof PartnerAttention>;

/** The reader's Home: the partner's homepage in one answer (rows with their visible items). */
export const HomepageView = z
  .object({
    /** False when the partner has not set up its homepage (or the customer has no partner). */
    configured: z.boolean(),
    hero: z.object({ heroText: z.string(), title: z.string().nullable(), subtitle: z.string().nullable() }).nullable(),
    rows: z.array(HomepageRowView),
    /** Only for a partner's own members. */
    attention: PartnerAttention.nullable(),
  })
  .meta({ id: "HomepageView" });
export type HomepageView = z.infer<typeof HomepageView>;

/** How many of the partner's highest-ranked workouts Home's "top picks" row shows. */
export const TOP_PICKS = 3;

/**
 * The builder's preview as one of the partner's customers (read-only): the
 * draft's Home and what Home shows above the hero (score summary, credit
 * balance, top picks), all as that customer would see them.
 */
export const HomepageCustomerPreview = z
  .object({
    customer: z.object({ id: z.string(), name: z.string() }),
    home: HomepageView,
    summary: ScoreSummaryDto,
    /** The credits the customer's Home shows as "workouts remaining". */
    balance: z.number(),
    topPicks: z.array(CatalogueItem),
  })
  .meta({ id: "HomepageCustomerPreview" });
export type HomepageCustomerPreview = z.infer<typeof HomepageCustomerPreview>;

export const HomepageMediaDto = z.object({ key: z.string(), url: z.string() }).meta({ id: "HomepageMedia" });
export type HomepageMediaDto = z.infer<typeof HomepageMediaDto>;
