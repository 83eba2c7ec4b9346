/** A partner's customer price groups; another partner's group is 404, like a missing one. */
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { PriceGroupBody, PriceGroupDto } from "../../contract/groups";
import { MESSAGES } from "../../contract/messages";
import { accounts, priceGroups } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";

type Body = z.output<typeof PriceGroupBody>;

export function priceGroupsOf(db: Db, scope: PartnerScope) {
  const partnerId = scope.account.id;

  async function list(id?: string): Promise<PriceGroupDto[]> {
    const rows = await db
      .select({ group: priceGroups, customers: count(accounts.id) })
      .from(priceGroups)
      .leftJoin(accounts, eq(accounts.priceGroupId, priceGroups.id))
      .where(id ? and(eq(priceGroups.accountId, partnerId), eq(priceGroups.id, id)) : eq(priceGroups.accountId, partnerId))
      .groupBy(priceGroups.id)
      .orderBy(asc(priceGroups.name));
    return rows.map(({ group: g, customers }) => ({ id: g.id, name: g.name, description: g.description, customerCount: customers, updatedAt: g.updatedAt }));
  }

  async function get(id: string): Promise<PriceGroupDto> {
    const found = (await list(id))[0];
    if (!found) throw notFound("Price group not found");
    return found;
  }

  /** A name another group of the partner has: 400 on `name`. */
  async function assertNameFree(name: string, except?: string) {
    const rows = await db
      .select({ id: priceGroups.id })
      .from(priceGroups)
      .where(and(eq(priceGroups.accountId, partnerId), eq(priceGroups.name, name), except ? ne(priceGroups.id, except) : undefined))
      .limit(1);
    if (rows[0]) throw invalid({ name: MESSAGES.alreadyExists });
  }

  return {
    list: () => list(),
    get,
    async create(body: Body) {
      await assertNameFree(body.name);
      const rows = await db
        .insert(priceGroups)
        .values({ accountId: partnerId, name: body.name, description: body.description })
        .onConflictDoNothing()
        .returning();
      if (!rows[0]) throw invalid({ name: MESSAGES.alreadyExists });
      return get(rows[0].id);
    },
    async edit(id: string, body: Body) {
      await get(id);
      await assertNameFree(body.name, id);
      await db
        .update(priceGroups)
        .set({ name: body.name, description: body.description })
        .where(and(eq(priceGroups.id, id), eq(priceGroups.accountId, partnerId)));
      return get(id);
    },
    /** Deletes the group: its customers leave it, its pricing lines go with it. */
    async remove(id: string) {
      const rows = await db
        .delete(priceGroups)
        .where(and(eq(priceGroups.id, id), eq(priceGroups.accountId, partnerId)))
        .returning({ id: priceGroups.id });
      if (!rows[0]) throw notFound("Price group not found");
    },
  };
}
