import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { VISIBILITY_TOO_DEEP, VISIBILITY_TOO_MANY } from "../../contract/workouts";
import { isPlatformName } from "../../contract/styling";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, multipart, signUp } from "./auth";
import { json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });

const W = DEMO.workouts.copilotFoundations;
const condition = { field: "industry", comparator: "in", values: ["retail"] };
const nested = (depth: number): unknown => (depth === 1 ? { operator: "and", conditions: [condition] } : { operator: "or", conditions: [nested(depth - 1)] });
const visibilityOf = async (id: string) => first(await db.select({ v: schema.workouts.visibility }).from(schema.workouts).where(eq(schema.workouts.id, id))).v;

describe("bounded request bodies", () => {
  it("refuses a visibility expression nested too deep (even 2,000 levels) with a 400 naming the field; nothing written", async () => {
    const before = await visibilityOf(W);
    for (const depth of [6, 2000]) {
      const res = await apiAs("partnerAdmin").put(`/v1/admin/workouts/${W}`, { visibility: nested(depth) });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields["visibility.conditions.0"]).toBe(VISIBILITY_TOO_DEEP);
    }
    expect(await visibilityOf(W)).toEqual(before);
    const ok = await apiAs("partnerAdmin").put(`/v1/admin/workouts/${W}`, { visibility: nested(5) });
    expect(ok.status).toBe(200);
    expect(await visibilityOf(W)).toEqual(nested(5));
  });

  it("refuses more than 50 conditions in all, and more than 50 values in one condition", async () => {
    const groups = Array.from({ length: 6 }, () => ({ operator: "and", conditions: Array.from({ length: 9 }, () => condition) }));
    const many = await apiAs("partnerAdmin").put(`/v1/admin/workouts/${W}`, { visibility: { operator: "or", conditions: groups } });
    expect(many.status).toBe(400);
    expect((await json(many)).error.fields["visibility.conditions"]).toBe(VISIBILITY_TOO_MANY);
    const values = Array.from({ length: 51 }, (_, i) => `v${i}`);
    const wide = await apiAs("partnerAdmin").put(`/v1/admin/workouts/${W}`, { visibility: { operator: "and", conditions: [{ ...condition, values }] } });
    expect(wide.status).toBe(400);
    expect((await json(wide)).error.fields).toEqual({ "visibility.conditions.0": "At most 50 values" });
  });

  it("refuses a JSON body over 1 MB with 413", async () => {
    const huge = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) });
    const res = await apiAs("partnerAdmin").post("/v1/admin/price-groups", huge);
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe("payload_too_large");
  });
});

describe("stored URLs are http or https only", () => {
  const bad = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "JaVaScRiPt:alert(1)", "/relative/path"];

  it("refuses other schemes for attachments of every type, without a file (400 on value, nothing written)", async () => {
    const session = (await json(await apiAs("partnerAdmin").get(`/v1/admin/workouts/${W}`))).sessions[0];
    const before = (await db.select().from(schema.sessionAttachments)).length;
    for (const type of ["document", "video", "image", "introVideo", "link"]) {
      for (const value of bad) {
        const res = await apiAs("partnerAdmin").post(`/v1/admin/workouts/${W}/sessions/${session.id}/attachments`, multipart({ type, value }));
        expect(res.status).toBe(400);
        expect((await json(res)).error.fields.value).toBe("Must be a valid URL");
      }
    }
    expect((await db.select().from(schema.sessionAttachments)).length).toBe(before);
    const good = await apiAs("partnerAdmin").post(
      `/v1/admin/workouts/${W}/sessions/${session.id}/attachments`,
      multipart({ type: "video", value: "https://video.example.com/intro" }),
    );
    expect(good.status).toBe(201);
  });

  it("refuses them in action item links and featured media", async () => {
    const workout = await json(await apiAs("partnerAdmin").get(`/v1/admin/workouts/${W}`));
    for (const value of bad) {
      const sessions = workout.sessions.map((s: { id: string; name: string; lengthMinutes: number }, i: number) => ({
        id: s.id,
        name: s.name,
        lengthMinutes: s.lengthMinutes,
        actionItems: i === 0 ? [{ assigneeType: "customer", stage: "beforeSession", name: "Read", link: value }] : [],
      }));
      const link = await apiAs("partnerAdmin").put(`/v1/admin/workouts/${W}`, { sessions });
      expect(link.status).toBe(400);
      expect((await json(link)).error.fields["sessions.0.actionItems.0.link"]).toBe("Must be a valid URL");
      const details = { ...workout, featuredMedia: [{ type: "video", url: value }] };
      const media = await apiAs("partnerAdmin").put(`/v1/admin/workouts/${W}`, { details });
      expect(media.status).toBe(400);
      expect((await json(media)).error.fields["details.featuredMedia.0.url"]).toBe("Must be a valid URL");
    }
  });

  it("refuses them as an account's website", async () => {
    const profile = {
      name: "Fabrikam",
      industry: "manufacturing",
      size: "100-250",
      primaryEmail: "hello@fabrikam.test",
      currency: "USD",
      location: "US",
      language: "enUS",
    };
    for (const website of ["javascript:alert(1)", "data:text/html,x", "vbscript:x"]) {
      const res = await apiAs("customerAdmin").put(`/v1/admin/accounts/${DEMO.customers.fabrikam.id}/profile`, multipart({ ...profile, website }));
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields.website).toBe("Must be a valid URL");
    }
    const stored = first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.customers.fabrikam.id)));
    expect(stored.website).toMatch(/^https?:\/\//);
  });
});

describe("platform names", () => {
  it("makes a new partner's platform name pass the styling rule, whatever the account's name", async () => {
    const { token } = await signUp("Mallory Maker");
    const name = "<b>{Evil}</b> `Training` \\ Academy Worldwide";
    const res = await apiAs(token).post(
      "/v1/accounts",
      multipart({
        name,
        website: "evil.example.com",
        industry: "technology",
        size: "1-10",
        primaryEmail: "m@evil.example.com",
        currency: "USD",
        location: "US",
        language: "enUS",
        type: "partner",
      }),
    );
    expect(res.status).toBe(201);
    const account = await json(res);
    const styling = first(await db.select().from(schema.stylings).where(eq(schema.stylings.accountId, account.id)));
    expect(isPlatformName(styling.platformName!)).toBe(true);
    expect(styling.platformName).toBe("b Evil /b Training A");
    const served = await json(await apiAs(token, { accountId: account.id }).get("/v1/admin/styles"));
    expect(isPlatformName(served.platformName)).toBe(true);
    // The saved styling still refuses the same name.
    const refused = await apiAs(token).put("/v1/admin/styles", multipart({ ...served, platformName: "<b>x</b>" }));
    expect(refused.status).toBe(400);
  });
});

describe("absent fields are left unchanged", () => {
  it("POST /v1/users with only the theme keeps the names", async () => {
    const { token } = await signUp("Nora Namekeeper");
    const named = await apiAs(token).post("/v1/users", multipart({ firstName: "Nora", lastName: "Keeper" }));
    expect(await json(named)).toMatchObject({ firstName: "Nora", lastName: "Keeper" });
    const themed = await apiAs(token).post("/v1/users", multipart({ theme: "dark" }));
    expect(themed.status).toBe(200);
    expect(await json(themed)).toMatchObject({ firstName: "Nora", lastName: "Keeper", theme: "dark" });
    const cleared = await apiAs(token).post("/v1/users", multipart({ lastName: null }));
    expect(await json(cleared)).toMatchObject({ firstName: "Nora", lastName: null });
  });

  it("a featured group keeps its subtitle and dates when a save leaves them out; the dates are checked against the stored ones", async () => {
    const created = await json(
      await apiAs("partnerAdmin").post("/v1/admin/featured-groups", {
        title: "Keep",
        subtitle: "Kept",
        startDate: "2099-01-01",
        endDate: "2099-12-31",
        workoutIds: [W],
      }),
    );
    const updated = await apiAs("partnerAdmin").put(`/v1/admin/featured-groups/${created.id}`, { title: "Keep it", workoutIds: [W] });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ title: "Keep it", subtitle: "Kept", startDate: "2099-01-01", endDate: "2099-12-31" });
    const order = await apiAs("partnerAdmin").put(`/v1/admin/featured-groups/${created.id}`, { title: "Keep it", endDate: "2098-01-01", workoutIds: [W] });
    expect(order.status).toBe(400);
    expect((await json(order)).error.fields.endDate).toBe("End date cannot be before start date");
  });

  it("the styling keeps its support address when a save leaves it out", async () => {
    const before = await json(await apiAs("partnerAdmin").get("/v1/admin/styles"));
    expect(before.supportEmail).toBeTruthy();
    const { supportEmail: _omitted, id: _id, logo: _l, homepageHeroBackground: _h, loginBackground: _b, ...rest } = before;
    const saved = await apiAs("partnerAdmin").put("/v1/admin/styles", multipart(rest));
    expect(saved.status).toBe(200);
    expect((await json(saved)).supportEmail).toBe(before.supportEmail);
  });
});
