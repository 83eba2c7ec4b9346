import { describe, expect, it } from "vitest";
import { renderedRoutes, routeObjects, showsNavigation } from "../../client/app/router";

const at = (path: string) => new URL(path, "http://localhost") as unknown as Location;
const ids = (routes: { id?: string }[]) => routes.map((r) => r.id);

describe("the routes a server-rendered page hydrates", () => {
  const routes = routeObjects();

  it("are the root and the route the server names, whatever the address looks like", () => {
    expect(ids(renderedRoutes(routes, "/workout/:id", at("/workout/abc?tab=sessions")))).toEqual(["root", "/workout/:id"]);
    expect(showsNavigation(renderedRoutes(routes, "/", at("/")))).toBe(true);
    expect(showsNavigation(renderedRoutes(routes, "/login", at("/login")))).toBe(false);
  });

  it("are found by matching the address when the server names none, or one the table does not hold", () => {
    expect(ids(renderedRoutes(routes, undefined, at("/workout/abc")))).toEqual(["root", "/workout/:id"]);
    expect(ids(renderedRoutes(routes, "/no-such-route", at("/my-list")))).toEqual(["root", "/my-list"]);
  });
});
