import type { PriceDto } from "../../../contract/catalogue";
import { LANGUAGE_TAG } from "../../i18n/tags";
import type { Translate } from "../../lib/i18n";
import type { Currency, Language } from "../../../contract/enums";

/**
 * What a customer is shown and charged, in one form wherever it appears (the
 * catalogue, the booking overlay, Your Bookings): "2 credits" on a plan, else
 * money in minor units of the price's currency, in the reader's language.
 */
export function formatPrice(price: PriceDto, t: Translate, language: Language): string {
  if (!price) return t("catalogue.priceOnRequest");
  if (price.kind === "credits") return t("catalogue.credits", { count: price.amount });
  return formatMoney(price.amount, price.currency, language);
}

/** An amount of money in integer minor units of `currency` (cents, pence), in the language's style. */
export function formatMoney(amount: number, currency: Currency, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAG[language], { style: "currency", currency }).format(amount / 100);
}
