import { describe, expect, it } from "vitest";
import { Category } from "../../contract/enums";
import * as data from "../../db/seed/data";
import { DEMO, DEMO_FILES } from "../../db/seed/data";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("demo seed data", () => {
  it("adds every workout's session lengths up to its total time", () => {
    for (const workout of data.workoutRows) {
      const sessions = data.sessionRows.filter((s) => s.workoutId === workout.id);
      expect(sessions.length, workout.name).toBeGreaterThanOrEqual(2);
      expect(sessions.length, workout.name).toBeLessThanOrEqual(4);
      const total = sessions.reduce((sum, s) => sum + s.lengthMinutes, 0);
      expect(total, workout.name).toBe(workout.totalMinutes);
      expect(
        sessions.map((s) => s.sequence),
        workout.name,
      ).toEqual(sessions.map((_, i) => i + 1));
    }
  });

  it("has at least one available workout per category in Northwind's library", () => {
    const available = data.libraryEntryRows.filter((e) => e.accountId === DEMO.northwind.id && e.status === "available");
    const categories = new Set(available.map((e) => data.workoutRows.find((w) => w.id === e.workoutId)!.category));
    for (const category of Category) expect(categories, category).toContain(category);
  });

  it("has one draft and one archived workout for realism", () => {
    const statuses = data.libraryEntryRows.map((e) => e.status);
    expect(statuses.filter((s) => s === "draft")).toHaveLength(1);
    expect(statuses.filter((s) => s === "archived")).toHaveLength(1);
  });

  it("gives the two partners distinct 6-digit TANs", () => {
    const tans = data.partnerAccounts.map((a) => a.tan);
    expect(tans).toHaveLength(2);
    for (const tan of tans) expect(tan).toMatch(/^\d{6}$/);
    expect(new Set(tans).size).toBe(2);
    expect(tans).toEqual([DEMO.northwind.tan, DEMO.contoso.tan]);
  });

  it("links every customer to one of the two partners", () => {
    const partnerIds = data.partnerAccounts.map((a) => a.id);
    for (const customer of data.customerAccounts) {
      expect(customer.type).toBe("customer");
      expect(partnerIds).toContain(customer.parentAccountId);
      expect(customer.tan ?? null).toBeNull();
    }
    for (const partner of ["northwind", "contoso"] as const) {
      const count = Object.values(DEMO.customers).filter((c) => c.partner === partner).length;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(3);
    }
  });

  it("prices every workout on plan (credits) and off plan (money), delivered by its author", () => {
    for (const workout of data.workoutRows) {
      const lines = data.pricingLineRows.filter((l) => l.workoutId === workout.id);
      expect(
        lines.filter((l) => l.onPlan && l.pricingType === "unit"),
        workout.name,
      ).toHaveLength(1);
      expect(
        lines.filter((l) => !l.onPlan && l.pricingType === "value"),
        workout.name,
      ).toHaveLength(1);
      const partners = data.deliveryPartnerRows.filter((d) => d.workoutId === workout.id);
      expect(partners, workout.name).toHaveLength(1);
      expect(partners[0]?.partnerAccountId).toBe(workout.accountId);
      expect(partners[0]?.selectionPercent).toBe(100);
    }
  });

  it("gives each customer 12 credits through a plan adjustment", () => {
    for (const customer of Object.values(DEMO.customers)) {
      const lines = data.creditLineRows.filter((l) => l.accountId === customer.id);
      expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(12);
      expect(lines.every((l) => l.itemType === "planAdjustment")).toBe(true);
    }
  });

  it("uses unique, valid UUIDs for every row", () => {
    const tables = (Object.entries(data) as [string, unknown][]).filter(
      (entry): entry is [string, { id?: string }[]] => Array.isArray(entry[1]) && (entry[0].endsWith("Rows") || entry[0].endsWith("Accounts")),
    );
    const ids = tables.flatMap(([, rows]) => rows.map((r) => r.id));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("points each partner styling at a simple SVG logo among the demo files", () => {
    for (const styling of data.stylingRows) {
      const file = DEMO_FILES.find((f) => f.key === styling.logoKey);
      expect(file, styling.logoKey ?? "").toBeDefined();
      expect(file!.contentType).toBe("image/svg+xml");
      expect(file!.body).toMatch(/^<svg /);
      expect(file!.body).not.toMatch(/<script|on\w+=|href=|xlink/i);
    }
  });
});
