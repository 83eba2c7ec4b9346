import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { inList } from "./bound";
import type { CatalogueItem } from "../../contract/catalogue";
import { Category } from "../../contract/enums";
import {
  homepageMediaPrefix,
  type HomepageLayout,
  type HomepageLayoutDto,
  type HomepageRow,
  type HomepageRowView,
  type HomepageSlot,
  type HomepageSlotView,
  type HomepageView,
  type PartnerAttention,
} from "../../contract/homepage";
import {
  featuredGroupItems,
  featuredGroups,
  homepageRows,
  homepageSlots,
  jobLines,
  jobs,
  libraryEntries,
  workouts,
  type NewHomepageSlot,
} from "../../db/schema";
import { catalogueSetReads, visibleCatalogueItems, visibleCatalogueSets } from "./catalogue";
import { layoutSets, SLOT_WORKOUTS } from "./homepage-workouts";
import { libraryOwner } from "./visibility";
import type { AccountScope, PartnerAdminScope } from "../http/endpoint";
import type { Db } from "../env";
import { invalid } from "../http/errors";
import { fileUri } from "../storage/files";
import { batch, inDate, today } from "./query";
import { recommendations, type ScoreSource } from "./recommendations";
import { startsNotBeforeToday } from "../../contract/start-dates";

type StoredRow = typeof homepageRows.$inferSelect;
type StoredSlot = typeof homepageSlots.$inferSelect;

/** A partner's stored layout as rows with their slots, in order (empty when it has none). */
async function storedLayout(db: Db, partnerId: string): Promise<{ rows: (StoredRow & { slots: StoredSlot[] })[] }> {
  const [rows, slots] = await db.batch(layoutReads(db, partnerId));
  return withSlots(rows, slots);
}

const layoutReads = (db: Db, partnerId: string) =>
  [
    db.select().from(homepageRows).where(eq(homepageRows.accountId, partnerId)).orderBy(asc(homepageRows.sequence)),
    db.select().from(homepageSlots).where(eq(homepageSlots.accountId, partnerId)).orderBy(asc(homepageSlots.sequence)),
  ] as const;

const withSlots = (rows: StoredRow[], slots: StoredSlot[]) => ({ rows: rows.map((r) => ({ ...r, slots: slots.filter((s) => s.rowId === r.id) })) });

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

const slotInputOf = (s: StoredSlot): HomepageSlot => ({
  itemType: s.itemType,
  category: s.category,
  featuredGroupId: s.featuredGroupId,
  workoutIds: s.workoutIds,
  mediaKey: s.mediaKey,
  mediaUrl: s.mediaUrl,
  mediaDisplayType: s.mediaDisplayType,
  heroText: s.heroText,
  title: s.title,
  subtitle: s.subtitle,
  linkUrl: s.linkUrl,
  startDate: s.startDate,
  endDate: s.endDate,
});

/**
 * The Homepage Builder's side: a partner's owners and admins read and replace
 * their own layout, and nothing else (every query is by the scope's account).
 */
export function homepageOf(db: Db, scope: PartnerAdminScope) {
  const partnerId = scope.account.id;
  return {
    /** The stored layout, with the titles of the workouts and featured groups it names. */
    async layout(): Promise<HomepageLayoutDto> {
      const { rows } = await storedLayout(db, partnerId);
      const workoutIds = [...new Set(rows.flatMap((r) => r.slots.flatMap((s) => s.workoutIds)))];
      const groupIds = [...new Set(rows.flatMap((r) => r.slots.flatMap((s) => (s.featuredGroupId ? [s.featuredGroupId] : []))))];
      const [ws, gs] = await Promise.all([
        workoutIds.length
          ? db
              .select({ id: workouts.id, title: workouts.title })
              .from(libraryEntries)
              .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
              .where(and(eq(libraryEntries.accountId, partnerId), inList(workouts.id, workoutIds)))
          : [],
        groupIds.length
          ? db
              .select({ id: featuredGroups.id, title: featuredGroups.title })
              .from(featuredGroups)
              .where(and(eq(featuredGroups.accountId, partnerId), inList(featuredGroups.id, groupIds)))
          : [],
      ]);
      const updated = rows.map((r) => r.updatedAt).sort();
      return {
        configured: rows.length > 0,
        rows: rows.map((r) => ({
          id: r.id,
          isHero: r.isHero,
          type: r.type,
          title: r.title,
          subtitle: r.subtitle,
          slots: r.slots.map(slotInputOf),
        })),
        names: Object.fromEntries([...ws, ...gs].map((x) => [x.id, x.title])),
        updatedAt: updated[updated.length - 1] ?? null,
      };
    },

    /**
     * What the rules in contract/ cannot know: every workout is in this
     * partner's library, every featured group and uploaded image is its own,
     * and a slot's start is not before today unless the stored layout
     * already has it. Throws 400 with the failing fields.
     */
    async check(layout: HomepageLayout): Promise<void> {
      const fields: Record<string, string> = {};
      const workoutIds = [...new Set(layout.rows.flatMap((r) => r.slots.flatMap((s) => s.workoutIds)))];
      const groupIds = [...new Set(layout.rows.flatMap((r) => r.slots.flatMap((s) => (s.featuredGroupId ? [s.featuredGroupId] : []))))];
      const [ws, gs, stored] = await Promise.all([
        workoutIds.length
          ? db
              .select({ id: libraryEntries.workoutId })
              .from(libraryEntries)
              .where(and(eq(libraryEntries.accountId, partnerId), inList(libraryEntries.workoutId, workoutIds)))
          : [],
        groupIds.length
          ? db
              .select({ id: featuredGroups.id })
              .from(featuredGroups)
              .where(and(eq(featuredGroups.accountId, partnerId), inList(featuredGroups.id, groupIds)))
          : [],
        db.selectDistinct({ startDate: homepageSlots.startDate }).from(homepageSlots).where(eq(homepageSlots.accountId, partnerId)),
      ]);
      // A new or changed start is not before today; a start the stored layout already has is kept (a window from the past stays editable).
      const keptStarts = new Set(stored.flatMap((s) => (s.startDate ? [s.startDate] : [])));
      const day = today();
      layout.rows.forEach((row, i) => startsNotBeforeToday(row.slots, keptStarts, `rows.${i}.slots`, day, fields));
      const okWorkouts = new Set(ws.map((w) => w.id));
      const okGroups = new Set(gs.map((g) => g.id));
      layout.rows.forEach((row, i) =>
        row.slots.forEach((slot, j) => {
          const at = `rows.${i}.slots.${j}`;
          slot.workoutIds.forEach((id, k) => {
            if (!okWorkouts.has(id)) fields[`${at}.workoutIds.${k}`] = "Workout not found";
          });
          if (slot.featuredGroupId && !okGroups.has(slot.featuredGroupId)) fields[`${at}.featuredGroupId`] = "Featured group not found";
          if (slot.mediaKey && !slot.mediaKey.startsWith(homepageMediaPrefix(partnerId))) fields[`${at}.mediaKey`] = "Media not found";
        }),
      );
      if (Object.keys(fields).length) throw invalid(fields);
    },

    /** Replaces the whole layout in one batch: every old row and slot goes, the new ones come, or nothing changes. */
    async replace(layout: HomepageLayout): Promise<void> {
      const now = new Date().toISOString();
      const placed = layout.rows.map((r, i) => ({
        r,
        row: {
          id: crypto.randomUUID(),
          accountId: partnerId,
          sequence: i,
          isHero: r.isHero,
          type: r.isHero ? null : r.type,
          title: r.isHero ? null : r.title,
          subtitle: r.isHero ? null : r.subtitle,
          createdAt: now,
          updatedAt: now,
        },
      }));
      const rowValues = placed.map((p) => p.row);
      const slotValues: NewHomepageSlot[] = placed.flatMap(({ r, row }) =>
        r.slots.map((s, j) => ({
          id: crypto.randomUUID(),
          accountId: partnerId,
          rowId: row.id,
          sequence: j + 1,
          ...storedSlot(s, r),
          createdAt: now,
          updatedAt: now,
        })),
      );
      // One statement per row and slot: D1 binds at most 100 values per statement, and a slot has 19.
      await db.batch([
        db.delete(homepageSlots).where(eq(homepageSlots.accountId, partnerId)),
        db.delete(homepageRows).where(eq(homepageRows.accountId, partnerId)),
        ...rowValues.map((r) => db.insert(homepageRows).values(r)),
        ...slotValues.map((v) => db.insert(homepageSlots).values(v)),
      ]);
    },
  };
}

/** Keeps only the fields a slot's type uses, so a changed type leaves nothing stale behind. */
function storedSlot(s: HomepageSlot, row: HomepageRow) {
  const t = s.itemType;
  return {
    itemType: t,
    category: t === "category" ? s.category : null,
    featuredGroupId: t === "featuredGroup" ? s.featuredGroupId : null,
    workoutIds: t === "workout" || t === "program" ? s.workoutIds : [],
    mediaKey: t === "media" ? s.mediaKey : null,
    mediaUrl: t === "media" ? s.mediaUrl : null,
    mediaDisplayType: t === "media" ? s.mediaDisplayType : null,
    heroText: row.isHero ? s.heroText : null,
    title: s.title,
    subtitle: s.subtitle,
    linkUrl: s.linkUrl,
    startDate: s.startDate,
    endDate: s.endDate,
  };
}

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
