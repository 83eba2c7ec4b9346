import type { PriceDto } from "../../../contract/catalogue";
import { LANGUAGE_TAG } from "../../i18n/tags";
import type { Translate } from "../../lib/i18n";
import type { Language } from "../../../contract/enums";

/** A catalogue price: "2 credits" on plan, or money in the account's currency (minor units). */
export function formatPrice(price: PriceDto, t: Translate, language: Language): string {
  if (!price) return t("catalogue.priceOnRequest");
  if (price.kind === "credits") return t("catalogue.credits", { count: price.amount });
  return new Intl.NumberFormat(LANGUAGE_TAG[language], { style: "currency", currency: price.currency }).format(price.amount / 100);
}
