import { describe, expect, it } from "vitest";
import { renderOnce } from "../../worker/ssr/page-cache";

/** A render that counts its calls and reads the cookies named. */
function counting(cookiesRead: string[] = [], cacheable = true) {
  let calls = 0;
  const render = async () => {
    calls += 1;
    return { html: `<p>render ${calls}</p>`, title: "Help", cookiesRead, cacheable };
  };
  return { render, calls: () => calls };
}

describe("signed-out pages rendered once per isolate", () => {
  it("renders a page once for the same key and serves it again", async () => {
    const key = `k-${crypto.randomUUID()}`;
    const r = counting();
    const first = await renderOnce(key, "", r.render, 1_000);
    const second = await renderOnce(key, "theme=dark", r.render, 2_000);
    expect(second).toEqual(first);
    expect(first).toEqual({ html: "<p>render 1</p>", title: "Help" });
    expect(r.calls()).toBe(1);
  });

  it("renders another key afresh", async () => {
    const r = counting();
    await renderOnce(`a-${crypto.randomUUID()}`, "", r.render, 1_000);
    expect(await renderOnce(`b-${crypto.randomUUID()}`, "", r.render, 1_000)).toMatchObject({ html: "<p>render 2</p>" });
  });

  it("keeps a variant per value of the cookies the render read, and only those", async () => {
    const key = `k-${crypto.randomUUID()}`;
    const r = counting(["sidebar:state"]);
    await renderOnce(key, "", r.render, 1_000);
    expect(await renderOnce(key, "sidebar:state=false", r.render, 1_000)).toMatchObject({ html: "<p>render 2</p>" });
    // A cookie the render did not read makes no variant; each stored value finds its own page.
    expect(await renderOnce(key, "theme=dark; sidebar:state=false", r.render, 1_000)).toMatchObject({ html: "<p>render 2</p>" });
    expect(await renderOnce(key, "language=enGB", r.render, 1_000)).toMatchObject({ html: "<p>render 1</p>" });
    expect(r.calls()).toBe(2);
  });

  it("renders again once the page is a minute old", async () => {
    const key = `k-${crypto.randomUUID()}`;
    const r = counting();
    await renderOnce(key, "", r.render, 1_000);
    expect(await renderOnce(key, "", r.render, 60_999)).toMatchObject({ html: "<p>render 1</p>" });
    expect(await renderOnce(key, "", r.render, 61_000)).toMatchObject({ html: "<p>render 2</p>" });
  });

  it("does not keep a page its render marked as not to keep, nor a missing one", async () => {
    const key = `k-${crypto.randomUUID()}`;
    const r = counting([], false);
    await renderOnce(key, "", r.render, 1_000);
    expect(await renderOnce(key, "", r.render, 1_000)).toMatchObject({ html: "<p>render 2</p>" });
    let none = 0;
    const missing = async () => {
      none += 1;
      return null;
    };
    expect(await renderOnce(`m-${crypto.randomUUID()}`, "", missing, 1_000)).toBeNull();
    expect(none).toBe(1);
  });
});
