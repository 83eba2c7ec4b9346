import { and, asc, eq } from "drizzle-orm";
import { inList } from "./bound";
import { homepageMediaPrefix, type HomepageLayout, type HomepageLayoutDto, type HomepageRow, type HomepageSlot } from "../../contract/homepage";
import { featuredGroups, homepageRows, homepageSlots, libraryEntries, workouts, type NewHomepageSlot } from "../../db/schema";
import type { PartnerAdminScope } from "../http/endpoint";
import type { Db } from "../env";
import { invalid } from "../http/errors";
import { today } from "./query";
import { startsNotBeforeToday } from "../../contract/start-dates";

/**
 * A partner's stored homepage layout and its Homepage Builder (read, check,
 * replace); Home as a reader sees it is in ./homepage-view.ts.
 */

export type StoredRow = typeof homepageRows.$inferSelect;
export type StoredSlot = typeof homepageSlots.$inferSelect;

/** A partner's stored layout as rows with their slots, in order (empty when it has none). */
async function storedLayout(db: Db, partnerId: string): Promise<{ rows: (StoredRow & { slots: StoredSlot[] })[] }> {
  const [rows, slots] = await db.batch(layoutReads(db, partnerId));
  return withSlots(rows, slots);
}

/** The reads of a partner's stored layout (its rows, then its slots, in order), for a batch. */
export const layoutReads = (db: Db, partnerId: string) =>
  [
    db.select().from(homepageRows).where(eq(homepageRows.accountId, partnerId)).orderBy(asc(homepageRows.sequence)),
    db.select().from(homepageSlots).where(eq(homepageSlots.accountId, partnerId)).orderBy(asc(homepageSlots.sequence)),
  ] as const;

/** The stored rows, each with its slots. */
export const withSlots = (rows: StoredRow[], slots: StoredSlot[]) => ({ rows: rows.map((r) => ({ ...r, slots: slots.filter((s) => s.rowId === r.id) })) });

/** A stored slot as the layout's input names it. */
export const slotInputOf = (s: StoredSlot): HomepageSlot => ({
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
