import { z } from "zod";
import { AccountType, Language, Theme } from "./enums";
import { optionalLine, unchangedIfAbsent } from "./forms";
import { MESSAGES } from "./messages";
import { FileRef } from "./styling";

export const OnboardingInviteDto = z
  .object({ id: z.string(), accountId: z.string(), accountName: z.string(), accountOrganizationId: z.string().nullable() })
  .meta({ id: "OnboardingInvite" });

/** App user, as `GET v1/users/{id}` answers it. */
export const UserDto = z
  .object({
    id: z.string(),
    authId: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    theme: z.enum(Theme),
    language: z.enum(Language),
    /** The IANA zone the user reads times in; null until their browser has told it. */
    timeZone: z.string().nullable(),
    photo: FileRef.nullable(),
    accounts: z.array(
      z.object({
        id: z.string(),
        authId: z.string().nullable(),
        name: z.string(),
        type: z.enum(AccountType),
        role: z.string(),
        /** The name of the partner (provider) a customer is with; null for a partner's own account and a customer with none. */
        partnerName: z.string().nullable(),
        /** The id of that partner (two providers may share a name); null as partnerName is. */
        partnerId: z.string().nullable(),
      }),
    ),
    onboardingInvites: z.array(OnboardingInviteDto),
  })
  .meta({ id: "User" });
export type UserDto = z.infer<typeof UserDto>;

/** `POST v1/users`: the `data` part; the profile photo comes as file field `photo` (1:1, up to 10 MB). */
export const SaveUserData = z
  .object({
    firstName: unchangedIfAbsent(optionalLine(80)),
    lastName: unchangedIfAbsent(optionalLine(80)),
    theme: z.enum(Theme).optional(),
    language: z.enum(Language).optional(),
  })
  .meta({ id: "SaveUser" });

export const UserIdParam = z.object({ id: z.string().min(1, MESSAGES.required).max(100) });
