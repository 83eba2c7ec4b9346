import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { DEFAULT_STYLING, PARTNER_DEFAULT_STYLING } from "../../contract/styling";
import { authPost, apiAs, freshEmail, lastMailTo, NEW_PASSWORD } from "./auth";
import { newPartnerAccount } from "./fixtures";
import { call, json } from "./helpers";

/**
 * A partner that has not chosen its colours wears the neutral partner look,
 * never the product's: its styling, its pages and its customers' mail.
 */
const db = drizzle(env.DB, { schema });

const hexes = (s: object) => [...new Set(Object.values(s).filter((v): v is string => typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v)))];
const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(" ");
/** The product's own colours: every hex of its look. */
const PRODUCT_HEXES = hexes(DEFAULT_STYLING).map((h) => h.toLowerCase());
/** The product's brand and gradient colours, which a page or a mail must not write in any form. */
const PRODUCT_BRAND = [DEFAULT_STYLING.brandColour, DEFAULT_STYLING.gradientColourOne, DEFAULT_STYLING.gradientColourTwo].map((h) => h.toLowerCase());

function expectNoProductColours(text: string) {
  const lower = text.toLowerCase();
  for (const hex of PRODUCT_BRAND) {
    expect(lower).not.toContain(hex);
    expect(text).not.toContain(channels(hex));
  }
}

async function connectDomain(accountId: string, host: string) {
  const now = new Date().toISOString();
  await db.insert(schema.customDomains).values({
    id: crypto.randomUUID(),
    accountId,
    uri: host,
    state: "connected",
    isSatellite: true,
    verificationToken: crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
}

/** A page rendered on the partner's domain, and the main host's login that sends back to it. */
const partnerPages = async (host: string) =>
  Promise.all(
    [call("/help", { host }), call("/login?redirectUrl=" + encodeURIComponent(`http://${host}/post-auth`))].map(async (res) => {
      const r = await res;
      expect(r.status).toBe(200);
      return r.text();
    }),
  );

describe("a partner that has not chosen its colours", () => {
  it("shares no colour with the product's look", () => {
    const neutral = hexes(PARTNER_DEFAULT_STYLING).map((h) => h.toLowerCase());
    expect(neutral.length).toBeGreaterThan(0);
    expect(neutral.filter((h) => PRODUCT_HEXES.includes(h))).toEqual([]);
  });

  it("starts in the neutral partner look under its own name, on its styling, its domain's pages and its customers' mail", async () => {
    const partner = await newPartnerAccount("Acme Coaching");
    const host = `fit-${crypto.randomUUID().slice(0, 8)}.acme.test`;
    await connectDomain(partner.id, host);

    // Its styling: the neutral palette, none of the product's colours.
    const res = await apiAs(partner.token, { accountId: partner.id }).get("/v1/admin/styles");
    expect(res.status).toBe(200);
    const styling = await json(res);
    expect(styling).toMatchObject({
      platformName: "Acme Coaching",
      brandColour: PARTNER_DEFAULT_STYLING.brandColour,
      gradientColourOne: PARTNER_DEFAULT_STYLING.gradientColourOne,
      gradientColourTwo: PARTNER_DEFAULT_STYLING.gradientColourTwo,
      lightGradientTextColour: PARTNER_DEFAULT_STYLING.lightGradientTextColour,
      lightHeroTextColour: PARTNER_DEFAULT_STYLING.lightHeroTextColour,
    });
    const written = JSON.stringify(styling).toLowerCase();
    for (const hex of PRODUCT_HEXES) expect(written).not.toContain(hex);

    // Its domain's pages, and the branded login that sends back to it.
    for (const html of await partnerPages(host)) {
      expect(html).toContain(`--brand:${channels(PARTNER_DEFAULT_STYLING.brandColour)};`);
      expect(html).toContain(`--gradient-1:${channels(PARTNER_DEFAULT_STYLING.gradientColourOne)};`);
      expect(html).toContain(`--gradient-2:${channels(PARTNER_DEFAULT_STYLING.gradientColourTwo)};`);
      expect(html).toContain("Acme Coaching");
      expectNoProductColours(html);
    }

    // Mail to a customer signing up on its domain.
    const email = freshEmail();
    const signUp = await authPost(
      "/sign-up/email",
      { email, password: NEW_PASSWORD, name: "Cora Customer", callbackURL: "/post-auth?type=customer" },
      { host: `${host}:5173` },
    );
    expect(signUp.status).toBe(200);
    const mail = await lastMailTo(email, "Confirm your email address");
    expect(mail?.fromName).toBe("Acme Coaching");
    expect(mail?.html?.toLowerCase()).toContain(PARTNER_DEFAULT_STYLING.brandColour);
    expectNoProductColours(`${mail?.subject}\n${mail?.text}\n${mail?.html}`);
  });

  it("wears the neutral look, not the product's, when it has no styling at all", async () => {
    const partner = await newPartnerAccount("Bravo Fitness");
    const host = `fit-${crypto.randomUUID().slice(0, 8)}.bravo.test`;
    await connectDomain(partner.id, host);
    await db.delete(schema.stylings).where(eq(schema.stylings.accountId, partner.id));

    for (const html of await partnerPages(host)) {
      expect(html).toContain(`--brand:${channels(PARTNER_DEFAULT_STYLING.brandColour)};`);
      expect(html).toContain("Bravo Fitness");
      expectNoProductColours(html);
    }

    const email = freshEmail();
    const signUp = await authPost("/sign-up/email", { email, password: NEW_PASSWORD, name: "Cora Customer" }, { host: `${host}:5173` });
    expect(signUp.status).toBe(200);
    const mail = await lastMailTo(email, "Confirm your email address");
    expect(mail?.html?.toLowerCase()).toContain(PARTNER_DEFAULT_STYLING.brandColour);
    expectNoProductColours(`${mail?.html}`);
  });

  it("leaves the demo partners' own colours and the product's look on the main domain as they are", async () => {
    const northwind = await (await call("/help", { host: DEMO.northwind.domain })).text();
    expect(northwind).toContain(`--brand:${channels(DEMO.northwind.brandColour)};`);
    const main = await (await call("/login")).text();
    expect(main).toContain(`--brand:${channels(DEFAULT_STYLING.brandColour)};`);
  });
});
