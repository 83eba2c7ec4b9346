import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../client/app/routes";
import { clientAssets, readStyles } from "../../worker/ssr/assets";
import { pageModules } from "../../worker/ssr/screens";

// A build's manifest in small: the entry, a screen loaded lazily with a chunk of its own and one it shares with the entry.
const MANIFEST = {
  "client/main.tsx": { file: "assets/main-1.js", isEntry: true, imports: ["_shared-1.js"], css: ["assets/main-1.css"] },
  "_shared-1.js": { file: "assets/shared-1.js" },
  "_cards-1.js": { file: "assets/cards-1.js", imports: ["_shared-1.js", "client/main.tsx"] },
  "client/features/home/HomeScreen.tsx": { file: "assets/HomeScreen-1.js", isDynamicEntry: true, imports: ["client/main.tsx", "_cards-1.js"] },
  "client/app/shell/Shell.tsx": { file: "assets/Shell-1.js", isDynamicEntry: true, imports: ["client/main.tsx", "_cards-1.js"] },
};
const STYLES = ".a{color:red}";
/** The static assets: the manifest, the stylesheet, and nothing else. */
function assetsWith(css: string): Fetcher {
  const fetch = (url: URL) =>
    Promise.resolve(
      url.pathname === "/asset-manifest.json"
        ? new Response(JSON.stringify(MANIFEST))
        : url.pathname === "/assets/main-1.css"
          ? new Response(css)
          : new Response("", { status: 404 }),
    );
  return { fetch } as unknown as Fetcher;
}
const assets = assetsWith(STYLES);

describe("the scripts a server-rendered page names", () => {
  it("names a lazily loaded module's script and its imports once each, less what the entry already brings", async () => {
    const built = await clientAssets(false, assets, "https://example.test");
    expect(built.scripts).toEqual(["/assets/main-1.js"]);
    expect(built.preloads).toEqual(["/assets/shared-1.js"]);
    expect(built.lazyScripts(["client/features/home/HomeScreen.tsx", "client/app/shell/Shell.tsx", "client/unknown.ts"])).toEqual([
      "/assets/HomeScreen-1.js",
      "/assets/cards-1.js",
      "/assets/Shell-1.js",
    ]);
    expect(built.lazyScripts([])).toEqual([]);
  });

  it("carries the stylesheet in the page, and links a sheet whose text could end the element early", async () => {
    const built = await clientAssets(false, assets, "https://example.test");
    expect(built.inlineStyles).toEqual([STYLES]);
    expect(built.styles).toEqual([]);
    const closing = await readStyles(assetsWith('.a::after{content:"</style><script>"}'), "https://example.test", ["/assets/main-1.css"]);
    expect(closing).toEqual({ linked: ["/assets/main-1.css"], inlined: [] });
    const missing = await readStyles(assetsWith(STYLES), "https://example.test", ["/assets/gone.css"]);
    expect(missing).toEqual({ linked: ["/assets/gone.css"], inlined: [] });
  });

  it("preloads a signed-in screen with the shell, and a public screen alone", () => {
    const home = ROUTES.find((r) => r.path === "/")!;
    expect(pageModules(null, home)).toEqual([
      "client/features/home/HomeScreen.tsx",
      "client/app/shell/Shell.tsx",
      "client/app/screen-code.ts",
      "client/i18n/index.ts",
      "client/app/queryClient.ts",
      "client/components/ui/ToastViewport.tsx",
    ]);
    expect(pageModules("/login", null)).toEqual(["client/features/auth/LoginScreen.tsx"]);
    // A public screen but the first ones: its code is named in the table of screens' code, which loads with it.
    expect(pageModules("/signup", null)).toEqual([
      "client/features/auth/SignupScreen.tsx",
      "client/app/screen-code.ts",
      "client/i18n/index.ts",
      "client/app/queryClient.ts",
    ]);
    expect(pageModules(null, null)).toEqual([]);
    // A renamed file would be silently not preloaded: every module named is one of the repository's files.
    for (const module of [...pageModules(null, home), ...pageModules("/signup", null)]) expect(existsSync(module), module).toBe(true);
  });
});
