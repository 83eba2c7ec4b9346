import type { Plugin } from "vite";

/** React Router's production build, which the client's build aliases `react-router` to (vite.config.ts). */
const REACT_ROUTER_BUILD = /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/;
/** A component or context React Router makes at its module's top level with one of React's pure factories. */
const UNMARKED_FACTORY = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;
/** A name React Router gives one of them for React's developer tools: a write the bundler has to keep, and with it the component. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"]*";$/gm;

/**
 * React Router's components made with `forwardRef` (Link, NavLink, Form …)
 * carry no pure annotation and are each given a `displayName` at the top
 * level, so the bundler keeps every one of them, and all they use, whether
 * the product uses it or not; the entry carries React Router whole (its one
 * module is in the first load), so what no screen uses still weighed on
 * sign-in. This marks React's factories pure and drops the names (read only
 * by React's developer tools, which a production build does not serve), so
 * what the product does not import is left out. Lines stay where they were.
 */
export function markReactRouterPure(code: string): string {
  return code.replace(DISPLAY_NAME, "").replace(UNMARKED_FACTORY, "= /* @__PURE__ */ $1");
}

/** The build's plugin: React Router's production modules through `markReactRouterPure`. */
export function pureReactRouter(): Plugin {
  return {
    name: "pure-react-router",
    apply: "build",
    transform(code, id) {
      if (!REACT_ROUTER_BUILD.test(id)) return null;
      const marked = markReactRouterPure(code);
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
