/** A partner's customer price groups; another partner's group is 404, like a missing one. */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PriceGroupBody, PriceGroupDto } from "../../contract/groups";
import { MESSAGES } from "../../contract/messages";
import { accounts, priceGroups } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { audit, type AuditWrite } from "./audit";
import { d1Of, errorText, raw, runBatch } from "./statements";

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

  /** An entry of the partner's own trail about one of its groups. */
  const entry = (groupId: string, code: AuditWrite["code"], from: string | null, to: string | null): AuditWrite => ({
    accountId: partnerId,
    partnerAccountId: partnerId,
    code,
    subjectType: "priceGroup",
    subjectId: groupId,
    userId: scope.user.id,
    change: { kind: "name", from, to },
  });

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
      const id = crypto.randomUUID();
      try {
        await runBatch(
          d1Of(db),
          audit(
            [db.insert(priceGroups).values({ id, accountId: partnerId, name: body.name, description: body.description })],
            entry(id, "priceGroupCreated", null, body.name),
          ),
        );
      } catch (err) {
        // Another group took the name meanwhile (the unique index refuses it): nothing written.
        if (/UNIQUE constraint failed/i.test(errorText(err))) throw invalid({ name: MESSAGES.alreadyExists });
        throw err;
      }
      return get(id);
    },
    async edit(id: string, body: Body) {
      const before = await get(id);
      await assertNameFree(body.name, id);
      await runBatch(
        d1Of(db),
        audit(
          [
            db
              .update(priceGroups)
              .set({ name: body.name, description: body.description })
              .where(and(eq(priceGroups.id, id), eq(priceGroups.accountId, partnerId))),
          ],
          entry(id, "priceGroupEdited", before.name, body.name),
        ),
      );
      return get(id);
    },
    /** Deletes the group: its customers leave it, its pricing lines go with it. */
    async remove(id: string) {
      const before = await get(id);
      await runBatch(
        d1Of(db),
        audit(
          [
            // Each customer in the group leaves it: an entry in that customer's trail.
            raw(sql`INSERT INTO audit_entries (id, account_id, partner_account_id, code, subject_type, subject_id, user_id, data)
              SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6))),
                     a.id, ${partnerId}, 'customerPriceGroupChanged', 'account', a.id, ${scope.user.id},
                     json_object('change', json_object('kind', 'name', 'from', ${before.name}, 'to', NULL))
              FROM accounts a WHERE a.price_group_id = ${id}`),
            db.delete(priceGroups).where(and(eq(priceGroups.id, id), eq(priceGroups.accountId, partnerId))),
          ],
          entry(id, "priceGroupDeleted", before.name, null),
        ),
      );
    },
  };
}
