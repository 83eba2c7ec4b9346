import { describe, expect, it } from "vitest";
import { FULL_FOR_MS, firstSeenFull, sawFull, seatFreed } from "../../worker/data/full-slots";

describe("slots seen full", () => {
  it("refuses the first choice naming a slot seen full, only within the moment it is kept", () => {
    const at = 1_000_000;
    sawFull("p", "b", at);
    const choices = [{ slotId: "a" }, { slotId: "b" }, {}];
    expect(firstSeenFull("p", choices, at + FULL_FOR_MS - 1)).toBe(1);
    expect(firstSeenFull("p", choices, at + FULL_FOR_MS)).toBe(-1);
    // Past its moment it is forgotten, not refused again.
    expect(firstSeenFull("p", choices, at)).toBe(-1);
  });

  it("answers only the customers of the partner whose booking saw it fill", () => {
    const at = 1_500_000;
    sawFull("p", "e", at);
    expect(firstSeenFull("p", [{ slotId: "e" }], at + 1)).toBe(0);
    expect(firstSeenFull("q", [{ slotId: "e" }], at + 1)).toBe(-1);
  });

  it("forgets a slot whose seat was given back, for every partner", () => {
    const at = 2_000_000;
    sawFull("p", "c", at);
    sawFull("q", "c", at);
    expect(firstSeenFull("p", [{ slotId: "c" }], at + 1)).toBe(0);
    seatFreed("c");
    expect(firstSeenFull("p", [{ slotId: "c" }], at + 1)).toBe(-1);
    expect(firstSeenFull("q", [{ slotId: "c" }], at + 1)).toBe(-1);
  });

  it("never refuses a choice of times", () => {
    sawFull("p", "d", 3_000_000);
    expect(firstSeenFull("p", [{}, { slotId: undefined }], 3_000_001)).toBe(-1);
  });
});
