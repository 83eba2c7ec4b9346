import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/enums";
import { formatMoney, formatPrice } from "../../client/features/catalogue/format";
import { translate, type Translate } from "../../client/lib/i18n";

const tIn =
  (language: Language): Translate =>
  (key, values) =>
    translate(key, values, language);

describe("one form for what a customer is shown and charged", () => {
  it("shows credits on a plan and money otherwise, in the reader's language, not the browser's", () => {
    expect(formatPrice({ kind: "credits", amount: 1 }, tIn("enUS"), "enUS")).toBe("1 credit");
    expect(formatPrice({ kind: "credits", amount: 3 }, tIn("enGB"), "enGB")).toBe("3 credits");
    expect(formatPrice({ kind: "money", amount: 95000, currency: "USD" }, tIn("enUS"), "enUS")).toBe("$950.00");
    expect(formatPrice({ kind: "money", amount: 95000, currency: "GBP" }, tIn("enGB"), "enGB")).toBe("£950.00");
    expect(formatMoney(9950, "CAD", "enAU")).toBe(new Intl.NumberFormat("en-AU", { style: "currency", currency: "CAD" }).format(99.5));
    expect(formatPrice(null, tIn("enUS"), "enUS")).toBe(translate("catalogue.priceOnRequest", undefined, "enUS"));
  });
});
