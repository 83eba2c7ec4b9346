import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { CustomDomainExistQuery, ExistsResponse } from "../../contract/domains";
import { ErrorEnvelope } from "../../contract/errors";
import { customDomains } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";

export const customDomainsApi = new Hono<AppEnv>();

/**
 * SPEC §7 `GET v1/custom-domains/exist?uri=&isSatellite=` (no token): whether
 * `uri` is a partner's connected custom domain (and, when asked, whether its
 * satellite flag matches).
 */
endpoint(
  customDomainsApi,
  "/v1",
  {
    method: "get",
    path: "/custom-domains/exist",
    summary: "Whether a host is a registered, connected custom domain",
    tags: ["custom-domains"],
    auth: "public",
    query: CustomDomainExistQuery,
    responses: {
      200: { description: "The answer", schema: ExistsResponse },
      400: { description: "uri missing or not a host name", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    const conditions = [eq(customDomains.uri, query.uri), eq(customDomains.state, "connected")];
    if (query.isSatellite !== undefined) conditions.push(eq(customDomains.isSatellite, query.isSatellite));
    const row = await c
      .get("db")
      .select({ id: customDomains.id })
      .from(customDomains)
      .where(and(...conditions))
      .limit(1);
    return c.json({ exists: row.length > 0 });
  },
);
