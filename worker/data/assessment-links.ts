/**
 * Assessment links a partner sends to chosen members of one of its
 * customers: who can be chosen, the links (each bound to its member, as
 * Home would issue it) and their mail, written together.
 */
import { and, asc, eq } from "drizzle-orm";
import { SEND_LINK_MESSAGES, type AssessmentRecipientDto } from "../../contract/assessments";
import type { CategoryFilter } from "../../contract/enums";
import { accountUsers, assessments, type Assessment } from "../../db/schema";
import { LINK_TTL_MS, signLink } from "../domain/assessment";
import type { Db } from "../env";
import type { PartnerAdminScope, PartnerScope } from "../http/endpoint";
import { invalid } from "../http/errors";
import { enqueueMail, storeMail, type MailInput } from "../mail/outbox";
import { claimsOf } from "./assessments";
import { customerOf } from "./customers";

/** The active members of one of the partner's customers, by name, whom it can send an assessment link (404 for anyone else's customer). */
export async function recipientsOf(db: Db, scope: PartnerScope, customerId: string): Promise<AssessmentRecipientDto[]> {
  const customer = await customerOf(db, scope, customerId);
  return db
    .select({ userId: accountUsers.userId, name: accountUsers.name, email: accountUsers.email })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, customer.id), eq(accountUsers.status, "active")))
    .orderBy(asc(accountUsers.name), asc(accountUsers.email));
}

/** A link issued to one member of a customer, with what its mail needs. */
export type MemberLink = { assessment: Assessment; recipient: AssessmentRecipientDto };

/**
 * Issues, for each chosen active member of one of the partner's customers, a
 * link bound to that member and the customer (as the member would get it
 * from Home: only they can take it, and the scores are the customer's). Any
 * id that is not an active member of the customer refuses the whole request
 * (400 on `userIds`, nothing written). The caller mails the links.
 */
export async function issueMemberLinks(
  db: Db,
  scope: PartnerAdminScope,
  customerId: string,
  category: CategoryFilter,
  userIds: readonly string[],
  secret: string,
  now = new Date(),
): Promise<MemberLink[]> {
  const members = await recipientsOf(db, scope, customerId);
  const chosen = [...new Set(userIds)].map((id) => members.find((m) => m.userId === id));
  if (chosen.some((m) => !m)) throw invalid({ userIds: SEND_LINK_MESSAGES.notMember });
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS).toISOString();
  const links: MemberLink[] = [];
  for (const recipient of chosen as AssessmentRecipientDto[]) {
    const row = {
      id: crypto.randomUUID(),
      accountId: customerId,
      partnerAccountId: scope.account.id,
      category,
      status: "pending" as const,
      expiresAt,
      // The user a customer's link is bound to (see claimsOf): the member it is sent to.
      createdByUserId: recipient.userId,
    };
    const token = await signLink(secret, claimsOf({ ...row, token: "", createdAt: "", updatedAt: "" }));
    links.push({ assessment: { ...row, token, createdAt: now.toISOString(), updatedAt: now.toISOString() }, recipient });
  }
  return links;
}

/** Writes issued member links and their mail in one batch (the mail's bodies to `bucket` first): all of them, or nothing. */
export async function saveMemberLinks(db: Db, bucket: R2Bucket, links: readonly MemberLink[], mails: readonly MailInput[]): Promise<void> {
  const stored = await storeMail(bucket, [...mails]);
  const [first, ...rest] = [...links.map((l) => db.insert(assessments).values(l.assessment)), ...stored.map((m) => enqueueMail(db, m))];
  if (first) await db.batch([first, ...rest]);
}
