import { describe, expect, it } from "vitest";
import { partnerView, seesDeliveryPartner, seesPricingLine, seesVariant } from "../../worker/domain/workout-view";
import type { PriceType } from "../../contract/enums";

const AUTHOR = "author";
const ADDER = "adder";
const THIRD = "third";

const line = (accountId: string, priceType: PriceType, variantId: string | null = null) => ({ accountId, variantId, priceType });
const partner = (accountId: string, visibleToPartners: boolean, variantId: string | null = null) => ({ accountId, variantId, visibleToPartners });

describe("seesPricingLine", () => {
  const cases: [string, string, ReturnType<typeof line>, boolean][] = [
    ["author, own line for all customers", AUTHOR, line(AUTHOR, "allCustomers"), true],
    ["author, own line for one customer", AUTHOR, line(AUTHOR, "customer"), true],
    ["author, own line for a price group", AUTHOR, line(AUTHOR, "customerPriceGroup"), true],
    ["another partner, author's line for all customers", ADDER, line(AUTHOR, "allCustomers"), true],
    ["another partner, author's line for one customer", ADDER, line(AUTHOR, "customer"), false],
    ["another partner, author's line for a price group", ADDER, line(AUTHOR, "customerPriceGroup"), false],
    ["author, adder's line for one customer", AUTHOR, line(ADDER, "customer"), false],
    ["adder, own variant line for one customer", ADDER, line(ADDER, "customer", "v"), true],
  ];
  it.each(cases)("%s", (_name, viewer, l, expected) => expect(seesPricingLine(viewer, l)).toBe(expected));
});

describe("seesDeliveryPartner", () => {
  const cases: [string, string, ReturnType<typeof partner>, boolean][] = [
    ["author, own hidden entry", AUTHOR, partner(AUTHOR, false), true],
    ["another partner, author's visible entry", ADDER, partner(AUTHOR, true), true],
    ["another partner, author's hidden entry", ADDER, partner(AUTHOR, false), false],
    ["adder, own hidden entry on its variant", ADDER, partner(ADDER, false, "v"), true],
    ["author, adder's hidden entry", AUTHOR, partner(ADDER, false, "v"), false],
  ];
  it.each(cases)("%s", (_name, viewer, d, expected) => expect(seesDeliveryPartner(viewer, d)).toBe(expected));
});

describe("seesVariant", () => {
  const cases: [string, string, string, boolean][] = [
    ["author sees its own", AUTHOR, AUTHOR, true],
    ["adder sees the author's", ADDER, AUTHOR, true],
    ["adder sees its own", ADDER, ADDER, true],
    ["adder never sees a third partner's", ADDER, THIRD, false],
    ["author never sees an adder's", AUTHOR, ADDER, false],
  ];
  it.each(cases)("%s", (_name, viewer, owner, expected) => expect(seesVariant(viewer, AUTHOR, { id: "v", accountId: owner })).toBe(expected));
});

describe("partnerView", () => {
  const parts = {
    variants: [
      { id: "va", accountId: AUTHOR },
      { id: "vb", accountId: ADDER },
      { id: "vc", accountId: THIRD },
    ],
    pricing: [
      { id: "base-all", ...line(AUTHOR, "allCustomers") },
      { id: "base-cust", ...line(AUTHOR, "customer") },
      { id: "va-all", ...line(AUTHOR, "allCustomers", "va") },
      { id: "va-cust", ...line(AUTHOR, "customer", "va") },
      { id: "va-group", ...line(AUTHOR, "customerPriceGroup", "va") },
      { id: "vb-cust", ...line(ADDER, "customer", "vb") },
      { id: "vc-all", ...line(THIRD, "allCustomers", "vc") },
    ],
    deliveryPartners: [
      { id: "base-shown", ...partner(AUTHOR, true) },
      { id: "base-hidden", ...partner(AUTHOR, false) },
      { id: "va-shown", ...partner(AUTHOR, true, "va") },
      { id: "va-hidden", ...partner(AUTHOR, false, "va") },
      { id: "vb-hidden", ...partner(ADDER, false, "vb") },
    ],
  };
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
  const shape = (viewer: string) => {
    const v = partnerView(viewer, AUTHOR, parts);
    return {
      pricing: ids(v.pricing),
      deliveryPartners: ids(v.deliveryPartners),
      variants: v.variants.map((x) => ({ id: x.variant.id, pricing: ids(x.pricing), deliveryPartners: ids(x.deliveryPartners) })),
    };
  };

  it("shows the author everything of its own and nothing of other partners' variants", () => {
    expect(shape(AUTHOR)).toEqual({
      pricing: ["base-all", "base-cust"],
      deliveryPartners: ["base-shown", "base-hidden"],
      variants: [{ id: "va", pricing: ["va-all", "va-cust", "va-group"], deliveryPartners: ["va-shown", "va-hidden"] }],
    });
  });

  it("shows a partner that added the workout only the author's public rows, and its own variant whole", () => {
    expect(shape(ADDER)).toEqual({
      pricing: ["base-all"],
      deliveryPartners: ["base-shown"],
      variants: [
        { id: "va", pricing: ["va-all"], deliveryPartners: ["va-shown"] },
        { id: "vb", pricing: ["vb-cust"], deliveryPartners: ["vb-hidden"] },
      ],
    });
  });
});
