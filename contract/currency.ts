import { z } from "zod";
import { Currency } from "./enums";
import { enumOf } from "./forms";

/** `GET v1/admin/accounts/{accountId}/currency-change?currency=`: the currency a partner means to change to. */
export const CurrencyChangeQuery = z.object({ currency: enumOf(Currency) });

/**
 * What a partner's change of currency would do (docs/decisions/2026-11-27-currency-follows-the-partner.md):
 * how many linked customers follow it, how many keep their currency and why
 * (an open booking priced in it, a price of their own in it), and the price
 * groups whose prices are only in the current currency (the change is
 * refused while there are any).
 */
export const CurrencyChangeDto = z
  .object({
    from: z.enum(Currency),
    to: z.enum(Currency),
    follow: z.number().int(),
    keep: z.object({ total: z.number().int(), bookings: z.number().int(), prices: z.number().int() }),
    priceGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: "CurrencyChange" });
export type CurrencyChangeDto = z.infer<typeof CurrencyChangeDto>;

/** The API's refusal of a change of currency while price groups have prices only in the current one. */
export const currencyRefusal = (from: Currency, to: Currency, groups: readonly string[]) =>
  `These price groups have prices only in ${from}: ${groups.join(", ")}. Price them in ${to} first.`;
