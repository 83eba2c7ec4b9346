/**
 * The mailed links of the embedded identity provider (address confirmation
 * and password reset) and the credential they lead to, as stored in its
 * tables.
 *
 * A confirmation link is better-auth's signed token, which by itself stays
 * valid until it expires; it is honoured here only while its record exists
 * (`email-confirmation:<sha-256 of the token>` → user id). A reset link is
 * better-auth's own record (`reset-password:<token>` → user id). Every change
 * of the credential, and every confirmation, voids both kinds for that user
 * (docs/decisions/2026-11-26-confirmation-proves-the-credential.md).
 */
import { and, asc, eq, like, lt, or, sql, type SQL } from "drizzle-orm";
import { authAccounts, authSessions, authUsers, authVerifications } from "../../db/schema";
import type { Db } from "../env";
import { inList, MAX_BOUND } from "./bound";

const CONFIRMATION = "email-confirmation:";
const RESET = "reset-password:";
/** The partner whose domain an address was last signed up on (`signup-partner:<address>` → partner id). */
export const SIGNUP_PARTNER = "signup-partner:";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Marks a session made on a partner's domain as that partner's: it acts only
 * for the partner and its customers (worker/identity/tokens.ts reads it as the
 * session's partner scope).
 */
export async function bindSessionToPartner(db: Db, sessionId: string, partnerId: string): Promise<void> {
  await db.update(authSessions).set({ partnerAccountId: partnerId }).where(eq(authSessions.id, sessionId));
}

/** Keeps a confirmation link just mailed to `userId` usable until `expiresAt`. */
export async function recordConfirmationLink(db: Db, userId: string, token: string, expiresAt: Date): Promise<void> {
  const now = new Date();
  await db
    .insert(authVerifications)
    .values({ id: crypto.randomUUID(), identifier: `${CONFIRMATION}${await sha256(token)}`, value: userId, expiresAt, createdAt: now, updatedAt: now });
}

/** Whether this confirmation link of `userId` was mailed and is neither voided nor expired. */
export async function confirmationLinkLive(db: Db, userId: string, token: string): Promise<boolean> {
  const rows = await db
    .select({ expiresAt: authVerifications.expiresAt })
    .from(authVerifications)
    .where(and(eq(authVerifications.identifier, `${CONFIRMATION}${await sha256(token)}`), eq(authVerifications.value, userId)))
    .limit(1);
  return rows.some((r) => r.expiresAt.getTime() > Date.now());
}

/** Every outstanding confirmation and reset link of the user (while `when` holds, if given). */
const linksOf = (db: Db, userId: string, when?: SQL) =>
  db
    .delete(authVerifications)
    .where(
      and(
        eq(authVerifications.value, userId),
        or(like(authVerifications.identifier, `${CONFIRMATION}%`), like(authVerifications.identifier, `${RESET}%`)),
        when,
      ),
    );

/** Voids every outstanding confirmation and reset link of the user (after any change of the credential). */
export async function voidLinks(db: Db, userId: string): Promise<void> {
  await linksOf(db, userId);
}

/**
 * A sign-up over an address that is still unconfirmed: the new password and
 * name replace the earlier ones, the user's sessions end and its earlier
 * links are void, in one batch.
 */
export async function replaceUnconfirmedCredential(db: Db, userId: string, name: string, passwordHash: string): Promise<void> {
  const now = new Date();
  await db.batch([
    linksOf(db, userId),
    db.delete(authSessions).where(eq(authSessions.userId, userId)),
    db
      .update(authAccounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential"))),
    db
      .update(authUsers)
      .set({ name, updatedAt: now })
      .where(and(eq(authUsers.id, userId), eq(authUsers.emailVerified, false))),
  ]);
}

/**
 * An invite's sign-up over an address that is still unconfirmed (the invite
 * proves it): the new password and name replace the earlier ones, the user's
 * sessions end, its earlier links are void and the address is confirmed, in
 * one batch that does all of it only while the address is still unconfirmed.
 * True when this call took it over; false when it was confirmed already (a
 * sign-up of the same invite at the same moment that came first), which then
 * changes nothing.
 */
export async function takeOverUnconfirmed(db: Db, userId: string, name: string, passwordHash: string): Promise<boolean> {
  const now = new Date();
  const unconfirmed = and(eq(authUsers.id, userId), eq(authUsers.emailVerified, false));
  const still = sql`exists (select 1 from ${authUsers} where ${unconfirmed})`;
  const [, , , taken] = await db.batch([
    linksOf(db, userId, still),
    db.delete(authSessions).where(and(eq(authSessions.userId, userId), still)),
    db
      .update(authAccounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential"), still)),
    // Last: the statements before it read the address as still unconfirmed.
    db.update(authUsers).set({ name, emailVerified: true, updatedAt: now }).where(unconfirmed).returning({ id: authUsers.id }),
  ]);
  return taken.length > 0;
}

/**
 * The address is confirmed together with the credential presented: the user
 * becomes verified, any session made before ends and every outstanding link
 * is void, in one batch.
 */
export async function confirmAddress(db: Db, userId: string): Promise<void> {
  await db.batch([
    db.update(authUsers).set({ emailVerified: true, updatedAt: new Date() }).where(eq(authUsers.id, userId)),
    db.delete(authSessions).where(eq(authSessions.userId, userId)),
    linksOf(db, userId),
  ]);
}

/** A password reset proved the address: verified, and every other outstanding link of the user void. */
export async function afterPasswordReset(db: Db, userId: string): Promise<void> {
  await db.batch([
    db
      .update(authUsers)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(authUsers.id, userId), eq(authUsers.emailVerified, false))),
    linksOf(db, userId),
  ]);
}

/**
 * Remembers on whose domain `email` was just signed up (a partner's id, or
 * null for the main domain, which forgets it), for as long as an unconfirmed
 * sign-up lives: the mail sent to that still unconfirmed address from the
 * main domain later (a sign-in before confirming, a new link) is that
 * partner's (./mail-context.ts, recipientPartners).
 */
export async function rememberSignupPartner(db: Db, email: string, partnerId: string | null): Promise<void> {
  const identifier = `${SIGNUP_PARTNER}${email.toLowerCase()}`;
  const forget = db.delete(authVerifications).where(eq(authVerifications.identifier, identifier));
  if (!partnerId) {
    await forget;
    return;
  }
  const now = new Date();
  await db.batch([
    forget,
    db.insert(authVerifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: partnerId,
      expiresAt: new Date(now.getTime() + UNCONFIRMED_TTL_MS),
      createdAt: now,
      updatedAt: now,
    }),
  ]);
}

/** How long an address may stay unconfirmed before its user is removed (a confirmation link lives a day). */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Removes users whose address was never confirmed and who have not signed up
 * again for UNCONFIRMED_TTL_MS (their credentials, sessions and links go with
 * them). At most MAX_BOUND users per run, the longest unconfirmed first (in
 * the order of the index on the flag and the time); the next run takes the rest. The
 * expired records of every kind of link go in the directory's pruning
 * (./directory-prune.ts).
 */
export async function removeUnconfirmedUsers(db: Db, now = Date.now()): Promise<number> {
  const stale = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.emailVerified, false), lt(authUsers.updatedAt, new Date(now - UNCONFIRMED_TTL_MS))))
    .orderBy(asc(authUsers.updatedAt))
    .limit(MAX_BOUND);
  const ids = stale.map((u) => u.id);
  if (ids.length === 0) return 0;
  await db.batch([
    db
      .delete(authVerifications)
      .where(
        and(inList(authVerifications.value, ids), or(like(authVerifications.identifier, `${CONFIRMATION}%`), like(authVerifications.identifier, `${RESET}%`))),
      ),
    db.delete(authSessions).where(inList(authSessions.userId, ids)),
    db.delete(authAccounts).where(inList(authAccounts.userId, ids)),
    db.delete(authUsers).where(and(inList(authUsers.id, ids), eq(authUsers.emailVerified, false))),
  ]);
  return ids.length;
}
