import { z } from "zod";
import { AssessmentDto, CustomerPriceGroupBody, ManualScoreBody, MarkAssessedBody } from "./assessments";
import { CustomerDetailsDto, CustomerList, CustomersQuery } from "./customers";
import { AddCustomDomain, CustomDomainDto, CustomDomainExistQuery, CustomDomainIdParam, CustomDomainList, ExistsResponse } from "./domains";
import {
  CancelPlanBody,
  ChangePlanBody,
  CreditAdjustmentBody,
  CreditAdjustmentResult,
  EntitlementsDto,
  PlanEntryDto,
  PlanEntryParam,
  PlanList,
} from "./entitlements";
import { FeaturedGroupBody, FeaturedGroupDto, GroupIdParam, PriceGroupBody, PriceGroupDto } from "./groups";
import { ScoreDto } from "./scores";
import { IdParam, InviteBody, InviteResult, TeamBody, TeamDto, TeamList, TeamMemberDto, TeamMemberList, UpdateTeamMemberBody } from "./team";

/**
 * The /v1 endpoints the client calls, by path and method, with the contract's
 * schemas of their path parameters, query, JSON body and successful answer
 * (null: no body, 204). The client's typed `api.get/post/put/delete` infer
 * every call from this map, so a wrong path, body or answer is a compile
 * error; a worker test holds each entry equal to the endpoint registered in
 * worker/http/endpoint.ts (same schemas as JSON Schema), so the map cannot
 * drift from what the server parses and answers. The client imports it as a
 * type only: none of these schemas reaches a bundle through it.
 */
export type ApiOperation = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
};
export type ApiMethod = "get" | "post" | "put" | "delete";

export const apiPaths = {
  // Price groups and featured groups
  "/v1/admin/price-groups": {
    get: { response: PriceGroupDto.array() },
    post: { body: PriceGroupBody, response: PriceGroupDto },
  },
  "/v1/admin/price-groups/{id}": {
    put: { params: GroupIdParam, body: PriceGroupBody, response: PriceGroupDto },
    delete: { params: GroupIdParam, response: null },
  },
  "/v1/admin/featured-groups": {
    get: { response: FeaturedGroupDto.array() },
    post: { body: FeaturedGroupBody, response: FeaturedGroupDto },
  },
  "/v1/admin/featured-groups/{id}": {
    get: { params: GroupIdParam, response: FeaturedGroupDto },
    put: { params: GroupIdParam, body: FeaturedGroupBody, response: FeaturedGroupDto },
    delete: { params: GroupIdParam, response: null },
  },

  // A partner's customers
  "/v1/admin/dependents": { get: { query: CustomersQuery, response: CustomerList } },
  "/v1/admin/dependents/{id}": { get: { params: IdParam, response: CustomerDetailsDto } },
  "/v1/admin/dependents/{id}/price-group": { put: { params: IdParam, body: CustomerPriceGroupBody, response: CustomerPriceGroupBody } },
  "/v1/admin/dependents/{id}/scores": { get: { params: IdParam, response: z.array(ScoreDto) } },
  "/v1/admin/dependents/{id}/assessments": { get: { params: IdParam, response: z.array(AssessmentDto) } },
  "/v1/admin/scores/fitness": { post: { body: ManualScoreBody, response: ScoreDto } },
  "/v1/admin/scores/fitness/mark-assessed": { post: { body: MarkAssessedBody, response: AssessmentDto } },

  // Plans and credits
  "/v1/entitlements": { get: { response: EntitlementsDto } },
  "/v1/admin/entitlements/plans": { get: { response: PlanList } },
  "/v1/admin/entitlements/credit": { post: { body: CreditAdjustmentBody, response: CreditAdjustmentResult } },
  "/v1/admin/entitlements/plans/{planEntryId}/cancel": { post: { params: PlanEntryParam, body: CancelPlanBody, response: PlanEntryDto } },
  "/v1/admin/entitlements/plans/{planEntryId}/change": { post: { params: PlanEntryParam, body: ChangePlanBody, response: PlanEntryDto } },

  // Team members and teams
  "/v1/admin/account-users": { get: { response: TeamMemberList } },
  "/v1/admin/account-users/{id}": { put: { params: IdParam, body: UpdateTeamMemberBody, response: TeamMemberDto } },
  "/v1/admin/account-users/invites": { post: { body: InviteBody, response: InviteResult } },
  "/v1/admin/account-users/invites/{id}/revoke": { post: { params: IdParam, response: null } },
  "/v1/admin/teams": {
    get: { response: TeamList },
    post: { body: TeamBody, response: TeamDto },
  },
  "/v1/admin/teams/{id}": {
    put: { params: IdParam, body: TeamBody, response: TeamDto },
    delete: { params: IdParam, response: null },
  },

  // Custom domains
  "/v1/custom-domains/exist": { get: { query: CustomDomainExistQuery, response: ExistsResponse } },
  "/v1/admin/custom-domains": {
    get: { response: CustomDomainList },
    post: { body: AddCustomDomain, response: CustomDomainDto },
  },
  "/v1/admin/custom-domains/{id}/connect": { post: { params: CustomDomainIdParam, response: CustomDomainDto } },
  "/v1/admin/custom-domains/{id}": { delete: { params: CustomDomainIdParam, response: null } },
} satisfies Record<string, Partial<Record<ApiMethod, ApiOperation>>>;

export type ApiPaths = typeof apiPaths;
