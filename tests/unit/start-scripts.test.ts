import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { startScripts } from "../../worker/ssr/start-scripts";

type Added = { tag: string; rel?: string; href?: string; type?: string; src?: string };

/** Runs the starter against a stand-in page: what it adds to <head>, and the frame and timer callbacks it asked for. */
function run(code: string) {
  const added: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const document = {
    head: { appendChild: (el: Added) => added.push(el) },
    createElement: (tag: string): Added => ({ tag }),
  };
  const requestAnimationFrame = (fn: () => void) => frames.push(fn);
  const setTimeout = (fn: () => void, ms: number) => timers.push({ fn, ms });
  runInNewContext(code, { document, requestAnimationFrame, setTimeout });
  return { added, frames, timers };
}

describe("the page's script starter", () => {
  const code = startScripts(["/assets/HomeScreen-1.js", "/assets/i18n-2.js"], ["/assets/main-3.js"]);

  it("adds nothing before the first frame has been painted", () => {
    const { added, frames } = run(code);
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
  });

  it("after the first frame, preloads the route's modules and then adds the entry, once", () => {
    const { added, frames, timers } = run(code);
    frames[0]!();
    const afterFrame = timers.find((t) => t.ms === 0)!;
    afterFrame.fn();
    expect(added).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/HomeScreen-1.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/i18n-2.js" },
      { tag: "script", type: "module", src: "/assets/main-3.js" },
    ]);
    // The fallback timer finds the work done.
    timers.find((t) => t.ms === 100)!.fn();
    expect(added).toHaveLength(3);
  });

  it("starts from its timer in a tab that paints no frame (hidden)", () => {
    const { added, timers } = run(code);
    timers.find((t) => t.ms === 100)!.fn();
    expect(added.map((a) => a.href ?? a.src)).toEqual(["/assets/HomeScreen-1.js", "/assets/i18n-2.js", "/assets/main-3.js"]);
  });

  it("keeps a file name that could close the script element inert", () => {
    const hostile = startScripts(["/assets/x</script><script>alert(1)</script>.js"], []);
    expect(hostile).not.toContain("</script>");
    const { added, timers } = run(hostile);
    timers.find((t) => t.ms === 100)!.fn();
    expect(added[0]?.href).toBe("/assets/x</script><script>alert(1)</script>.js");
  });
});
