import { Hono } from "hono";
import {
  CancelPlanBody,
  ChangePlanBody,
  CreditAdjustmentBody,
  CreditAdjustmentResult,
  EntitlementsDto,
  PlanEntryDto,
  PlanBody,
  PlanDto,
  PlanEntryParam,
  PlanList,
  PlanParam,
  PlanRemoval,
  StartPlanBody,
} from "../../contract/entitlements";
import { adjustCredits, cancelPlan, changePlan, entitlementsOf } from "../data/entitlements";
import { createPlan, partnerPlans, removePlan, startPlan, updatePlan } from "../data/plans";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { historyShards } from "../tenant/scope";
import { errorResponses } from "../http/responses";

/**
 * Plans and credits (Profile → Plan Details, Plan Entries, Credit Entries;
 * the plan rules; the ledger). Every account reads its own; a partner's
 * owners and admins adjust their customers' credits and plans.
 */
export const entitlementsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not allowed for this account or role" });

/** `GET v1/entitlements`: the acting account's plans, credit entries (with lines) and balance. */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "get",
    path: "/entitlements",
    summary: "Plans, credit entries and the credit balance of the acting account",
    tags: ["entitlements"],
    auth: "account",
    responses: { 200: { description: "The entitlements", schema: EntitlementsDto }, ...errors },
  },
  async (c, _input, scope) => c.json(await entitlementsOf(c.get("db"), scope.account.id, undefined, historyShards(c, scope.account.id))),
);

/** The acting partner's plan catalogue (the plans a customer can change to). */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/entitlements/plans",
    summary: "The partner's plans",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The plans", schema: PlanList }, ...errors },
  },
  async (c, _input, scope) => c.json(await partnerPlans(c.get("db"), scope)),
);

/** Admin → Plans: a partner adds a plan to its catalogue (name, variant, term, credits per refresh period, price). */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/entitlements/plans",
    summary: "Add a plan to the partner's catalogue",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    body: PlanBody,
    responses: { 201: { description: "The plan", schema: PlanDto }, ...errors },
  },
  async (c, { body }, scope) => c.json(await createPlan(c.get("db"), scope, body), 201),
);

/** Admin → Plans: a partner changes one of its plans; customers on it get the new allowance from their next refresh. */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/entitlements/plans/{planId}",
    summary: "Change one of the partner's plans",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    params: PlanParam,
    body: PlanBody,
    responses: { 200: { description: "The plan", schema: PlanDto }, ...errors, ...errorResponses({ 404: "Not one of the partner's plans" }) },
  },
  async (c, { params, body }, scope) => c.json(await updatePlan(c.get("db"), scope, params.planId, body)),
);

/**
 * Admin → Plans: a partner deletes one of its plans. One that no customer is
 * on is deleted; one in use is retired instead (not offered for new starts
 * or changes; its customers keep it until changed).
 */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/entitlements/plans/{planId}",
    summary: "Delete one of the partner's plans (retired instead while a customer is on it)",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    params: PlanParam,
    responses: { 200: { description: "Deleted, or retired", schema: PlanRemoval }, ...errors, ...errorResponses({ 404: "Not one of the partner's plans" }) },
  },
  async (c, { params }, scope) => c.json(await removePlan(c.get("db"), scope, params.planId)),
);

/**
 * Customer details: a partner starts one of its plans for a customer with no
 * plan from that day (today or later); a customer already on a plan changes it instead.
 */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/entitlements/plan-entries",
    summary: "Start a plan for a customer",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    body: StartPlanBody,
    responses: {
      201: { description: "The customer's new plan entry", schema: PlanEntryDto },
      ...errors,
      ...errorResponses({ 404: "Not one of the partner's customers, or not the partner's plan", 409: "The customer already has a plan from that day" }),
    },
  },
  async (c, { body }, scope) => c.json(await startPlan(c.get("db"), scope, body), 201),
);

/**
 * `POST v1/admin/entitlements/credit`: a partner adds (or, with a plan
 * adjustment, removes) credits of one of its customers: a plan adjustment or a
 * bonus, with a quantity and a context. The line goes to the given credit
 * entry, else the customer's current one, else a new "Partner credits" entry.
 */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/entitlements/credit",
    summary: "Adjust a customer's credits",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    body: CreditAdjustmentBody,
    responses: {
      201: { description: "The new line and the balance", schema: CreditAdjustmentResult },
      ...errors,
      ...errorResponses({ 404: "Not one of the partner's customers, or not its credit entry", 409: "The adjustment would take the balance below zero" }),
    },
  },
  async (c, { body }, scope) => c.json(await adjustCredits(c.get("db"), scope, body), 201),
);

/** Cancel a customer's plan: it ends on `endDate`, which cannot be before its earliest end date. */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/entitlements/plans/{planEntryId}/cancel",
    summary: "Cancel a customer's plan",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    params: PlanEntryParam,
    body: CancelPlanBody,
    responses: {
      200: { description: "The plan entry", schema: PlanEntryDto },
      ...errors,
      ...errorResponses({ 404: "Not one of the partner's customers' plans" }),
    },
  },
  async (c, { params, body }, scope) => c.json(await cancelPlan(c.get("db"), scope, params.planEntryId, body)),
);

/**
 * Change a customer's plan to another of the partner's plans from
 * `startDate`, which cannot be before the current subscription period ends.
 * The old plan ends the day before; the new one starts with its
 * credit entry and allowance.
 */
endpoint(
  entitlementsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/entitlements/plans/{planEntryId}/change",
    summary: "Change a customer's plan",
    tags: ["entitlements"],
    auth: "partnerAdmin",
    params: PlanEntryParam,
    body: ChangePlanBody,
    responses: {
      201: { description: "The new plan entry", schema: PlanEntryDto },
      ...errors,
      ...errorResponses({ 404: "Not one of the partner's customers' plans, or not the partner's plan" }),
    },
  },
  async (c, { params, body }, scope) => c.json(await changePlan(c.get("db"), scope, params.planEntryId, body), 201),
);
