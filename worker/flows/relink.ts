import { partnerRows } from "../data/partner-numbers";
import { copyCustomer, customerSnapshot, dropCopy, routedPartner, settleLink, switchRouting } from "../data/relink";
import type { RelinkMessage } from "../domain/flows";
import { writesPaused } from "../domain/shard-move";
import type { Db } from "../env";
import { forgetAccountPlacement } from "../tenant/shard";

type Databases = { directory: Db; shard: (name: string) => Db };

/**
 * A customer re-linking to a partner on another shard (worker/data/relink.ts):
 * copy, switch, settle. Run again after any failure it ends in the same
 * state; when another re-link won the switch, the copy is dropped.
 */
export async function relink({ directory, shard }: Databases, m: RelinkMessage): Promise<void> {
  const source = shard(m.from.shard);
  const snapshot = await customerSnapshot(source, m.customerId);
  if (!snapshot) return;
  // The new partner's shard as the directory has it now: a partner moving shard takes no new customer until it has moved (retried).
  const [partner] = await partnerRows(directory, [m.to.partnerId]);
  if (!partner) return;
  if (writesPaused(partner.shardMove)) throw new Error("the new partner is moving to another shard: the re-link waits for it");
  const target = shard(partner.shard ?? m.to.shard);
  // The copy takes the new partner's currency and no price group (linkTerms).
  await copyCustomer(directory, target, snapshot, partner);
  const switched = await switchRouting(directory, m.customerId, m.from.partnerId, { partnerId: partner.id, currency: partner.currency }, m.from.shard);
  // Requests this isolate serves route the customer by the routing row just written.
  forgetAccountPlacement(m.customerId);
  if (switched === "lost") {
    await dropCopy(target, m.customerId);
    return;
  }
  await Promise.all([settleLink(target, m.customerId, partner), settleLink(source, m.customerId, partner)]);
}

/**
 * The compensation once the re-link has failed its last attempt: the routing
 * row goes back to the old partner (if it had switched), both shards name the
 * old partner again, and the copy on the new shard is unlinked and dropped.
 */
export async function undoRelink({ directory, shard }: Databases, m: RelinkMessage): Promise<void> {
  const source = shard(m.from.shard);
  const target = shard(m.to.shard);
  // With the currency it had (the message's: the directory may be the old shard's own database).
  if ((await routedPartner(directory, m.customerId)) === m.to.partnerId)
    await switchRouting(directory, m.customerId, m.to.partnerId, { partnerId: m.from.partnerId, currency: m.from.currency });
  forgetAccountPlacement(m.customerId);
  const [old = null] = m.from.partnerId ? await partnerRows(directory, [m.from.partnerId]) : [];
  await settleLink(source, m.customerId, old);
  await settleLink(target, m.customerId, null);
  await dropCopy(target, m.customerId);
}
