import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { DEFAULT_STYLING, Styling, StylesQuery } from "../../contract/styling";
import { stylings } from "../../db/schema";
import { ErrorEnvelope } from "../../contract/errors";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { requirePartnerAdmin } from "../identity/context";
import { hostOf, resolveTenant } from "../tenant/resolve";
import { stylingFromRow } from "../tenant/styling";

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

/** SPEC §7 `GET v1/admin/styles`: the acting partner's own styling. */
endpoint(
  styles,
  "/v1",
  {
    method: "get",
    path: "/admin/styles",
    summary: "The acting partner's styling",
    tags: ["styles"],
    auth: "partnerAdmin",
    responses: {
      200: { description: "The partner's styling", schema: Styling },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not an owner or admin of a partner account", schema: ErrorEnvelope },
    },
  },
  async (c) => {
    const { account } = await requirePartnerAdmin(c);
    const row = await c.get("db").select().from(stylings).where(eq(stylings.accountId, account.id)).limit(1);
    return c.json(row[0] ? stylingFromRow(row[0]) : { ...DEFAULT_STYLING, platformName: account.name.slice(0, 20) });
  },
);
