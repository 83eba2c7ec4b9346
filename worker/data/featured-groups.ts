/** A partner's featured groups: titled, dated, ordered lists of workouts of its library. */
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { FeaturedGroupBody, FeaturedGroupDto } from "../../contract/groups";
import { MESSAGES } from "../../contract/messages";
import { featuredGroupItems, featuredGroups, libraryEntries, workouts } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { inList, insertRows } from "./bound";
import { today } from "./query";

type Body = z.output<typeof FeaturedGroupBody>;

async function load(db: Db, partnerId: string, id?: string): Promise<FeaturedGroupDto[]> {
  const groups = await db
    .select()
    .from(featuredGroups)
    .where(id ? and(eq(featuredGroups.accountId, partnerId), eq(featuredGroups.id, id)) : eq(featuredGroups.accountId, partnerId))
    .orderBy(asc(featuredGroups.title));
  if (!groups.length) return [];
  const items = await db
    .select({
      groupId: featuredGroupItems.featuredGroupId,
      workoutId: featuredGroupItems.workoutId,
      sequence: featuredGroupItems.sequence,
      title: workouts.title,
    })
    .from(featuredGroupItems)
    .innerJoin(workouts, eq(workouts.id, featuredGroupItems.workoutId))
    .where(
      inList(
        featuredGroupItems.featuredGroupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(featuredGroupItems.sequence));
  return groups.map((g) => ({
    id: g.id,
    title: g.title,
    subtitle: g.subtitle,
    startDate: g.startDate,
    endDate: g.endDate,
    items: items.filter((i) => i.groupId === g.id).map((i) => ({ workoutId: i.workoutId, title: i.title, sequence: i.sequence })),
    updatedAt: g.updatedAt,
  }));
}

/** Items must be workouts of the partner's library; a changed start date cannot be before today. */
async function check(db: Db, partnerId: string, day: string, body: Body, previous?: { startDate: string | null; endDate: string | null }) {
  const fields: Record<string, string> = {};
  if (body.startDate && body.startDate !== previous?.startDate && body.startDate < day) fields.startDate = MESSAGES.startBeforeToday;
  // A date left out keeps the stored one, so the order is checked on the dates the group will have.
  const start = body.startDate === undefined ? previous?.startDate : body.startDate;
  const end = body.endDate === undefined ? previous?.endDate : body.endDate;
  if (start && end && end < start) fields.endDate = MESSAGES.endBeforeStart;
  const ok = new Set(
    (
      await db
        .select({ id: libraryEntries.workoutId })
        .from(libraryEntries)
        .where(and(eq(libraryEntries.accountId, partnerId), inList(libraryEntries.workoutId, body.workoutIds)))
    ).map((r) => r.id),
  );
  body.workoutIds.forEach((id, i) => {
    if (!ok.has(id)) fields[`workoutIds.${i}`] = "Workout not found";
  });
  if (Object.keys(fields).length) throw invalid(fields);
}

const itemRows = (partnerId: string, groupId: string, ids: string[]) =>
  ids.map((workoutId, i) => ({ accountId: partnerId, featuredGroupId: groupId, workoutId, sequence: i + 1 }));

/** The partner's featured groups; another partner's group is 404, like a missing one. */
export function featuredGroupsOf(db: Db, scope: PartnerScope) {
  const partnerId = scope.account.id;
  const get = async (id: string) => {
    const found = (await load(db, partnerId, id))[0];
    if (!found) throw notFound("Featured group not found");
    return found;
  };
  return {
    list: () => load(db, partnerId),
    get,
    async create(body: Body) {
      await check(db, partnerId, today(), body);
      const id = crypto.randomUUID();
      await db.batch([
        db
          .insert(featuredGroups)
          .values({ id, accountId: partnerId, title: body.title, subtitle: body.subtitle, startDate: body.startDate, endDate: body.endDate }),
        ...insertRows(db, featuredGroupItems, itemRows(partnerId, id, body.workoutIds)),
      ]);
      return get(id);
    },
    async edit(id: string, body: Body) {
      const existing = await get(id);
      await check(db, partnerId, today(), body, existing);
      await db.batch([
        db
          .update(featuredGroups)
          .set({ title: body.title, subtitle: body.subtitle, startDate: body.startDate, endDate: body.endDate })
          .where(and(eq(featuredGroups.id, id), eq(featuredGroups.accountId, partnerId))),
        db.delete(featuredGroupItems).where(eq(featuredGroupItems.featuredGroupId, id)),
        ...insertRows(db, featuredGroupItems, itemRows(partnerId, id, body.workoutIds)),
      ]);
      return get(id);
    },
    async remove(id: string) {
      const rows = await db
        .delete(featuredGroups)
        .where(and(eq(featuredGroups.id, id), eq(featuredGroups.accountId, partnerId)))
        .returning({ id: featuredGroups.id });
      if (!rows[0]) throw notFound("Featured group not found");
    },
  };
}
