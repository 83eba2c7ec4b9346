import { join } from "node:path";
import { build, type Plugin, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { markReactRouterPure, pureReactRouter } from "../../scripts/pure-react-router";

const ROOT = join(import.meta.dirname, "../..");
const REACT_ROUTER = join(ROOT, "node_modules/react-router/dist/production/index.mjs");

/** A module that uses what sign-in uses of React Router: the router and a link, as client/main.tsx and the screens do. */
const entry: Plugin = {
  name: "sign-in-like-entry",
  enforce: "pre",
  resolveId: (id) => (id.endsWith("virtual:entry") ? "\0entry" : null),
  load: (id) => (id === "\0entry" ? `export { createBrowserRouter, RouterProvider, Link } from ${JSON.stringify(REACT_ROUTER)};` : null),
};

/** The production bundle of that module (React left outside), with or without the build's plugin. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const out = await build({
    configFile: false,
    root: ROOT,
    logLevel: "silent",
    plugins: [entry, ...plugins],
    build: {
      write: false,
      minify: false,
      lib: { entry: "virtual:entry", formats: ["es"], fileName: "entry" },
      rollupOptions: { external: [/^react(-dom)?(\/.*)?$/] },
    },
  });
  const [result] = Array.isArray(out) ? out : [out];
  return (result as Rolldown.RolldownOutput).output.map((c) => (c.type === "chunk" ? c.code : "")).join("\n");
}

describe("React Router in the client's build (scripts/pure-react-router.ts)", () => {
  it("leaves out the components the product does not import, keeping those it does", async () => {
    const [plain, pure] = await Promise.all([bundle([]), bundle([pureReactRouter()])]);
    // Without the plugin, NavLink and Form (which no screen uses) come along with Link.
    expect(plain).toContain("function NavLinkWithRef");
    expect(plain).toContain("var Form = React.forwardRef(");
    expect(pure).toContain("function LinkWithRef");
    expect(pure).toContain("function RouterProvider");
    expect(pure).not.toContain("function NavLinkWithRef");
    expect(pure).not.toContain("var Form = ");
    expect(pure.length).toBeLessThan(plain.length);
  });

  it("marks React's factories pure and drops the developer tools' names, line for line", () => {
    const code = ["var Link = React10.forwardRef(function LinkWithRef() {});", 'Link.displayName = "Link";', "var Ctx = React.createContext(null);"].join("\n");
    expect(markReactRouterPure(code)).toBe(
      ["var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});", "", "var Ctx = /* @__PURE__ */ React.createContext(null);"].join("\n"),
    );
  });
});
