import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { inList } from "./bound";
import type { CatalogueItem } from "../../contract/catalogue";
import { Category } from "../../contract/enums";
import type { HomepageLayout, HomepageRow, HomepageRowView, HomepageSlot, HomepageSlotView, HomepageView, PartnerAttention } from "../../contract/homepage";
import { featuredGroupItems, featuredGroups, jobLines, jobs } from "../../db/schema";
import { catalogueSetReads, visibleCatalogueItems, visibleCatalogueSets } from "./catalogue";
import { layoutReads, slotInputOf, withSlots, type StoredRow, type StoredSlot } from "./homepage";
import { layoutSets, SLOT_WORKOUTS } from "./homepage-workouts";
import { libraryOwner } from "./visibility";
import type { AccountScope } from "../http/endpoint";
import type { Db } from "../env";
import { fileUri } from "../storage/files";
import { batch, inDate, today } from "./query";
import { recommendations, type ScoreSource } from "./recommendations";

/** Home as a reader sees it: the partner's layout with the workouts the catalogue shows this reader, and a partner's attention panel. */

/**
 * What Home reads before it knows which workouts to show, as one batch: the
 * layout, and the partner's featured groups with their items in order (a
 * partner curates a handful; those no slot shows are dropped in code).
 */
const homeReads = (db: Db, partnerId: string) =>
  [
    ...layoutReads(db, partnerId),
    db
      .select({
        id: featuredGroups.id,
        title: featuredGroups.title,
        subtitle: featuredGroups.subtitle,
        startDate: featuredGroups.startDate,
        endDate: featuredGroups.endDate,
      })
      .from(featuredGroups)
      .where(eq(featuredGroups.accountId, partnerId)),
    db
      .select({ groupId: featuredGroupItems.featuredGroupId, workoutId: featuredGroupItems.workoutId })
      .from(featuredGroupItems)
      .where(eq(featuredGroupItems.accountId, partnerId))
      .orderBy(asc(featuredGroupItems.sequence)),
  ] as const;

const IMAGE_URL = /\.(png|jpe?g|gif|webp|avif)(\?.*)?$/i;

function mediaOf(s: HomepageSlot): HomepageSlotView["media"] {
  if (s.itemType !== "media") return null;
  const displayType = s.mediaDisplayType ?? "short";
  if (s.mediaKey) return { kind: "image", url: fileUri(s.mediaKey), displayType };
  if (s.mediaUrl) return { kind: IMAGE_URL.test(new URL(s.mediaUrl).pathname) ? "image" : "video", url: s.mediaUrl, displayType };
  return null;
}

/**
 * The reader's Home in one answer: the homepage of the reader's partner (a
 * customer's) or its own (a partner's members), or the draft a partner's
 * builder previews. Slots outside their dates are left out, and every
 * workout goes through the catalogue's rule for this reader, so a reader
 * never sees on Home what the catalogue would not show it. `scores`: whose decide its recommendations.
 */
export async function homepageView(db: Db, reader: AccountScope, draft?: HomepageLayout, scores: ScoreSource = { mine: true }): Promise<HomepageView> {
  const partnerId = libraryOwner(reader);
  if (!partnerId) return { configured: false, hero: null, rows: [], attention: null };
  const day = today();
  // ONE round trip: the stored layout, the partner's featured groups with their items, for a
  // partner what needs its attention and, unless a draft is previewed, the workouts the stored
  // layout can show (read by the layout's own rows in SQL: catalogueSetReads).
  const head = [...homeReads(db, partnerId), ...(reader.account.type === "partner" ? attentionReads(db, reader.account.id) : [])];
  const shows = draft ? null : catalogueSetReads(db, reader, partnerId, day, layoutSets(partnerId));
  const results = await batch(db, [...head, ...(shows?.statements ?? [])]);
  const [storedRows, storedSlots, groups, groupItemRows, ...counts] = results.slice(0, head.length) as [
    StoredRow[],
    StoredSlot[],
    Awaited<ReturnType<typeof homeReads>[2]>,
    Awaited<ReturnType<typeof homeReads>[3]>,
    ...Count[],
  ];
  const stored = withSlots(storedRows, storedSlots);
  const attention = reader.account.type === "partner" ? attentionOf(counts[0] ?? [], counts[1] ?? [], counts[2] ?? []) : null;
  const layout: { rows: (Omit<HomepageRow, "slots"> & { id: string; slots: (HomepageSlot & { id: string })[] })[] } = draft
    ? { rows: draft.rows.map((r, i) => ({ ...r, id: `draft-${i}`, slots: r.slots.map((s, j) => ({ ...s, id: `draft-${i}-${j}` })) })) }
    : {
        rows: stored.rows.map((r) => ({
          id: r.id,
          isHero: r.isHero,
          type: r.type,
          title: r.title,
          subtitle: r.subtitle,
          slots: r.slots.map((s) => ({ ...slotInputOf(s), id: s.id })),
        })),
      };
  if (layout.rows.length === 0) return { configured: false, hero: null, rows: [], attention };

  const heroSlot = layout.rows.find((r) => r.isHero)?.slots[0];
  const hero = heroSlot?.heroText && inDate(heroSlot, day) ? { heroText: heroSlot.heroText, title: heroSlot.title, subtitle: heroSlot.subtitle } : null;
  const shown = layout.rows
    .filter((r) => !r.isHero && r.type)
    .map((r) => ({ ...r, slots: r.slots.filter((s) => inDate(s, day)) }))
    .filter((r) => r.slots.length > 0);
  const slots = shown.flatMap((r) => r.slots);

  // Featured groups (the partner's own, current today, shown by a slot) and their workouts.
  const groupIds = new Set(slots.flatMap((s) => (s.itemType === "featuredGroup" && s.featuredGroupId ? [s.featuredGroupId] : [])));
  const currentGroups = new Map(groups.filter((g) => groupIds.has(g.id) && inDate(g, day)).map((g) => [g.id, g]));
  const groupItems = groupItemRows.filter((g) => currentGroups.has(g.groupId));
  const recommended = slots.some((s) => s.itemType === "recommended") ? await recommendations(db, partnerId, reader.account, scores) : null;

  // Every named workout through the catalogue's rule; each category once.
  const named = [
    ...new Set([...slots.flatMap((s) => (s.itemType === "workout" || s.itemType === "program" ? s.workoutIds : [])), ...groupItems.map((g) => g.workoutId)]),
  ];
  const categories = [...new Set(slots.flatMap((s) => (s.itemType === "category" && s.category ? [s.category] : [])))];
  const byId = new Map<string, CatalogueItem>();
  const categoryItems = new Map<Category, CatalogueItem[]>();
  if (shows) {
    // Read with the layout: the stored layout's workouts and categories (a superset of what its rows in date show).
    const { rows: found, item } = shows.answer(results.slice(head.length));
    for (const r of found[0] ?? []) byId.set(r.workout.id, item(r));
    Category.forEach((c, i) => categoryItems.set(c, (found[1 + i] ?? []).slice(0, SLOT_WORKOUTS).map(item)));
  } else {
    const [visible = [], ...byCategory] = await visibleCatalogueSets(db, reader, [
      { ids: named },
      ...categories.map((c) => ({ categories: [c], limit: SLOT_WORKOUTS })),
    ]);
    for (const w of visible) byId.set(w.id, w);
    categories.forEach((c, i) => categoryItems.set(c, byCategory[i] ?? []));
  }
  // Recommendations (a customer's weakest categories) are read only when a slot shows them, then go through the rule too.
  if (recommended?.workouts.length) for (const w of await visibleCatalogueItems(db, reader, { ids: recommended.workouts.map((r) => r.id) })) byId.set(w.id, w);
  const pick = (ids: string[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  const rows: HomepageRowView[] = shown
    .map((r) => ({
      id: r.id,
      type: r.type!,
      title: r.title,
      subtitle: r.subtitle,
      slots: r.slots
        .map((s): HomepageSlotView | null => {
          const group = s.itemType === "featuredGroup" && s.featuredGroupId ? currentGroups.get(s.featuredGroupId) : undefined;
          let items: CatalogueItem[] = [];
          if (s.itemType === "workout" || s.itemType === "program") items = pick(s.workoutIds);
          else if (s.itemType === "featuredGroup") items = group ? pick(groupItems.filter((g) => g.groupId === group.id).map((g) => g.workoutId)) : [];
          else if (s.itemType === "category" && s.category) items = categoryItems.get(s.category) ?? [];
          else if (s.itemType === "recommended") items = pick((recommended?.workouts ?? []).map((w) => w.id));
          const media = mediaOf(s);
          if (s.itemType === "media" ? !media : items.length === 0) return null;
          return {
            id: s.id,
            itemType: s.itemType,
            title: s.title ?? group?.title ?? null,
            subtitle: s.subtitle ?? group?.subtitle ?? null,
            category: s.itemType === "category" ? s.category : null,
            featuredGroup: group ? { id: group.id, title: group.title, subtitle: group.subtitle } : null,
            media,
            linkUrl: s.linkUrl,
            workouts: items,
          };
        })
        .filter((s): s is HomepageSlotView => s !== null),
    }))
    .filter((r) => r.slots.length > 0);
  return { configured: true, hero, rows, attention };
}

/** How long a booking request may wait for the partner's confirmation before it is overdue (24 hours). */
const CONFIRM_WITHIN_MS = 24 * 60 * 60 * 1000;

type Count = { n: number }[];
const attentionOf = ([awaiting]: Count, [overdue]: Count, [sessions]: Count): PartnerAttention => ({
  awaitingConfirmation: Number(awaiting?.n ?? 0),
  overdue: Number(overdue?.n ?? 0),
  today: Number(sessions?.n ?? 0),
});

/** A partner's Home: requests to confirm, those waiting longer than a day, and sessions scheduled today. The three counts of a partner's attention panel, as statements of a batch. */
function attentionReads(db: Db, partnerId: string) {
  const ours = or(eq(jobs.partnerAccountId, partnerId), eq(jobs.deliveryPartnerAccountId, partnerId));
  const overdueBefore = new Date(Date.now() - CONFIRM_WITHIN_MS).toISOString();
  const day = today();
  return [
    db
      .select({ n: sql<number>`count(*)` })
      .from(jobs)
      .where(and(ours, eq(jobs.status, "awaitingConfirmation"))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(jobs)
      .where(and(ours, eq(jobs.status, "awaitingConfirmation"), lt(jobs.updatedAt, overdueBefore))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(jobLines)
      .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
      .where(and(ours, inList(jobs.status, ["confirmed", "inProgress"]), sql`substr(${jobLines.scheduledAt}, 1, 10) = ${day}`)),
  ] as const;
}
