import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "../../client/lib/api";
import { getToasts, PAUSE_HOLD_MS, resetToasts, toastMessage } from "../../client/components/ui/toast-store";
import { enUS } from "../../client/i18n/en-US";

/**
 * A write refused while the organisation's data moves to another data centre
 * (503 `unavailable`, Retry-After) says so on every screen, in the current
 * language, instead of the screen's own "not saved, try again"
 * (docs/decisions/2026-11-27-paused-writes-say-so.md).
 */
const PAUSED = enUS["toast.paused.title"];
const paused = { error: { code: "unavailable", message: "This partner's data is being moved", fields: {} } };
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a write refused while the data moves", () => {
  it("shows the paused notice, which the screen's failure toast for the same request does not replace; a later failure shows as usual", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.stubGlobal("location", new URL("http://localhost/"));
    vi.stubGlobal("fetch", async () => answer(503, paused, { "Retry-After": "60" }));
    const refused = await api.post("/v1/admin/teams", { body: { name: "Moving", department: "finance" } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: "unavailable" });
    expect(getToasts().map((t) => t.title)).toEqual([PAUSED]);
    // The screen's own toast for that failure, raised a moment later.
    toastMessage("toast.generic");
    expect(getToasts().map((t) => t.title)).toEqual([PAUSED]);
    // A success toast still shows, and a failure after the moment shows as itself.
    vi.advanceTimersByTime(PAUSE_HOLD_MS + 1);
    toastMessage("toast.generic");
    expect(getToasts().map((t) => t.title)).toEqual([enUS["toast.generic.title"]]);
  });

  it("other refusals (409, a 503 of another kind) show no paused notice", async () => {
    vi.stubGlobal("location", new URL("http://localhost/"));
    for (const [status, code] of [
      [409, "conflict"],
      [503, "internal"],
    ] as const) {
      vi.stubGlobal("fetch", async () => answer(status, { error: { code, message: "No", fields: {} } }));
      await expect(api.post("/v1/admin/teams", { body: { name: "X", department: "finance" } })).rejects.toBeInstanceOf(ApiError);
    }
    expect(getToasts()).toEqual([]);
  });
});
