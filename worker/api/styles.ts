import { Hono } from "hono";
import { Styling, StylesQuery } from "../../contract/styling";
import { ErrorEnvelope } from "../../contract/errors";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { hostOf, resolveTenant } from "../tenant/resolve";

export const styles = new Hono<AppEnv>();

/**
 * SPEC §7 `GET v1/styles?origin=`: the public styling of the partner behind
 * `origin` (a connected custom domain), else the product's default styling.
 * Without `origin`, the styling of the host the request came to.
 */
endpoint(
  styles,
  "/v1",
  {
    method: "get",
    path: "/styles",
    summary: "Public styling for an origin",
    tags: ["styles"],
    auth: "public",
    query: StylesQuery,
    responses: {
      200: { description: "The styling to apply", schema: Styling },
      400: { description: "origin is not an http(s) URL", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    if (!query.origin) return c.json(c.get("tenant").styling);
    const tenant = await resolveTenant(c.get("db"), hostOf(query.origin), c.env.MAIN_HOST);
    c.header("Cache-Control", "public, max-age=5");
    return c.json(tenant.styling);
  },
);
