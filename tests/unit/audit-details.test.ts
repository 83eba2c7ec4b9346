import { describe, expect, it } from "vitest";
import { auditDetails, type ValueContext } from "../../client/components/AuditTrail";
import { translate } from "../../client/lib/i18n";
import { formatDate } from "../../client/lib/dates";
import type { AuditEntryDto } from "../../contract/audit";

/** The trail's words for settings changed: labels, weekdays, dates, minutes and money, never a stored code or JSON. */
const v: ValueContext = {
  t: (key, values) => translate(key, values, "enUS"),
  format: (value, style = "short") => formatDate(value, style, "enUS", { timeZone: "UTC" }),
  language: "enUS",
  locale: "en-US",
};
const entry = (field: AuditEntryDto["field"], change: AuditEntryDto["change"]): AuditEntryDto => ({
  id: "e",
  code: "availabilityChanged",
  subjectType: "availability",
  subjectId: "s",
  subject: null,
  category: null,
  change,
  field,
  reason: null,
  by: "Ada Lovelace",
  bySystem: false,
  createdAt: "2033-01-01T00:00:00.000Z",
});

describe("audit trail details of settings", () => {
  it("read weekly hours, overrides, minutes, money, terms and periods in words", () => {
    const hours = auditDetails(
      v,
      entry("weeklyHours", {
        kind: "hours",
        from: JSON.stringify([{ day: 1, ranges: [{ start: "09:00", end: "12:00" }] }]),
        to: JSON.stringify([
          { day: 1, ranges: [{ start: "10:00", end: "12:00" }] },
          { day: 5, ranges: [] },
        ]),
      }),
    );
    expect(hours).toEqual(["weekly hours", "Mon 09:00–12:00 → Mon 10:00–12:00; Fri closed"]);
    const overrides = auditDetails(v, entry("dateOverrides", { kind: "overrides", from: null, to: JSON.stringify([{ date: "2033-02-01", ranges: [] }]) }));
    expect(overrides[1]).toMatch(/^none → .*2033.* closed$/);
    expect(overrides[1]).not.toContain("{");
    expect(auditDetails(v, entry("buffer", { kind: "minutes", from: 15, to: 30 }))).toEqual(["buffer between sessions", "15 min → 30 min"]);
    expect(auditDetails(v, entry("price", { kind: "money", from: "9900 USD", to: "12900 USD" }))).toEqual(["price", "$99.00 → $129.00"]);
    expect(auditDetails(v, entry("commitmentTerm", { kind: "term", from: "monthly", to: "annual" }))).toEqual(["commitment term", "Monthly → Annual"]);
    expect(auditDetails(v, entry("refreshPeriod", { kind: "period", from: "monthly", to: "quarterly" }))).toEqual(["credit refresh", "Monthly → Quarterly"]);
    expect(auditDetails(v, entry("timeZone", { kind: "name", from: null, to: "Asia/Tokyo" }))).toEqual(["time zone", "none → Asia/Tokyo"]);
  });

  it("name a partner's change of time zone in words, from → to", () => {
    const zone = { ...entry("timeZone", { kind: "name", from: "Europe/Berlin", to: "Asia/Tokyo" }), code: "accountTimeZoneChanged" as const };
    for (const language of ["enUS", "enGB", "enAU"] as const) {
      expect(translate(`enum.AuditCode.${zone.code}`, {}, language)).toBe("Partner's time zone changed");
    }
    expect(auditDetails(v, zone)).toEqual(["time zone", "Europe/Berlin → Asia/Tokyo"]);
  });
});
