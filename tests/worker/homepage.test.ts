import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { TOP_PICKS, type HomepageCustomerPreview, type HomepageLayoutBody, type HomepageLayoutDto, type HomepageView } from "../../contract/homepage";
import { MESSAGES } from "../../contract/messages";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { homepageOf } from "../../worker/data/homepage";
import type { PartnerAdminScope } from "../../worker/http/endpoint";
import { apiAs, PNG } from "./auth";
import { assignParent } from "./flows-setup";
import { call, json } from "./helpers";
import { first, nth } from "../present";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB);
const W = DEMO.workouts;

/** Every row and slot of a partner, to prove a refused write changed nothing. */
const snapshot = async (accountId: string) => ({
  rows: await db.select().from(schema.homepageRows).where(eq(schema.homepageRows.accountId, accountId)),
  slots: await db.select().from(schema.homepageSlots).where(eq(schema.homepageSlots.accountId, accountId)),
});

const hero = { isHero: true, slots: [{ itemType: "featuredGroup", heroText: "Fit for the future", title: "Welcome", subtitle: null }] };
const carousel = (workoutIds: string[], extra: Record<string, unknown> = {}) => ({
  isHero: false,
  type: "carouselSingle",
  title: "Picked for you",
  subtitle: "Two to start with",
  slots: [{ itemType: "workout", workoutIds, ...extra }],
});
const media = {
  isHero: false,
  type: "mediaSingle",
  title: "See it in action",
  subtitle: "A short film",
  slots: [{ itemType: "media", mediaUrl: "https://video.example.com/watch/1", mediaDisplayType: "full" }],
};
const valid = (): HomepageLayoutBody => ({ rows: [hero, media, carousel([W.modernMeetings, W.phishingResilience])] }) as HomepageLayoutBody;

describe("homepage builder API", () => {
  it("reads the seeded layout: the hero first, then the rows in order; Contoso has none", async () => {
    const res = await apiAs("partnerAdmin").get("/v1/admin/homepage");
    expect(res.status).toBe(200);
    const layout = await json<HomepageLayoutDto>(res);
    expect(layout.configured).toBe(true);
    expect(layout.rows.map((r) => [r.isHero, r.type])).toEqual([
      [true, null],
      [false, "carouselSingle"],
      [false, "carouselDouble"],
    ]);
    expect(first(first(layout.rows).slots).heroText).toBe("Get your teams fit for the future of work");
    expect(layout.names[DEMO.northwind.featuredGroupId]).toBe("Quick wins");
    const contoso = await json<HomepageLayoutDto>(await apiAs("otherPartnerAdmin").get("/v1/admin/homepage"));
    expect(contoso).toMatchObject({ configured: false, rows: [] });
  });

  it("replaces the whole layout in one save: old rows go, the new ones keep the order sent", async () => {
    const before = await snapshot(DEMO.northwind.id);
    const res = await apiAs("partnerAdmin").put("/v1/admin/homepage", valid());
    expect(res.status).toBe(200);
    const saved = await json<HomepageLayoutDto>(res);
    expect(saved.rows.map((r) => r.type)).toEqual([null, "mediaSingle", "carouselSingle"]);
    expect(first(nth(saved.rows, 2).slots).workoutIds).toEqual([W.modernMeetings, W.phishingResilience]);
    expect(saved.names[W.modernMeetings]).toBe("Modern Meetings");
    const after = await snapshot(DEMO.northwind.id);
    expect(after.rows).toHaveLength(3);
    expect(after.slots).toHaveLength(3);
    const oldIds = new Set(before.rows.map((r) => r.id));
    expect(after.rows.some((r) => oldIds.has(r.id))).toBe(false);
    expect(after.rows.map((r) => r.sequence)).toEqual(expect.arrayContaining([0, 1, 2]));
  });

  it("saves a full layout of many rows and slots (more values than one statement may bind)", async () => {
    const double = {
      isHero: false,
      type: "carouselDouble",
      title: "Pairs",
      subtitle: "Side by side",
      slots: [carousel([W.modernMeetings]).slots[0], carousel([W.drTabletop]).slots[0]],
    };
    const body = { rows: [hero, double, double, double, media, carousel([W.phishingResilience])] };
    const res = await apiAs("partnerAdmin").put("/v1/admin/homepage", body);
    expect(res.status).toBe(200);
    const after = await snapshot(DEMO.northwind.id);
    expect(after.rows).toHaveLength(6);
    expect(after.slots).toHaveLength(9);
    expect((await apiAs("partnerAdmin").put("/v1/admin/homepage", valid())).status).toBe(200);
  });

  // The rules table, each a 400 on its field with nothing written.
  const rules: [string, () => unknown, string, string][] = [
    ["no row after the hero", () => ({ rows: [hero] }), "rows", MESSAGES.atLeastOneRow],
    ["no hero row (deleted)", () => ({ rows: [media] }), "rows", MESSAGES.heroRowFixed],
    ["the hero row moved down", () => ({ rows: [media, hero] }), "rows.1", MESSAGES.heroRowFixed],
    ["two hero rows", () => ({ rows: [hero, media, hero] }), "rows.2", MESSAGES.oneHeroSlot],
    ["two slots in the hero row", () => ({ rows: [{ ...hero, slots: [hero.slots[0], hero.slots[0]] }, media] }), "rows.0.slots", MESSAGES.oneHeroSlot],
    [
      "no hero text",
      () => ({ rows: [{ ...hero, slots: [{ itemType: "featuredGroup", heroText: " " }] }, media] }),
      "rows.0.slots.0.heroText",
      MESSAGES.heroTextRequired,
    ],
    ["a row without a title", () => ({ rows: [hero, { ...media, title: "" }] }), "rows.1.title", MESSAGES.titleRequired],
    ["a row without a subtitle", () => ({ rows: [hero, { ...media, subtitle: null }] }), "rows.1.subtitle", MESSAGES.subtitleRequired],
    [
      "a category slot without its category",
      () => ({ rows: [hero, carousel([], { itemType: "category", category: null })] }),
      "rows.1.slots.0.category",
      MESSAGES.categoryRequired,
    ],
    ["a workout slot without workouts", () => ({ rows: [hero, carousel([])] }), "rows.1.slots.0.workoutIds", MESSAGES.slotNeedsItem],
    [
      "a featured group slot without its group",
      () => ({ rows: [hero, carousel([], { itemType: "featuredGroup" })] }),
      "rows.1.slots.0.featuredGroupId",
      MESSAGES.slotNeedsItem,
    ],
    [
      "an end date without a start date",
      () => ({ rows: [hero, carousel([W.modernMeetings], { endDate: "2099-01-01" })] }),
      "rows.1.slots.0.startDate",
      MESSAGES.startDateRequired,
    ],
    [
      "an end date not after the start",
      () => ({ rows: [hero, carousel([W.modernMeetings], { startDate: "2099-01-02", endDate: "2099-01-01" })] }),
      "rows.1.slots.0.endDate",
      MESSAGES.endAfterStart,
    ],
    [
      "a slot starting before today",
      () => ({ rows: [hero, media, carousel([W.modernMeetings], { startDate: "2001-01-01", endDate: "2099-01-01" })] }),
      "rows.2.slots.0.startDate",
      MESSAGES.startBeforeToday,
    ],
    [
      "a hero slot starting before today",
      () => ({ rows: [{ ...hero, slots: [{ ...hero.slots[0], startDate: "2001-01-01" }] }, media] }),
      "rows.0.slots.0.startDate",
      MESSAGES.startBeforeToday,
    ],
    [
      "a workout listed twice in a slot",
      () => ({ rows: [hero, carousel([W.modernMeetings, W.phishingResilience, W.modernMeetings])] }),
      "rows.1.slots.0.workoutIds.2",
      MESSAGES.invalidSequence,
    ],
    ["a row without a type", () => ({ rows: [hero, { ...media, type: null }] }), "rows.1.type", MESSAGES.required],
    [
      "a media row without media",
      () => ({ rows: [hero, { ...media, slots: [{ itemType: "media", mediaDisplayType: "short" }] }] }),
      "rows.1.slots.0.mediaUrl",
      MESSAGES.required,
    ],
    [
      "more slots than the row type holds",
      () => ({ rows: [hero, { ...media, slots: [media.slots[0], media.slots[0]] }] }),
      "rows.1.slots",
      MESSAGES.invalidQuantity,
    ],
    ["a workout outside the partner's library", () => ({ rows: [hero, carousel([W.excelForAnalysts])] }), "rows.1.slots.0.workoutIds.0", "Workout not found"],
    [
      "another partner's featured group",
      () => ({ rows: [hero, carousel([], { itemType: "featuredGroup", featuredGroupId: DEMO.contoso.featuredGroupId })] }),
      "rows.1.slots.0.featuredGroupId",
      "Featured group not found",
    ],
    [
      "another partner's uploaded image",
      () => ({ rows: [hero, { ...media, slots: [{ itemType: "media", mediaKey: `public/homepage/${DEMO.contoso.id}/x.png`, mediaDisplayType: "short" }] }] }),
      "rows.1.slots.0.mediaKey",
      "Media not found",
    ],
  ];
  it("takes a slot starting today, and keeps a start from the past the stored layout already has", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const saved = await apiAs("partnerAdmin").put("/v1/admin/homepage", {
      rows: [hero, carousel([W.modernMeetings], { startDate: day, endDate: "2099-01-01" })],
    });
    expect(saved.status).toBe(200);
    // The window began long ago (stored on an earlier day): saving the layout as read keeps it.
    await db.update(schema.homepageSlots).set({ startDate: "2002-03-04" }).where(eq(schema.homepageSlots.startDate, day));
    const stored = await json<HomepageLayoutDto>(await apiAs("partnerAdmin").get("/v1/admin/homepage"));
    const again = await apiAs("partnerAdmin").put("/v1/admin/homepage", { rows: stored.rows.map(({ id: _id, ...row }) => row) });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(first(nth((await json<HomepageLayoutDto>(again)).rows, 1).slots).startDate).toBe("2002-03-04");
    // Another past start is still refused.
    const moved = await apiAs("partnerAdmin").put("/v1/admin/homepage", { rows: [hero, carousel([W.modernMeetings], { startDate: "2002-03-05" })] });
    expect((await json(moved)).error.fields).toEqual({ "rows.1.slots.0.startDate": MESSAGES.startBeforeToday });
    expect((await apiAs("partnerAdmin").put("/v1/admin/homepage", valid())).status).toBe(200);
  });

  it.each(rules)("refuses %s (400 on the field, nothing written)", async (_name, body, field, message) => {
    const before = await snapshot(DEMO.northwind.id);
    const res = await apiAs("partnerAdmin").put("/v1/admin/homepage", body());
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields[field]).toBe(message);
    expect(await snapshot(DEMO.northwind.id)).toEqual(before);
  });

  it("is all or nothing: a replace that fails half-way leaves the stored layout as it was", async () => {
    const before = await snapshot(DEMO.northwind.id);
    const scope = { account: { id: DEMO.northwind.id, type: "partner" }, role: "owner" } as unknown as PartnerAdminScope;
    // A featured group that does not exist breaks the slot insert (foreign key) after the deletes ran in the batch.
    const broken = {
      rows: [
        { ...hero, isHero: true, type: null, title: null, subtitle: null, slots: [] },
        { isHero: false, type: "carouselSingle", title: "T", subtitle: "S", slots: [] },
      ],
    };
    const slot = {
      itemType: "featuredGroup" as const,
      category: null,
      featuredGroupId: crypto.randomUUID(),
      workoutIds: [],
      mediaKey: null,
      mediaUrl: null,
      mediaDisplayType: null,
      heroText: null,
      title: null,
      subtitle: null,
      linkUrl: null,
      startDate: null,
      endDate: null,
    };
    nth(broken.rows, 1).slots = [slot] as never;
    await expect(homepageOf(db, scope).replace(broken as never)).rejects.toThrow();
    expect(await snapshot(DEMO.northwind.id)).toEqual(before);
  });

  it("keeps each partner to its own layout and its owners and admins (401, 403)", async () => {
    const northwind = await snapshot(DEMO.northwind.id);
    const contosoSave = await apiAs("otherPartnerAdmin").put("/v1/admin/homepage", { rows: [hero, media] });
    expect(contosoSave.status).toBe(200);
    expect(await snapshot(DEMO.northwind.id)).toEqual(northwind);
    expect((await json<HomepageLayoutDto>(await apiAs("partnerAdmin").get("/v1/admin/homepage"))).rows).toHaveLength(3);
    expect((await apiAs("partnerMember").put("/v1/admin/homepage", valid())).status).toBe(403);
    expect((await apiAs("partnerMember").get("/v1/admin/homepage")).status).toBe(403);
    expect((await apiAs("customerAdmin").put("/v1/admin/homepage", valid())).status).toBe(403);
    expect((await apiAs("customerAdmin").post("/v1/admin/homepage/preview", valid())).status).toBe(403);
    expect((await apiAs(null).get("/v1/admin/homepage")).status).toBe(401);
    expect((await apiAs(null).put("/v1/admin/homepage", valid())).status).toBe(401);
    expect((await apiAs(null).get("/v1/homepage")).status).toBe(401);
    expect(await snapshot(DEMO.northwind.id)).toEqual(northwind);
    // Put Contoso back to "not set up" for the reader tests below.
    await (await shardDbOf(DEMO.contoso.id)).delete(schema.homepageRows).where(eq(schema.homepageRows.accountId, DEMO.contoso.id));
  });

  it("stores an uploaded image under the partner's own prefix, refuses other files", async () => {
    const fd = new FormData();
    fd.set("file", PNG, "hero.png");
    const res = await apiAs("partnerAdmin").post("/v1/admin/homepage/media", fd);
    expect(res.status).toBe(201);
    const { key, url } = await json(res);
    expect(key).toMatch(new RegExp(`^public/homepage/${DEMO.northwind.id}/[0-9a-f-]+\\.png$`));
    expect(url).toBe(`/files/${key}`);
    expect(await env.UPLOADS.head(key)).not.toBeNull();
    const text = new FormData();
    text.set("file", new Blob(["<svg/>"], { type: "image/svg+xml" }), "x.svg");
    expect((await apiAs("partnerAdmin").post("/v1/admin/homepage/media", text)).status).toBe(415);
    expect((await apiAs("customerAdmin").post("/v1/admin/homepage/media", fd)).status).toBe(403);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await json(await call("/v1/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/admin/homepage", "/v1/admin/homepage/preview", "/v1/admin/homepage/media", "/v1/homepage"]),
    );
  });
});

describe("the reader's Home", () => {
  const save = async (body: unknown) => {
    const res = await apiAs("partnerAdmin").put("/v1/admin/homepage", body);
    expect(res.status).toBe(200);
  };
  const ids = (view: HomepageView) => view.rows.map((r) => r.slots.map((s) => s.workouts.map((w) => w.id)));

  it("gives a customer its partner's homepage in one answer, rows in order, items it may see", async () => {
    await save(valid());
    const res = await apiAs("customerMember").get("/v1/homepage");
    expect(res.status).toBe(200);
    const view = await json<HomepageView>(res);
    expect(view.configured).toBe(true);
    expect(view.hero).toEqual({ heroText: "Fit for the future", title: "Welcome", subtitle: null });
    expect(view.rows.map((r) => r.type)).toEqual(["mediaSingle", "carouselSingle"]);
    expect(first(first(view.rows).slots).media).toEqual({ kind: "video", url: "https://video.example.com/watch/1", displayType: "full" });
    expect(ids(view)[1]).toEqual([[W.modernMeetings, W.phishingResilience]]);
    expect(first(first(nth(view.rows, 1).slots).workouts)).toMatchObject({ title: "Modern Meetings", price: expect.anything(), image: null });
    expect(view.attention).toBeNull();
  });

  it("leaves out workouts the catalogue would not show the reader, and slots outside their dates", async () => {
    const dashboards = first(await db.select().from(schema.workouts).where(eq(schema.workouts.id, W.dashboards)));
    // Dashboards visible only to charities: Fabrikam (manufacturing) must not see it.
    await db
      .update(schema.workouts)
      .set({ visibility: { operator: "and", conditions: [{ field: "industry", comparator: "in", values: ["charity"] }] } })
      .where(eq(schema.workouts.id, W.dashboards));
    try {
      await save({
        rows: [
          hero,
          carousel([W.intranetRefresh, W.dashboards, W.modernMeetings, W.digitalStrategySprint]),
          { ...carousel([W.phishingResilience], { startDate: "2099-01-01", endDate: "2099-02-01" }), title: "Later" },
          { ...carousel([W.drTabletop]), title: "Earlier" },
          { ...carousel([], { itemType: "category", category: "dataAndInsights" }), title: "Data" },
        ],
      });
      // A window that has passed (a save cannot start one in the past: it is stored from an earlier day).
      const earlier = first(await db.select().from(schema.homepageRows).where(eq(schema.homepageRows.title, "Earlier")));
      await db.update(schema.homepageSlots).set({ startDate: "2000-01-01", endDate: "2000-02-01" }).where(eq(schema.homepageSlots.rowId, earlier.id));
      const view = await json<HomepageView>(await apiAs("customerMember").get("/v1/homepage"));
      // Draft (intranet), archived (strategy sprint) and the expression (dashboards) are gone; future and past slots are hidden.
      expect(view.rows.map((r) => r.title)).toEqual(["Picked for you", "Data"]);
      expect(ids(view)[0]).toEqual([[W.modernMeetings]]);
      expect(first(nth(ids(view), 1))).toEqual([W.dataLiteracy]);
      // The partner's own members preview without the customer's expression, like the catalogue.
      const partnerView = await json<HomepageView>(await apiAs("partnerMember").get("/v1/homepage"));
      expect(ids(partnerView)[0]).toEqual([[W.dashboards, W.modernMeetings]]);
    } finally {
      await db.update(schema.workouts).set({ visibility: dashboards.visibility }).where(eq(schema.workouts.id, W.dashboards));
    }
  });

  it("fills 'recommended' from the reader's weakest score categories, like the customer details", async () => {
    await save({ rows: [hero, { ...carousel([], { itemType: "recommended" }), title: "For you" }] });
    const view = await json<HomepageView>(await apiAs("customerAdmin").get("/v1/homepage"));
    const details = await json(await apiAs("partnerAdmin").get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}`));
    expect(details.recommendations.basis).toBe("scores");
    expect(first(first(ids(view)))).toEqual(details.recommendations.workouts.map((w: { id: string }) => w.id));
    expect(first(first(view.rows).slots).workouts.length).toBeGreaterThan(0);
    expect(first(first(view.rows).slots).workouts.every((w) => details.recommendations.categories.includes(w.category))).toBe(true);
  });

  it("says 'not set up' to a customer of a partner without a homepage, never another partner's", async () => {
    const view = await json<HomepageView>(await apiAs("otherCustomerAdmin").get("/v1/homepage"));
    expect(view).toEqual({ configured: false, hero: null, rows: [], attention: null });
  });

  it("shows a partner's members its own homepage and what needs their attention", async () => {
    const before = (await json<HomepageView>(await apiAs("partnerMember").get("/v1/homepage"))).attention!;
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    const job = (status: "awaitingConfirmation" | "confirmed", updatedAt: string) => ({
      id: crypto.randomUUID(),
      accountId: DEMO.customers.fabrikam.id,
      partnerAccountId: DEMO.northwind.id,
      deliveryPartnerAccountId: DEMO.northwind.id,
      workoutId: W.modernMeetings,
      status,
      createdAt: updatedAt,
      updatedAt,
    });
    const fresh = job("awaitingConfirmation", now.toISOString());
    const old = job("awaitingConfirmation", daysAgo(2));
    const booked = job("confirmed", now.toISOString());
    await db.insert(schema.jobs).values([fresh, old, booked]);
    const session = first(await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, W.modernMeetings)));
    await db.insert(schema.jobLines).values({
      id: crypto.randomUUID(),
      accountId: DEMO.customers.fabrikam.id,
      jobId: booked.id,
      sessionId: session.id,
      sequence: 1,
      status: "confirmed",
      scheduledAt: now.toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    const view = await json<HomepageView>(await apiAs("partnerMember").get("/v1/homepage"));
    expect(view.configured).toBe(true);
    expect(view.attention).toEqual({ awaitingConfirmation: before.awaitingConfirmation + 2, overdue: before.overdue + 1, today: before.today + 1 });
    // Another partner's jobs are not counted, and its Home is its own (not set up).
    const contoso = await json<HomepageView>(await apiAs("otherPartnerAdmin").get("/v1/homepage"));
    expect(contoso.configured).toBe(false);
    expect(contoso.attention).toEqual({ awaitingConfirmation: 0, overdue: 0, today: 0 });
  });

  it("previews a draft without saving it", async () => {
    const before = await snapshot(DEMO.northwind.id);
    const res = await apiAs("partnerAdmin").post("/v1/admin/homepage/preview", { rows: [hero, carousel([W.drTabletop])] });
    expect(res.status).toBe(200);
    expect(ids(await json<HomepageView>(res))).toEqual([[[W.drTabletop]]]);
    expect(await snapshot(DEMO.northwind.id)).toEqual(before);
  });
});

describe("the builder's preview as one of the partner's customers", () => {
  const path = (id: string) => `/v1/admin/homepage/preview/customers/${id}`;
  const draft = () => ({ rows: [{ ...hero, slots: [{ ...first(hero.slots), heroText: "Not saved yet" }] }, carousel([W.modernMeetings, W.dashboards])] });

  it("answers the customer's own Home of the draft, its score summary, credits and top picks, saving nothing", async () => {
    const before = await snapshot(DEMO.northwind.id);
    const res = await apiAs("partnerAdmin").post(path(DEMO.customers.fabrikam.id), draft());
    expect(res.status).toBe(200);
    const preview = await json<HomepageCustomerPreview>(res);
    expect(preview.customer).toEqual({ id: DEMO.customers.fabrikam.id, name: "Fabrikam Manufacturing" });
    expect(preview.home.hero?.heroText).toBe("Not saved yet");
    // Each part is what the customer itself reads from its own endpoints.
    const asCustomer = (p: string) =>
      apiAs("customerAdmin")
        .get(p)
        .then((r) => json(r));
    expect(preview.summary).toEqual(await asCustomer("/v1/scores/summary"));
    expect(preview.balance).toBe((await asCustomer("/v1/entitlements")).balance);
    const catalogue = await asCustomer("/v1/workouts?limit=24");
    expect(preview.topPicks.map((w) => w.id)).toEqual(catalogue.items.slice(0, TOP_PICKS).map((w: { id: string }) => w.id));
    expect(preview.topPicks).toHaveLength(TOP_PICKS);
    expect(await snapshot(DEMO.northwind.id)).toEqual(before);
  });

  it("follows the customer's visibility, not the partner's", async () => {
    const dashboards = first(await db.select().from(schema.workouts).where(eq(schema.workouts.id, W.dashboards)));
    await db
      .update(schema.workouts)
      .set({ visibility: { operator: "and", conditions: [{ field: "industry", comparator: "in", values: ["charity"] }] } })
      .where(eq(schema.workouts.id, W.dashboards));
    try {
      const preview = await json<HomepageCustomerPreview>(await apiAs("partnerAdmin").post(path(DEMO.customers.fabrikam.id), draft()));
      expect(preview.home.rows.map((r) => r.slots.map((s) => s.workouts.map((w) => w.id)))).toEqual([[[W.modernMeetings]]]);
      const asPartner = await json<HomepageView>(await apiAs("partnerAdmin").post("/v1/admin/homepage/preview", draft()));
      expect(first(first(asPartner.rows).slots).workouts.map((w) => w.id)).toEqual([W.modernMeetings, W.dashboards]);
    } finally {
      await db.update(schema.workouts).set({ visibility: dashboards.visibility }).where(eq(schema.workouts.id, W.dashboards));
    }
  });

  it("refuses an id that is not a uuid and a draft of the wrong shape (400)", async () => {
    const badId = await apiAs("partnerAdmin").post(path("not-an-id"), draft());
    expect(badId.status).toBe(400);
    const badBody = await apiAs("partnerAdmin").post(path(DEMO.customers.fabrikam.id), { rows: "none" });
    expect(badBody.status).toBe(400);
  });

  it("is 404 for another partner's customer and an unknown one, 401 without a token, 403 for other roles", async () => {
    expect((await apiAs("partnerAdmin").post(path(DEMO.customers.harbour.id), draft())).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin").post(path(DEMO.customers.fabrikam.id), draft())).status).toBe(404);
    expect((await apiAs("partnerAdmin").post(path(crypto.randomUUID()), draft())).status).toBe(404);
    expect((await apiAs(null).post(path(DEMO.customers.fabrikam.id), draft())).status).toBe(401);
    expect((await apiAs("partnerMember").post(path(DEMO.customers.fabrikam.id), draft())).status).toBe(403);
    expect((await apiAs("customerAdmin").post(path(DEMO.customers.fabrikam.id), draft())).status).toBe(403);
  });

  it("shows a partner only what happened under it for a customer that moved to it from another partner", async () => {
    const fabrikam = DEMO.customers.fabrikam.id;
    // Contoso is on another shard: the link goes through the Queue (202), its step run here.
    const moved = await assignParent("customerAdmin", fabrikam, DEMO.contoso.tan);
    expect(moved.status).toBe(202);
    const preview = await json<HomepageCustomerPreview>(await apiAs("otherPartnerAdmin").post(path(fabrikam), draft()));
    // Northwind's scores, credits and completed workouts stay Northwind's.
    expect(preview.summary).toMatchObject({ score: null, workouts: { completed: 0, remaining: 0, streak: 0 } });
    expect(preview.balance).toBe(0);
    // The customer itself still sees its whole history on its own Home.
    const own = await json(await apiAs("customerAdmin", { accountId: fabrikam }).get("/v1/scores/summary"));
    expect(own.score).not.toBeNull();
  });
});
