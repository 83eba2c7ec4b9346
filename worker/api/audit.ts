import { Hono } from "hono";
import { AuditPage, AuditQuery } from "../../contract/audit";
import { IdParam } from "../../contract/team";
import { customerAuditTrail, jobAuditTrail, ownAuditTrail } from "../data/audit";
import type { AppEnv } from "../env";
import { errorResponses } from "../http/responses";
import { endpoint } from "../http/endpoint";
import { historyShards } from "../tenant/scope";
import { bookingPartnerShard } from "./job-commit";

/** The audit trail (every change of a job, a customer's credits, plan and price group, the partner's plans and price groups) for a partner's owners and admins; its own for a customer's. */
export const auditApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner's owner or admin", 404: "Absent, or not this partner's" });
endpoint(
  auditApi,
  "/v1",
  {
    method: "get",
    path: "/jobs/{id}/audit",
    summary: "The audit trail of one of the partner's jobs, newest first",
    tags: ["audit"],
    auth: "partnerAdmin",
    params: IdParam,
    query: AuditQuery,
    responses: { 200: { description: "A page of entries", schema: AuditPage }, ...errors },
  },
  async (c, { params, query }, scope) => {
    // A delivery copy the partner delivers: the job's entries are on its booking partner's shard
    // (docs/decisions/2026-11-27-delivery-across-shards.md), read there; a job of this shard, no extra call.
    const here = await jobAuditTrail(c.get("db"), scope, params.id, query.cursor, query.limit);
    const away = await bookingPartnerShard(c, here.copyOf);
    return c.json(away ? (await jobAuditTrail(away.db, scope, params.id, query.cursor, query.limit)).page : here.page);
  },
);

endpoint(
  auditApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}/audit",
    summary: "The audit trail of one of the partner's customers, newest first",
    tags: ["audit"],
    auth: "partnerAdmin",
    params: IdParam,
    query: AuditQuery,
    responses: { 200: { description: "A page of entries", schema: AuditPage }, ...errors },
  },
  async (c, { params, query }, scope) => c.json(await customerAuditTrail(c.get("db"), scope, params.id, query.cursor, query.limit)),
);

endpoint(
  auditApi,
  "/v1",
  {
    method: "get",
    path: "/admin/audit",
    summary:
      "The acting account's own audit trail, newest first: a partner's (its plans, price groups and settings); a customer's (everything of its account, under every partner it had, on every shard it lived on)",
    tags: ["audit"],
    auth: "accountAdmin",
    query: AuditQuery,
    responses: { 200: { description: "A page of entries", schema: AuditPage }, ...errorResponses({ 403: "Not an owner or admin of the account" }) },
  },
  async (c, { query }, scope) => c.json(await ownAuditTrail(c.get("db"), scope, query.cursor, query.limit, historyShards(c, scope.account.id))),
);
