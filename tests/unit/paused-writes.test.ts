import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "../../client/lib/api";
import { dismissToast, getToasts, resetToasts, toast, toastMessage } from "../../client/components/ui/toast-store";
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
  it("shows the paused notice, which the screen's failure toast for the same request does not replace however late it comes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.stubGlobal("location", new URL("http://localhost/"));
    vi.stubGlobal("fetch", async () => answer(503, paused, { "Retry-After": "60" }));
    const refused = await api.post("/v1/admin/teams", { body: { name: "Moving", department: "finance" } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: "unavailable" });
    expect(getToasts().map((t) => t.title)).toEqual([PAUSED]);
    // The screen's own toast for that failure, raised once the screen has refetched its data: on a slow device, seconds later.
    vi.advanceTimersByTime(8000);
    toastMessage("toast.generic");
    expect(getToasts().map((t) => t.title)).toEqual([PAUSED]);
    // A success toast still shows.
    toast({ title: "Plan created", variant: "success" });
    expect(getToasts().map((t) => t.title)).toEqual(["Plan created"]);
  });

  it("a failure after the notice has closed, or of a write sent after it, shows as itself", async () => {
    vi.stubGlobal("location", new URL("http://localhost/"));
    vi.stubGlobal("fetch", async () => answer(503, paused, { "Retry-After": "60" }));
    await api.post("/v1/admin/teams", { body: { name: "Moving", department: "finance" } }).catch(() => undefined);
    const notice = getToasts()[0]!;
    expect(notice.title).toBe(PAUSED);
    dismissToast(notice.id);
    toastMessage("toast.generic");
    expect(getToasts()[0]).toMatchObject({ title: enUS["toast.generic.title"], open: true });

    resetToasts();
    await api.post("/v1/admin/teams", { body: { name: "Moving", department: "finance" } }).catch(() => undefined);
    expect(getToasts().map((t) => t.title)).toEqual([PAUSED]);
    // The move is over; the next save is refused for what it says.
    vi.stubGlobal("fetch", async () => answer(409, { error: { code: "conflict", message: "Taken", fields: {} } }));
    await api.post("/v1/admin/teams", { body: { name: "Moving", department: "finance" } }).catch(() => undefined);
    toastMessage("toast.homepageSaveFailed");
    expect(getToasts().map((t) => t.title)).toEqual([enUS["toast.homepageSaveFailed.title"]]);
  });

  it("a read sent while the notice shows does not end it", async () => {
    vi.stubGlobal("location", new URL("http://localhost/"));
    vi.stubGlobal("fetch", async () => answer(503, paused, { "Retry-After": "60" }));
    await api.post("/v1/admin/teams", { body: { name: "Moving", department: "finance" } }).catch(() => undefined);
    // The mutation's onSettled refetches the screen's list before the screen's catch runs.
    vi.stubGlobal("fetch", async () => answer(200, { items: [] }));
    await api.get("/v1/admin/teams");
    toastMessage("toast.teamSaveFailed");
    expect(getToasts().map((t) => t.title)).toEqual([PAUSED]);
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
