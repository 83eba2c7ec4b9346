import { z } from "zod";
import { AccountLocation, AccountType, Currency, Industry, Language, OrgSize } from "./enums";
import { email, enumOf, requiredLine, websiteUrl } from "./forms";
import { MESSAGES } from "./messages";
import { FileRef } from "./styling";
import { TimeZone } from "./time-zones";

/** Account, as the API answers it. */
export const AccountDto = z
  .object({
    id: z.string(),
    type: z.enum(AccountType),
    name: z.string(),
    tan: z.string().nullable(),
    authId: z.string().nullable(),
    parentAccountId: z.string().nullable(),
    industry: z.enum(Industry).nullable(),
    size: z.enum(OrgSize).nullable(),
    website: z.string().nullable(),
    logo: FileRef.nullable(),
    primaryEmail: z.string().nullable(),
    currency: z.enum(Currency),
    location: z.enum(AccountLocation).nullable(),
    language: z.enum(Language),
    /** A partner's IANA zone (its slots' and its staff's mail default); null when not yet set. */
    timeZone: z.string().nullable(),
  })
  .meta({ id: "Account" });
export type AccountDto = z.infer<typeof AccountDto>;

/** The account fields a person fills in (onboarding, profile). Name and website cannot be empty. */
export const AccountDetails = z.object({
  name: requiredLine(120),
  website: websiteUrl,
  industry: enumOf(Industry),
  size: enumOf(OrgSize),
  primaryEmail: email,
  currency: enumOf(Currency),
  location: enumOf(AccountLocation),
  language: enumOf(Language),
});
export type AccountDetails = z.infer<typeof AccountDetails>;

/** Absent when left blank: an optional field of a new record that the form may send empty. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), schema.optional());

/**
 * `POST v1/accounts`: the `data` part of the multipart body; the logo comes
 * as file field `logo`. Onboarding asks the minimum before any value: the
 * organisation's name and (on the main domain) its type. Everything else is
 * optional here, checked when given, and completed later in Your Profile;
 * currency and language default to USD and en-US
 * (docs/decisions/2026-11-27-onboarding-asks-the-minimum.md).
 */
export const CreateAccountData = z
  .object({
    name: AccountDetails.shape.name,
    type: enumOf(AccountType),
    website: blankIsAbsent(websiteUrl),
    industry: blankIsAbsent(enumOf(Industry)),
    size: blankIsAbsent(enumOf(OrgSize)),
    primaryEmail: blankIsAbsent(email),
    currency: enumOf(Currency).default("USD"),
    location: blankIsAbsent(enumOf(AccountLocation)),
    language: enumOf(Language).default("enUS"),
    /** The creator's zone as their browser tells it; else their stored zone. */
    timeZone: TimeZone.optional(),
  })
  .meta({ id: "CreateAccount" });
export type CreateAccountData = z.infer<typeof CreateAccountData>;

export const TAN = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "A TAN is 6 digits");

export const AccountExistQuery = z.object({
  tan: TAN,
  type: z.enum(AccountType, { error: "Must be partner or customer" }).optional(),
});

export const AccountIdParam = z.object({ id: z.string().uuid(MESSAGES.invalidUuid) });

export const AcceptInviteParams = z.object({
  accountId: z.string().uuid(MESSAGES.invalidUuid),
  inviteId: z.string().uuid(MESSAGES.invalidUuid),
});

/**
 * `GET v1/accounts/{accountId}/invites/{inviteId}` (no session): what the
 * invite link's sign-up shows, the invited address (filled in, not editable)
 * and the organisation that sent it.
 */
/**
 * The invite an invite link names: the invited address, the organisation,
 * and whether that address already has an account (then the link leads to
 * sign-in, the address filled in, else to sign-up).
 */
export const InviteLinkDto = z.object({ email: z.string(), accountName: z.string(), hasAccount: z.boolean() }).meta({ id: "InviteLink" });
export type InviteLinkDto = z.infer<typeof InviteLinkDto>;

/**
 * Why an invite cannot be accepted by this caller (403): the invite binds to a
 * verified address, so the caller must have verified theirs, and it must be
 * the invited one. The client matches these texts to explain each case.
 */
export const INVITE_MESSAGES = {
  verifyFirst: MESSAGES.inviteVerifyFirst,
  otherAddress: MESSAGES.inviteOtherAddress,
} as const;

export const ImageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

// ─── Profile and linking to a partner ─────────────────────────────

/** `PUT v1/admin/accounts/{accountId}/profile`: the `data` part; the logo comes as file field `details.logo`. */
export const UpdateAccountProfileData = AccountDetails.meta({ id: "UpdateAccountProfile" });
export type UpdateAccountProfileData = z.infer<typeof UpdateAccountProfileData>;

export const AccountPathParam = z.object({ accountId: z.string().uuid(MESSAGES.invalidUuid) });

/** The message for a TAN that names no partner. */
export const INVALID_PARTNER_TAN = "Invalid Partner TAN";

/** `POST v1/admin/accounts/{accountId}/assign-parent`: link a customer to the partner with this TAN. */
export const AssignParentBody = z.object({ tan: TAN }).meta({ id: "AssignParent" });
export type AssignParentBody = z.infer<typeof AssignParentBody>;

/**
 * The organisation's details onboarding leaves for later, in the order Your
 * Profile's Account Details shows them: each is missing while it is empty
 * (docs/decisions/2026-11-27-complete-your-details.md).
 */
export const DetailField = ["website", "industry", "size", "primaryEmail", "location"] as const;
export type DetailField = (typeof DetailField)[number];

/** The details of `account` still empty, in DetailField's order. */
export function missingDetails(account: { [K in DetailField]: string | null | undefined }): DetailField[] {
  return DetailField.filter((field) => !account[field]?.trim());
}

/** `GET v1/admin/accounts/{accountId}/details-prompt`: Home's "complete your details" card for the caller. */
export const DetailsPromptDto = z
  .object({
    /** The details still empty, in DetailField's order. */
    missing: z.array(z.enum(DetailField)),
    /** The caller has put the card away for this account. */
    dismissed: z.boolean(),
  })
  .meta({ id: "DetailsPrompt" });
export type DetailsPromptDto = z.infer<typeof DetailsPromptDto>;
