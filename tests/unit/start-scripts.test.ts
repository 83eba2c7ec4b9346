import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PAINT_WAIT_MS, startScripts } from "../../worker/ssr/start-scripts";

type Added = { tag: string; rel?: string; href?: string; type?: string; src?: string };
type PaintList = { getEntriesByName: (name: string) => unknown[] };

/**
 * Runs the starter against a stand-in page: what it puts into <head> (and in
 * how many insertions), and the frame, timer, paint and visibility callbacks
 * it asked for. `paintTiming` false: a browser without paint timing.
 */
function run(code: string, { hidden = false, paintTiming = true } = {}) {
  const added: Added[] = [];
  const insertions: number[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: { fn: (list: PaintList, o: { disconnect: () => void }) => void; connected: boolean }[] = [];
  const visibility: (() => void)[] = [];
  const document = {
    visibilityState: hidden ? "hidden" : "visible",
    addEventListener: (type: string, fn: () => void) => type === "visibilitychange" && visibility.push(fn),
    head: {
      appendChild: (el: Added | { children: Added[] }) => {
        const els = "children" in el ? el.children : [el];
        added.push(...els);
        insertions.push(els.length);
      },
    },
    createElement: (tag: string): Added => ({ tag }),
    createDocumentFragment: () => {
      const children: Added[] = [];
      return { children, appendChild: (el: Added) => children.push(el) };
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    private entry: (typeof observers)[number];
    constructor(fn: (typeof observers)[number]["fn"]) {
      this.entry = { fn, connected: false };
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      this.entry.connected = true;
      observers.push(this.entry);
    }
  }
  const requestAnimationFrame = (fn: () => void) => frames.push(fn);
  const setTimeout = (fn: () => void, ms: number) => timers.push({ fn, ms });
  runInNewContext(code, { document, requestAnimationFrame, setTimeout, ...(paintTiming ? { PerformanceObserver } : {}) });
  /** The browser reports paints (`names`: the entries' names) to the observers still connected. */
  const paint = (...names: string[]) => {
    for (const o of observers.filter((x) => x.connected)) {
      o.fn({ getEntriesByName: (name) => names.filter((n) => n === name) }, { disconnect: () => (o.connected = false) });
    }
  };
  /** Runs the callbacks due next: the frame's, then the zero-delay timers. */
  const nextFrame = () => {
    frames.splice(0).forEach((fn) => fn());
    for (let i = timers.findIndex((t) => t.ms === 0); i >= 0; i = timers.findIndex((t) => t.ms === 0)) timers.splice(i, 1)[0]!.fn();
  };
  const hide = () => {
    document.visibilityState = "hidden";
    visibility.forEach((fn) => fn());
  };
  return { added, insertions, frames, timers, paint, nextFrame, hide };
}

const sources = (added: Added[]) => added.map((a) => a.href ?? a.src);

describe("the page's script starter", () => {
  const code = startScripts(["/assets/HomeScreen-1.js", "/assets/i18n-2.js"], ["/assets/main-3.js"]);

  it("adds nothing before the first contentful paint, not even after frames or a first paint without content", () => {
    const { added, paint, nextFrame } = run(code);
    nextFrame();
    paint("first-paint");
    nextFrame();
    expect(added).toEqual([]);
  });

  it("one frame after the first contentful paint, adds the entry and preloads the route's modules, in one insertion, once", () => {
    const { added, insertions, paint, nextFrame, timers } = run(code);
    paint("first-paint", "first-contentful-paint");
    expect(added).toEqual([]);
    nextFrame();
    expect(added).toEqual([
      { tag: "script", type: "module", src: "/assets/main-3.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/HomeScreen-1.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/i18n-2.js" },
    ]);
    expect(insertions).toEqual([3]);
    // Later paints and the fallback timer find the work done.
    paint("first-contentful-paint");
    nextFrame();
    timers.find((t) => t.ms === PAINT_WAIT_MS)!.fn();
    expect(added).toHaveLength(3);
  });

  it("starts at once in a hidden tab, which paints nothing, and when the tab is hidden before its paint", () => {
    expect(sources(run(code, { hidden: true }).added)).toEqual(["/assets/main-3.js", "/assets/HomeScreen-1.js", "/assets/i18n-2.js"]);
    const later = run(code);
    later.hide();
    expect(later.added).toHaveLength(3);
  });

  it("starts after a wait when the paint never comes", () => {
    const { added, timers } = run(code);
    timers.find((t) => t.ms === PAINT_WAIT_MS)!.fn();
    expect(added).toHaveLength(3);
  });

  it("starts after the first frame in a browser without paint timing", () => {
    const { added, nextFrame } = run(code, { paintTiming: false });
    nextFrame();
    expect(added).toHaveLength(3);
  });

  it("keeps a file name that could close the script element inert", () => {
    const hostile = startScripts(["/assets/x</script><script>alert(1)</script>.js"], []);
    expect(hostile).not.toContain("</script>");
    const { added } = run(hostile, { hidden: true });
    expect(added[0]?.href).toBe("/assets/x</script><script>alert(1)</script>.js");
  });
});
