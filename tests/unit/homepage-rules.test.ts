import { describe, expect, it } from "vitest";
import { HomepageLayoutBody, HomepageLayoutShape, ROW_CAPACITY, homepageIssues, slotTypesFor } from "../../contract/homepage";
import { MESSAGES } from "../../contract/messages";
import { weakestCategories } from "../../worker/domain/recommendations";

const id = "3f0b9a52-2d1c-4c55-9a51-7a8f0f0c1a11";
const hero = { isHero: true, slots: [{ itemType: "featuredGroup", heroText: "Hello" }] };
const row = (slot: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "carouselSingle",
  title: "T",
  subtitle: "S",
  slots: [slot],
  ...extra,
});
const issues = (rows: unknown[]) => homepageIssues(HomepageLayoutShape.parse({ rows }));
const at = (rows: unknown[]) => Object.fromEntries(issues(rows).map((i) => [i.path.join("."), i.message]));

describe("homepage rules", () => {
  it("accepts a hero and one complete row of each slot type", () => {
    expect(issues([hero, row({ itemType: "category", category: "strategy" })])).toEqual([]);
    expect(issues([hero, row({ itemType: "workout", workoutIds: [id] })])).toEqual([]);
    expect(issues([hero, row({ itemType: "program", workoutIds: [id] })])).toEqual([]);
    expect(issues([hero, row({ itemType: "featuredGroup", featuredGroupId: id })])).toEqual([]);
    expect(issues([hero, row({ itemType: "recommended" })])).toEqual([]);
    expect(issues([hero, row({ itemType: "media", mediaUrl: "https://x.test/v", mediaDisplayType: "short" }, { type: "mediaSingle" })])).toEqual([]);
  });

  it.each([
    ["at least one row", [hero], { rows: MESSAGES.atLeastOneRow }],
    ["the hero row cannot be deleted", [row({ itemType: "recommended" })], { rows: MESSAGES.heroRowFixed }],
    ["the hero row cannot be moved", [row({ itemType: "recommended" }), hero], { "rows.1": MESSAGES.heroRowFixed }],
    ["only one hero slot (two hero rows)", [hero, row({ itemType: "recommended" }), hero], { "rows.2": MESSAGES.oneHeroSlot }],
    [
      "only one hero slot (two slots)",
      [{ isHero: true, slots: [hero.slots[0], hero.slots[0]] }, row({ itemType: "recommended" })],
      { "rows.0.slots": MESSAGES.oneHeroSlot },
    ],
    [
      "hero text required",
      [{ isHero: true, slots: [{ itemType: "featuredGroup" }] }, row({ itemType: "recommended" })],
      { "rows.0.slots.0.heroText": MESSAGES.heroTextRequired },
    ],
    ["title required", [hero, row({ itemType: "recommended" }, { title: " " })], { "rows.1.title": MESSAGES.titleRequired }],
    ["subtitle required", [hero, row({ itemType: "recommended" }, { subtitle: "" })], { "rows.1.subtitle": MESSAGES.subtitleRequired }],
    ["a category must be set", [hero, row({ itemType: "category" })], { "rows.1.slots.0.category": MESSAGES.categoryRequired }],
    ["a workout per workout slot", [hero, row({ itemType: "workout" })], { "rows.1.slots.0.workoutIds": MESSAGES.slotNeedsItem }],
    ["a workout per program slot", [hero, row({ itemType: "program", workoutIds: [] })], { "rows.1.slots.0.workoutIds": MESSAGES.slotNeedsItem }],
    ["a featured group per group slot", [hero, row({ itemType: "featuredGroup" })], { "rows.1.slots.0.featuredGroupId": MESSAGES.slotNeedsItem }],
    ["a slot per row", [hero, { type: "carouselSingle", title: "T", subtitle: "S", slots: [] }], { "rows.1.slots": MESSAGES.slotNeedsItem }],
    [
      "start date required with an end date",
      [hero, row({ itemType: "recommended", endDate: "2030-01-01" })],
      { "rows.1.slots.0.startDate": MESSAGES.startDateRequired },
    ],
    [
      "end after start",
      [hero, row({ itemType: "recommended", startDate: "2030-01-01", endDate: "2030-01-01" })],
      { "rows.1.slots.0.endDate": MESSAGES.endAfterStart },
    ],
    [
      "a media slot only in a media row",
      [hero, row({ itemType: "media", mediaUrl: "https://x.test/v", mediaDisplayType: "full" })],
      { "rows.1.slots.0.itemType": MESSAGES.required },
    ],
    [
      "no more slots than the type holds",
      [hero, row({ itemType: "recommended" }, { slots: [{ itemType: "recommended" }, { itemType: "recommended" }] })],
      { "rows.1.slots": MESSAGES.invalidQuantity },
    ],
  ])("%s", (_name, rows, expected) => {
    expect(at(rows)).toEqual(expected);
  });

  it("the body schema turns the same issues into field errors", () => {
    const parsed = HomepageLayoutBody.safeParse({ rows: [hero] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["rows", MESSAGES.atLeastOneRow]]);
  });

  it("row capacities and slot types", () => {
    expect(ROW_CAPACITY).toEqual({ carouselSingle: 1, carouselDouble: 2, featuredCard: 1, mediaSingle: 1, mediaDouble: 2 });
    expect(slotTypesFor("mediaDouble")).toEqual(["media"]);
    expect(slotTypesFor("carouselDouble")).not.toContain("media");
  });
});

describe("weakest score categories (recommendations)", () => {
  it("ranks each category's latest score, lowest first, at most two", () => {
    expect(
      weakestCategories([
        { category: "strategy", score: 80 },
        { category: "aiAndAutomation", score: 40 },
        { category: "strategy", score: 10 }, // older: ignored
        { category: "dataAndInsights", score: 60 },
      ]),
    ).toEqual(["aiAndAutomation", "dataAndInsights"]);
    expect(weakestCategories([])).toEqual([]);
    // Ties follow the catalogue's order of categories.
    expect(
      weakestCategories([
        { category: "strategy", score: 50 },
        { category: "aiAndAutomation", score: 50 },
      ]),
    ).toEqual(["aiAndAutomation", "strategy"]);
  });
});
