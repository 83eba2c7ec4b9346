import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { DEFAULT_STYLING } from "../../contract/styling";
import { brandsFrom } from "../../worker/data/mail-context";
import { sessionCalendar } from "../../worker/mail/calendar";
import { apiAs, multipart, newCustomer } from "./auth";
import { addPartnerWithDomain, newPartnerAccount as newPartner } from "./fixtures";
import { call, json } from "./helpers";

/**
 * The score and the brand are the partner's: a partner names its customers'
 * fitness score and words it (Branding), every screen's read and the export
 * use it, and the product's own name appears only where no partner is
 * involved (nor in a partner's calendar files and domain check).
 */
const db = drizzle(env.DB, { schema });

const styling = {
  brandColour: "#0f766e",
  gradientColourOne: "#0f766e",
  gradientColourTwo: "#134e4a",
  lightGradientTextColour: "#ffffff",
  lightHeroTextColour: "#ffffff",
  fontFamily: "poppins",
  platformName: "Globex Academy",
  showLogoOnLogin: true,
};

/** A new customer of `partnerId` with one assessed score of `percent`. */
async function customerOf(partnerId: string, percent: number) {
  const customer = await newCustomer();
  await db.update(schema.accounts).set({ parentAccountId: partnerId }).where(eq(schema.accounts.id, customer.id));
  await db
    .insert(schema.scores)
    .values({ accountId: customer.id, partnerAccountId: partnerId, category: "strategy", score: 4, scorePercent: percent, source: "manual" });
  return customer;
}

const summaryOf = async (who: { token: string; id: string }) => json(await apiAs(who.token, { accountId: who.id }).get("/v1/scores/summary"));

describe("the fitness score's name and wording", () => {
  it("is the partner's platform name by default, its own score name and wording once set, and the product's only with no partner", async () => {
    const partner = await newPartner("Globex Training");
    const customer = await customerOf(partner.id, 72);
    // No branding saved yet: the partner's own name, never the product's.
    expect(await summaryOf(customer)).toMatchObject({ name: "Globex Training", score: 72, customScoreString: null });

    expect((await apiAs(partner.token).put("/v1/admin/styles", multipart(styling))).status).toBe(200);
    expect(await summaryOf(customer)).toMatchObject({ name: "Globex Academy", customScoreString: null });

    const named = await apiAs(partner.token).put("/v1/admin/styles", multipart({ ...styling, scoreName: "  FitIndex ", customScoreString: "{score} points" }));
    expect(named.status).toBe(200);
    expect(await json(named)).toMatchObject({ scoreName: "FitIndex", customScoreString: "{score} points" });
    expect(await summaryOf(customer)).toMatchObject({ name: "FitIndex", score: 72, customScoreString: "72 points" });

    // The export names the score as the partner does.
    const csv = await (await apiAs(partner.token).get("/v1/admin/exports/scores")).text();
    const [header, row] = csv.trim().split(/\r?\n/);
    expect(header!.split(",").map((cell) => cell.replace(/^"|"$/g, ""))).toContain("Score name");
    expect(row).toContain("FitIndex");

    // Cleared (empty values): back to the platform name.
    expect((await apiAs(partner.token).put("/v1/admin/styles", multipart({ ...styling, scoreName: "", customScoreString: null }))).status).toBe(200);
    expect(await summaryOf(customer)).toMatchObject({ name: "Globex Academy", customScoreString: null });

    // A customer with no partner: the product's own name.
    const alone = await newCustomer();
    expect(await summaryOf(alone)).toMatchObject({ name: DEFAULT_STYLING.platformName, score: null, customScoreString: null });
  });

  it("refuses a name or wording that is too long, has markup or lacks {score}, with the fields named, and writes nothing", async () => {
    const partner = await newPartner("Initech Learning");
    const before = await db.select().from(schema.stylings).where(eq(schema.stylings.accountId, partner.id));
    for (const [data, fields] of [
      [{ scoreName: "x".repeat(31) }, { scoreName: "Score name must be at most 30 characters" }],
      [{ scoreName: "<b>Fit</b>" }, { scoreName: "Score name cannot contain < > { } \\ or `" }],
      [{ customScoreString: "out of 100" }, { customScoreString: "Score text must contain {score}" }],
      [{ customScoreString: `{score} ${"x".repeat(30)}` }, { customScoreString: "Score text must be at most 30 characters" }],
      [{ customScoreString: "{score}<script>" }, { customScoreString: "Score text cannot contain < > \\ or `" }],
    ] as const) {
      const res = await apiAs(partner.token).put("/v1/admin/styles", multipart({ ...styling, ...data }));
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect((await json(res)).error.fields).toMatchObject(fields);
    }
    expect(await db.select().from(schema.stylings).where(eq(schema.stylings.accountId, partner.id))).toEqual(before);
  });

  it("is set by a partner's owner or admin only: no token 401, a member or a customer 403", async () => {
    const body = multipart({ ...styling, scoreName: "FitIndex" });
    expect((await apiAs(null).put("/v1/admin/styles", body)).status).toBe(401);
    expect((await apiAs("partnerMember").put("/v1/admin/styles", multipart({ ...styling, scoreName: "FitIndex" }))).status).toBe(403);
    expect((await apiAs("customerAdmin").put("/v1/admin/styles", multipart({ ...styling, scoreName: "FitIndex" }))).status).toBe(403);
  });
});

describe("the partner's name where the product's used to show", () => {
  it("a partner with no branding signs its mails with its own name", () => {
    const env = { APP_ENV: "development", MAIN_ORIGIN: "http://localhost:5173" };
    const brands = brandsFrom(env, [[{ id: "p1", name: "Globex Training", language: "enUS", timeZone: null, primaryEmail: null }], [], []]);
    expect(brands.get("p1")!.brand.platformName).toBe("Globex Training");
  });

  it("Help on a partner's domain never offers the product's support address", async () => {
    const host = `learn${Date.now().toString(36)}.nosupport.test`;
    await addPartnerWithDomain({ host });
    const partnerHelp = await (await call("/help", { host })).text();
    expect(partnerHelp).toContain("<title>Help · Fixture Co</title>");
    expect(partnerHelp).not.toContain(DEFAULT_STYLING.supportEmail!);
    expect(await (await call("/help")).text()).toContain(DEFAULT_STYLING.supportEmail!);
  });

  it("a calendar file is produced by the partner, not the product", () => {
    const ics = sessionCalendar(
      {
        platformName: "Northwind Learn",
        workoutName: "Dashboards",
        customerName: "Fabrikam",
        link: "https://learn.northwind.test/bookings",
        sequence: 1,
        sessions: [{ lineId: "l1", name: "Kick-off", scheduledAt: "2026-12-01T09:00:00.000Z", lengthMinutes: 60 }],
      },
      "publish",
    )!;
    expect(ics).toContain("PRODID:-//Northwind Learn//bookings//EN");
    expect(ics).not.toMatch(/PRODID:.*TechFIT/i);
  });

  it("the domain check has a neutral name by default, and the operator's own when set", async () => {
    const partner = await newPartner("Umbrella Learning");
    const uri = `learn${Date.now().toString(36)}.umbrella.test`;
    const added = await json(await apiAs(partner.token).post("/v1/admin/custom-domains", { uri }));
    expect(added.txtRecord.name).toBe(`_domain-verification.${uri}`);

    const bindings = { DOMAIN_VERIFICATION_NAME: "Acme-Check" };
    const listed = await json(await apiAs(partner.token, { bindings }).get("/v1/admin/custom-domains"));
    expect(listed.items[0].txtRecord.name).toBe(`_acme-check.${uri}`);
    const answered = await call("/.well-known/acme-check", { host: DEMO.northwind.domain, bindings });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("seed-northwind-verification");
    // The default path no longer answers the token.
    expect(await (await call("/.well-known/domain-verification", { host: DEMO.northwind.domain, bindings })).text()).not.toBe("seed-northwind-verification");
    // A name that is not a DNS label falls back to the neutral one.
    const fallback = await call("/.well-known/domain-verification", { host: DEMO.northwind.domain, bindings: { DOMAIN_VERIFICATION_NAME: "_bad name" } });
    expect(await fallback.text()).toBe("seed-northwind-verification");
  });
});
