import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPart, partsLoading } from "../../client/lib/lazy-part";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe("a lazily loaded part of a screen", () => {
  it("suspends while its code loads, then renders directly: the server's second render is whole", async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Greeting;
    });
    const page = () =>
      renderToString(
        <Suspense fallback={<span>waiting</span>}>
          <Part name="Dan" />
        </Suspense>,
      );
    // The first render asks for the code and leaves the boundary for the browser to finish (React's mark).
    const first = page();
    expect(first).toContain("<!--$!-->");
    expect(first).not.toContain("Hello");
    await partsLoading();
    const second = page();
    expect(second).not.toContain("<!--$!-->");
    expect(second).toContain("Hello, <!-- -->Dan");
    // Its code was asked for once.
    page();
    expect(loads).toBe(1);
  });

  it("leaves nothing to wait for when no part is loading", async () => {
    await expect(partsLoading()).resolves.toEqual([]);
  });
});
