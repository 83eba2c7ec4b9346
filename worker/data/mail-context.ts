/**
 * What a mail needs to know about its sender and its recipient: the partner's
 * branding (platform name, logo, brand colour, support address), the origin its links go to
 * (the partner's connected domain when it has one, else the main origin),
 * and the recipient's language. Reads only; the templates stay pure.
 *
 * The recipient's language: the stored preference of the product user with
 * that address when there is one, else the partner's default (its account's
 * language), else en-US.
 */
import { partnerOf } from "../domain/accounts";
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Language } from "../../contract/enums";
import { DEFAULT_STYLING, platformNameFrom } from "../../contract/styling";
import { accounts, authMembers, authUsers, authVerifications, customDomains, invites, stylings, users } from "../../db/schema";
import { SIGNUP_PARTNER } from "./auth-links";
import type { Db } from "../env";
import { languageOr, MAIL_FALLBACK_ZONE } from "../mail/i18n";
import type { MailBrand } from "../mail/layout";
import { fileUri, PUBLIC_PREFIX } from "../storage/files";
import { mainOrigin, registeredOrigin } from "../tenant/origins";
import { inList } from "./bound";

export type OriginEnv = { APP_ENV: string; MAIN_ORIGIN: string };

/** `timeZone`: the partner's own zone (null when unset), the default for mail to its staff and customers without one. */
export type PartnerMail = { partnerId: string; brand: MailBrand; language: Language; timeZone: string | null; primaryEmail: string | null };

/** The statements that read partners' branding, for a caller's batch. */
export function brandReads(db: Db, partnerIds: string[] | SQL) {
  const of = (column: Parameters<typeof inList>[0]) => (Array.isArray(partnerIds) ? inList(column, partnerIds) : sql`${column} in ${partnerIds}`);
  return [
    db
      .select({ id: accounts.id, name: accounts.name, language: accounts.language, timeZone: accounts.timeZone, primaryEmail: accounts.primaryEmail })
      .from(accounts)
      .where(of(accounts.id)),
    db
      .select({
        accountId: stylings.accountId,
        platformName: stylings.platformName,
        logoKey: stylings.logoKey,
        brandColour: stylings.brandColour,
        supportEmail: stylings.supportEmail,
      })
      .from(stylings)
      .where(of(stylings.accountId)),
    db
      .select({ accountId: customDomains.accountId, uri: customDomains.uri, isSatellite: customDomains.isSatellite })
      .from(customDomains)
      .where(and(of(customDomains.accountId), eq(customDomains.state, "connected")))
      .orderBy(asc(customDomains.connectedAt), asc(customDomains.uri)),
  ] as const;
}

export type BrandRows = [
  { id: string; name: string; language: string; timeZone: string | null; primaryEmail: string | null }[],
  { accountId: string; platformName: string | null; logoKey: string | null; brandColour: string | null; supportEmail: string | null }[],
  { accountId: string; uri: string; isSatellite: boolean }[],
];

export function brandsFrom(env: OriginEnv, [accountRows, stylingRows, domainRows]: BrandRows): Map<string, PartnerMail> {
  const out = new Map<string, PartnerMail>();
  for (const account of accountRows) {
    const styling = stylingRows.find((s) => s.accountId === account.id);
    const domains = domainRows.filter((d) => d.accountId === account.id);
    const domain = domains.find((d) => d.isSatellite) ?? domains[0];
    const origin = domain ? registeredOrigin(env, domain.uri) : mainOrigin(env);
    const logo = styling?.logoKey && styling.logoKey.startsWith(PUBLIC_PREFIX) ? `${origin}${fileUri(styling.logoKey)}` : null;
    out.set(account.id, {
      partnerId: account.id,
      brand: {
        platformName: platformNameFrom(styling?.platformName, platformNameFrom(account.name)),
        logoUrl: logo,
        brandColour: styling?.brandColour ?? null,
        supportEmail: styling?.supportEmail ?? null,
        origin,
      },
      language: languageOr(account.language),
      timeZone: account.timeZone,
      primaryEmail: account.primaryEmail,
    });
  }
  return out;
}

/** Branding of the given partners, in one D1 round trip. */
export async function partnerMails(db: Db, env: OriginEnv, partnerIds: string[]): Promise<Map<string, PartnerMail>> {
  if (!partnerIds.length) return new Map();
  const [a, s, d] = await db.batch(brandReads(db, partnerIds));
  return brandsFrom(env, [a, s, d] as BrandRows);
}

/** The product's own branding, for mail that belongs to no partner. */
export function productBrand(env: OriginEnv): PartnerMail {
  return {
    partnerId: "",
    brand: {
      platformName: DEFAULT_STYLING.platformName,
      logoUrl: null,
      brandColour: DEFAULT_STYLING.brandColour,
      supportEmail: null,
      origin: mainOrigin(env),
    },
    language: "enUS",
    timeZone: null,
    primaryEmail: null,
  };
}

export type UserLanguage = { email: string; firstName: string | null; language: string };

/** Users' names and stored languages by address (lower-cased). */
export function usersByEmail(db: Db, emails: string[]) {
  return db
    .select({ email: users.email, firstName: users.firstName, language: users.language, timeZone: users.timeZone })
    .from(users)
    .where(inList(users.email, emails));
}

/**
 * The partners an address belongs to, as a subquery for brandReads, read in
 * the directory: the partner of each account the identity user with that
 * address is a member of, of each account that has a pending invite for it, and, while the
 * address is unconfirmed, the partner on whose domain it was signed up.
 */
export function recipientPartners(db: Db, email: string): SQL {
  const partnerOfAccount = sql<string>`case when ${accounts.type} = 'partner' then ${accounts.id} else ${accounts.parentAccountId} end`;
  // Memberships as the directory knows them (the identity provider's), whatever shard each account is on.
  const members = db
    .select({ id: partnerOfAccount })
    .from(authMembers)
    .innerJoin(authUsers, eq(authUsers.id, authMembers.userId))
    .innerJoin(accounts, eq(accounts.authId, authMembers.organizationId))
    .where(eq(authUsers.email, email));
  const invited = db
    .select({ id: partnerOfAccount })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(eq(invites.email, email), eq(invites.status, "pending")));
  // A still unconfirmed sign-up made on a partner's domain is that partner's (./auth-links.ts, rememberSignupPartner).
  const signedUpOn = db
    .select({ id: authVerifications.value })
    .from(authVerifications)
    .innerJoin(authUsers, and(eq(authUsers.email, email), eq(authUsers.emailVerified, false)))
    .where(and(eq(authVerifications.identifier, `${SIGNUP_PARTNER}${email}`), gt(authVerifications.expiresAt, new Date())));
  return sql`(${members.union(invited).union(signedUpOn)})`;
}

/** The recipient's language: their stored preference, else the partner's default, else en-US. */
export function recipientLanguage(user: { language: string } | undefined | null, partner: PartnerMail | undefined | null): Language {
  if (user) return languageOr(user.language, partner?.language ?? "enUS");
  return partner?.language ?? "enUS";
}

/** The recipient's zone: their own, else the partner's, else UTC (mail names the zone it writes in). */
export function recipientTimeZone(user: { timeZone: string | null } | undefined | null, partner: PartnerMail | undefined | null): string {
  return user?.timeZone ?? partner?.timeZone ?? MAIL_FALLBACK_ZONE;
}

/** The partner a customer or partner account's mail speaks for: a partner itself, a customer's parent. */
export async function brandingPartnerOf(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: accounts.id, type: accounts.type, parentAccountId: accounts.parentAccountId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ? partnerOf(row) : null;
}
