import { and, asc, count, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { GroupIdParam, PriceGroupBody, PriceGroupDto } from "../../contract/groups";
import { MESSAGES } from "../../contract/messages";
import { accounts, priceGroups } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { requirePartnerAdmin } from "../identity/context";

export const priceGroupsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
};
const missing = { 404: { description: "Absent or another partner's", schema: ErrorEnvelope } };

type Db = AppEnv["Variables"]["db"];

async function listGroups(db: Db, partnerId: string, id?: string): Promise<PriceGroupDto[]> {
  const rows = await db
    .select({ group: priceGroups, customers: count(accounts.id) })
    .from(priceGroups)
    .leftJoin(accounts, eq(accounts.priceGroupId, priceGroups.id))
    .where(id ? and(eq(priceGroups.accountId, partnerId), eq(priceGroups.id, id)) : eq(priceGroups.accountId, partnerId))
    .groupBy(priceGroups.id)
    .orderBy(asc(priceGroups.name));
  return rows.map(({ group: g, customers }) => ({ id: g.id, name: g.name, description: g.description, customerCount: customers, updatedAt: g.updatedAt }));
}

async function nameTaken(db: Db, partnerId: string, name: string, except?: string) {
  const rows = await db
    .select({ id: priceGroups.id })
    .from(priceGroups)
    .where(and(eq(priceGroups.accountId, partnerId), eq(priceGroups.name, name), except ? ne(priceGroups.id, except) : undefined))
    .limit(1);
  return Boolean(rows[0]);
}

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/price-groups",
    summary: "The partner's price groups, by name",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The groups", schema: PriceGroupDto.array() }, ...errors },
  },
  async (c) => {
    const { account } = await requirePartnerAdmin(c);
    return c.json(await listGroups(c.get("db"), account.id));
  },
);

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/price-groups",
    summary: "Create a price group",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    body: PriceGroupBody,
    responses: { 201: { description: "The group", schema: PriceGroupDto }, ...errors },
  },
  async (c, { body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    if (await nameTaken(db, account.id, body.name)) throw invalid({ name: MESSAGES.alreadyExists });
    const rows = await db.insert(priceGroups).values({ accountId: account.id, name: body.name, description: body.description }).onConflictDoNothing().returning();
    if (!rows[0]) throw invalid({ name: MESSAGES.alreadyExists });
    return c.json((await listGroups(db, account.id, rows[0].id))[0], 201);
  },
);

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/price-groups/{id}",
    summary: "Update a price group",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    body: PriceGroupBody,
    responses: { 200: { description: "The group", schema: PriceGroupDto }, ...errors, ...missing },
  },
  async (c, { params, body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const existing = await listGroups(db, account.id, params.id);
    if (!existing[0]) throw notFound("Price group not found");
    if (await nameTaken(db, account.id, body.name, params.id)) throw invalid({ name: MESSAGES.alreadyExists });
    await db
      .update(priceGroups)
      .set({ name: body.name, description: body.description })
      .where(and(eq(priceGroups.id, params.id), eq(priceGroups.accountId, account.id)));
    return c.json((await listGroups(db, account.id, params.id))[0]);
  },
);

endpoint(
  priceGroupsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/price-groups/{id}",
    summary: "Delete a price group (its customers leave it; its pricing lines go with it)",
    tags: ["price-groups"],
    auth: "partnerAdmin",
    params: GroupIdParam,
    responses: { 204: { description: "Deleted" }, ...errors, ...missing },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const rows = await c
      .get("db")
      .delete(priceGroups)
      .where(and(eq(priceGroups.id, params.id), eq(priceGroups.accountId, account.id)))
      .returning({ id: priceGroups.id });
    if (!rows[0]) throw notFound("Price group not found");
    return c.body(null, 204);
  },
);
