import type { AccountDto } from "../../contract/accounts";
import type { Account } from "../identity/context";
import { fileUri } from "../storage/files";

/** Rows to API shapes, shared by the routers that answer them. */
export function accountDto(a: Account): AccountDto {
  return {
    id: a.id,
    type: a.type,
    name: a.name,
    tan: a.tan,
    authId: a.authId,
    parentAccountId: a.parentAccountId,
    industry: a.industry,
    size: a.size,
    website: a.website,
    logo: a.logoKey ? { uri: fileUri(a.logoKey) } : null,
    primaryEmail: a.primaryEmail,
    currency: a.currency,
    location: a.location,
    language: a.language,
    timeZone: a.timeZone,
  };
}
