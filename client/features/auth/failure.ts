import type { AuthFailure } from "../../auth/adapter";
import type { MessageKey } from "../../i18n";

/** Catalogue keys for the identity provider's failures (its messages). */
export const FAILURE_KEY: Record<AuthFailure["kind"], MessageKey> = {
  invalid: "auth.failed.invalid",
  taken: "auth.failed.taken",
  weak: "auth.failed.weak",
  unverified: "auth.failed.unverified",
  rateLimited: "auth.failed.rateLimited",
  network: "auth.failed.network",
  unknown: "auth.failed.unknown",
};
