import { Hono } from "hono";
import { CustomerPriceGroupBody } from "../../contract/assessments";
import { CustomerDetailsDto, CustomerList, CustomersQuery } from "../../contract/customers";
import { IdParam } from "../../contract/team";
import { customerDetails, customerPage, setCustomerPriceGroup } from "../data/customers";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { accountDto } from "./dto";

/**
 * A partner's customers ("dependents", Your Customers): the list with search,
 * sort and cursor pagination, and one customer's details with team size, plan
 * and credits, bookings and recommendations. Only a partner's owners and
 * admins; another partner's customer is 404.
 */
export const customersApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner's owner or admin" });
const missing = errorResponses({ 404: "Not one of the partner's customers" });

/** `GET v1/admin/dependents`. */
endpoint(
  customersApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents",
    summary: "The partner's customers (search, sort, cursor pagination)",
    tags: ["customers"],
    auth: "partnerAdmin",
    query: CustomersQuery,
    responses: { 200: { description: "A page of customers", schema: CustomerList }, ...errors },
  },
  async (c, { query }, scope) => c.json(await customerPage(c.get("db"), scope, query)),
);

/** `GET v1/admin/dependents/{id}`. */
endpoint(
  customersApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}",
    summary: "One of the partner's customers, with team size, score count, plan, credits, bookings and recommendations",
    tags: ["customers"],
    auth: "partnerAdmin",
    params: IdParam,
    responses: {
      200: { description: "The customer", schema: CustomerDetailsDto },
      ...errors,
      ...missing,
    },
  },
  async (c, { params }, scope) => {
    const details = await customerDetails(c.get("db"), scope, params.id);
    return c.json({
      account: accountDto(details.customer),
      priceGroupId: details.customer.priceGroupId,
      teamSize: details.teamSize,
      scoreCount: details.scoreCount,
      plan: details.entitlements.currentPlan,
      creditBalance: details.entitlements.balance,
      bookings: details.bookings,
      recommendations: details.recommendations,
    } satisfies CustomerDetailsDto);
  },
);

endpoint(
  customersApi,
  "/v1",
  {
    method: "put",
    path: "/admin/dependents/{id}/price-group",
    summary: "Puts one of the partner's customers into one of its price groups (null: none)",
    tags: ["customers"],
    auth: "partnerAdmin",
    params: IdParam,
    body: CustomerPriceGroupBody,
    responses: {
      200: { description: "The customer's price group", schema: CustomerPriceGroupBody },
      ...errors,
      ...missing,
    },
  },
  async (c, { params, body }, scope) => {
    const updated = await setCustomerPriceGroup(c.get("db"), scope, params.id, body.priceGroupId);
    return c.json({ priceGroupId: updated.priceGroupId } satisfies CustomerPriceGroupBody);
  },
);
