import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ROUTE_TITLES, routeTitle } from "../../client/app/route-titles";
import { ROUTES } from "../../client/app/routes";
import { translate, type Translate } from "../../client/lib/i18n";
import { captureScreenTitle, composeTitle, composedTitle, initScreenTitle, setPlatformTitle, useScreenTitle } from "../../client/lib/title";

const ROOT = join(import.meta.dirname, "../..");
const t: Translate = (key, values) => translate(key, values, "enUS");

function Named({ name, children }: { name: string; children?: React.ReactNode }) {
  useScreenTitle(name);
  return <p>{children}</p>;
}

describe("the page's title", () => {
  it("is the screen's name and the platform's, or whichever there is", () => {
    expect(composeTitle("Your Bookings", "Northwind Learn")).toBe("Your Bookings · Northwind Learn");
    expect(composeTitle(null, "Northwind Learn")).toBe("Northwind Learn");
    expect(composeTitle("Help", "")).toBe("Help");
  });

  it("starts on the client from the name the server wrote, which the platform's name does not drop", () => {
    initScreenTitle("Sign in");
    setPlatformTitle("TechFIT");
    expect(composedTitle()).toBe("Sign in · TechFIT");
    initScreenTitle(undefined);
    expect(composedTitle()).toBe("TechFIT");
  });

  it("is captured from a server render: the first name a screen gives itself", () => {
    const { result, title } = captureScreenTitle(
      <Named name="Sign in">
        <Named name="Inner" />
      </Named>,
      renderToString,
    );
    expect(result).toContain("<p>");
    expect(title).toBe("Sign in");
    expect(captureScreenTitle(<p>nothing</p>, renderToString).title).toBeNull();
  });
});

describe("the signed-in screens' titles (client/app/route-titles.ts)", () => {
  const shellRoutes = ROUTES.filter((r) => r.flags.requiresAuth && r.flags.showNavigation);

  it("name every route that needs sign-in and shows the shell, and only routes of the table", () => {
    expect(shellRoutes.map((r) => r.path).sort()).toEqual(Object.keys(ROUTE_TITLES).sort());
  });

  it("use the key the screen itself names its page with (a crumb's name stands for a screen named by its data)", () => {
    const off = shellRoutes.flatMap((r) => {
      const title = ROUTE_TITLES[r.path];
      if (typeof title !== "string" || title.startsWith("crumb.")) return [];
      return readFileSync(join(ROOT, r.module), "utf8").includes(`t("${title}")`) ? [] : [`${r.path}: ${title}`];
    });
    expect(off).toEqual([]);
  });

  it("greet by first name on Home and follow the category on the catalogue, in the server's words", () => {
    const url = (path: string) => new URL(path, "https://app.test");
    const at = (path: string) => routeTitle({ path }, t, { url: url(path), firstName: null });
    expect(routeTitle({ path: "/" }, t, { url: url("/"), firstName: "Ada" })).toBe("Welcome, Ada");
    expect(routeTitle({ path: "/" }, t, { url: url("/"), firstName: " " })).toBe("Welcome");
    expect(routeTitle({ path: "/workouts" }, t, { url: url("/workouts?category=strategy"), firstName: null })).toBe("Strategy");
    expect(routeTitle({ path: "/workouts" }, t, { url: url("/workouts?category=nonsense"), firstName: null })).toBe("Workouts");
    expect(at("/bookings")).toBe("Your Bookings");
    expect(routeTitle({ path: "/login" }, t, { url: url("/login"), firstName: null })).toBeNull();
  });
});
