import { and, asc, eq } from "drizzle-orm";
import { inList, insertRows } from "../data/bound";
import { Hono } from "hono";
import type { z } from "zod";
import { ErrorEnvelope } from "../../contract/errors";
import { FeaturedGroupBody, FeaturedGroupDto, GroupIdParam } from "../../contract/groups";
import { MESSAGES } from "../../contract/messages";
import { featuredGroupItems, featuredGroups, libraryEntries, workouts } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { requirePartnerAdmin } from "../identity/context";
import { today } from "./workouts";

export const featuredGroupsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
};
const missing = { 404: { description: "Absent or another partner's", schema: ErrorEnvelope } };

type Db = AppEnv["Variables"]["db"];
type Body = z.output<typeof FeaturedGroupBody>;

async function load(db: Db, partnerId: string, id?: string): Promise<FeaturedGroupDto[]> {
  const groups = await db
    .select()
    .from(featuredGroups)
    .where(id ? and(eq(featuredGroups.accountId, partnerId), eq(featuredGroups.id, id)) : eq(featuredGroups.accountId, partnerId))
    .orderBy(asc(featuredGroups.title));
  if (!groups.length) return [];
  const items = await db
    .select({ groupId: featuredGroupItems.featuredGroupId, workoutId: featuredGroupItems.workoutId, sequence: featuredGroupItems.sequence, title: workouts.title })
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
async function check(db: Db, partnerId: string, body: Body, previous?: { startDate: string | null; endDate: string | null }) {
  const fields: Record<string, string> = {};
  if (body.startDate && body.startDate !== previous?.startDate && body.startDate < today()) fields.startDate = MESSAGES.startBeforeToday;
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

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/featured-groups",
    summary: "The partner's featured groups with their ordered items",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The groups", schema: FeaturedGroupDto.array() }, ...errors },
  },
  async (c) => {
    const { account } = await requirePartnerAdmin(c);
    return c.json(await load(c.get("db"), account.id));
  },
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/featured-groups/{id}",
    summary: "One featured group",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    responses: { 200: { description: "The group", schema: FeaturedGroupDto }, ...errors, ...missing },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const found = (await load(c.get("db"), account.id, params.id))[0];
    if (!found) throw notFound("Featured group not found");
    return c.json(found);
  },
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/featured-groups",
    summary: "Create a featured group (at least one workout)",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    body: FeaturedGroupBody,
    responses: { 201: { description: "The group", schema: FeaturedGroupDto }, ...errors },
  },
  async (c, { body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    await check(db, account.id, body);
    const id = crypto.randomUUID();
    await db.batch([
      db.insert(featuredGroups).values({ id, accountId: account.id, title: body.title, subtitle: body.subtitle, startDate: body.startDate, endDate: body.endDate }),
      ...insertRows(db, featuredGroupItems, itemRows(account.id, id, body.workoutIds)),
    ]);
    return c.json((await load(db, account.id, id))[0], 201);
  },
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/featured-groups/{id}",
    summary: "Update a featured group: details, dates and the ordered items",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    body: FeaturedGroupBody,
    responses: { 200: { description: "The group", schema: FeaturedGroupDto }, ...errors, ...missing },
  },
  async (c, { params, body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const existing = (await load(db, account.id, params.id))[0];
    if (!existing) throw notFound("Featured group not found");
    await check(db, account.id, body, existing);
    await db.batch([
      db
        .update(featuredGroups)
        .set({ title: body.title, subtitle: body.subtitle, startDate: body.startDate, endDate: body.endDate })
        .where(and(eq(featuredGroups.id, params.id), eq(featuredGroups.accountId, account.id))),
      db.delete(featuredGroupItems).where(eq(featuredGroupItems.featuredGroupId, params.id)),
      ...insertRows(db, featuredGroupItems, itemRows(account.id, params.id, body.workoutIds)),
    ]);
    return c.json((await load(db, account.id, params.id))[0]);
  },
);

endpoint(
  featuredGroupsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/featured-groups/{id}",
    summary: "Delete a featured group",
    tags: ["featured-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    responses: { 204: { description: "Deleted" }, ...errors, ...missing },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const rows = await c
      .get("db")
      .delete(featuredGroups)
      .where(and(eq(featuredGroups.id, params.id), eq(featuredGroups.accountId, account.id)))
      .returning({ id: featuredGroups.id });
    if (!rows[0]) throw notFound("Featured group not found");
    return c.body(null, 204);
  },
);
