import type { DetailField } from "../../../contract/accounts";
import type { MessageKey } from "../../i18n";

/** Each of the organisation's details, labelled as Your Profile's Account Details names it. */
export const DETAIL_LABELS: Record<DetailField, MessageKey> = {
  website: "profile.website",
  industry: "profile.industry",
  size: "profile.size",
  primaryEmail: "profile.primaryEmail",
  location: "profile.location",
};

/** The id of a detail's field in Account Details: Home's card links to it (`/admin/profile#detail-…`), which focuses it on arrival. */
export const detailFieldId = (field: DetailField) => `detail-${field}`;
