import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, readDraft, saveDraft } from "../../client/features/assessment/draft";

/** A Map-backed stand-in for the browser's local storage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe("a guided assessment's draft", () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal("window", { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the step and answers per assessment until it is submitted", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    saveDraft("a1", 2, { answers: { q1: "4", q2: "1" }, assesseeName: "Pat" }, now);
    expect(readDraft("a1", now + 60_000)).toEqual({ step: 2, savedAt: now, values: { answers: { q1: "4", q2: "1" }, assesseeName: "Pat" } });
    expect(readDraft("a2", now)).toBeNull();
    clearDraft("a1");
    expect(readDraft("a1", now)).toBeNull();
  });

  it("drops a draft older than a link's 24 hours, and ignores anything malformed", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    saveDraft("old", 1, { answers: { q1: "3" } }, now);
    expect(readDraft("old", now + 25 * 3600_000)).toBeNull();
    expect(storage.items.has("assessment-draft:old")).toBe(false);
    storage.setItem("assessment-draft:bad", "{not json");
    expect(readDraft("bad", now)).toBeNull();
    storage.setItem("assessment-draft:odd", JSON.stringify({ step: 1, savedAt: now, values: { answers: { q1: 4, q2: "2" } } }));
    expect(readDraft("odd", now)?.values.answers).toEqual({ q2: "2" });
  });

  it("works without storage (server rendering, private mode)", () => {
    vi.stubGlobal("window", undefined);
    expect(readDraft("a1")).toBeNull();
    expect(() => saveDraft("a1", 0, { answers: {} })).not.toThrow();
  });
});
