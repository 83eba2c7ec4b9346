import { beforeAll, describe, expect, it, vi } from "vitest";
import { enUS } from "../../client/i18n/en-US";
import { DEFAULT_STYLING } from "../../contract/styling-values";
import type { BootData } from "../../contract/boot";

/**
 * The page loads only the first screens' texts (client/i18n/*.first.ts) and
 * hydrates the server-rendered screens before the full catalogues arrive, so
 * those screens must need no other text: rendered here with the first texts
 * alone, none shows a catalogue key in place of its text.
 */
const boot: BootData = {
  mode: "main",
  host: "localhost",
  mainOrigin: "http://localhost",
  partner: null,
  styling: DEFAULT_STYLING,
  env: "development",
  auth: { provider: "embedded" },
  telemetry: false,
  identity: null,
  ssr: true,
};

let screens: typeof import("../../worker/ssr/screens");
let i18n: typeof import("../../client/lib/i18n");

beforeAll(async () => {
  // Fresh modules: the unit tests' setup gives the shared ones every text.
  vi.resetModules();
  i18n = await import("../../client/lib/i18n");
  screens = await import("../../worker/ssr/screens");
});

describe("the screens the server renders", () => {
  it("include the first screens, which the client hydrates without the full catalogues", async () => {
    const { FIRST_SCREENS } = await import("../../client/app/router");
    expect([...FIRST_SCREENS].sort()).toEqual(["/404", "/login", "/post-auth"]);
    for (const path of FIRST_SCREENS) expect(Object.keys(screens.SERVER_SCREENS)).toContain(path);
  });

  it.each(["/login", "/login?invite=abc", "/404", "/post-auth"])("%s needs only the first texts", async (path) => {
    expect(i18n.catalogueComplete()).toBe(false);
    const url = new URL(path, "http://localhost");
    const rendered = await screens.renderScreen(url, url.pathname, boot);
    expect(rendered?.html).toBeTruthy();
    const keysShown = Object.keys(enUS).filter((key) => rendered!.html.includes(key) || rendered!.title?.includes(key));
    expect(keysShown).toEqual([]);
  });
});
