import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreditAdjustmentBody } from "../../../contract/entitlements";
import type { ManualScoreBody, SendAssessmentLinksBody } from "../../../contract/assessments";
import type { CustomersQuery } from "../../../contract/customers";
import { auditKeys } from "../audit/keys";
import { api } from "../../lib/api";
import { priceGroupKeys } from "../price-groups/api";
import { scoreKeys } from "../scores/keys";

/** One page of the customer list as the screen asks for it: the contract's query, every default filled in. */
export type CustomersParams = z.output<typeof CustomersQuery>;

export const customerKeys = {
  list: (accountId: string, p: CustomersParams) => ["customers", accountId, p] as const,
  one: (accountId: string, id: string) => ["customer", accountId, id] as const,
  /** Every customer's details, in any account (after a change that touches their scores or plan). */
  anyOne: ["customer"] as const,
};

/** After a change to a customer: its details and the audit trails (which now hold the change). */
const refreshCustomer = (qc: ReturnType<typeof useQueryClient>, accountId: string, customerId: string) =>
  Promise.all([qc.invalidateQueries({ queryKey: customerKeys.one(accountId, customerId) }), qc.invalidateQueries({ queryKey: auditKeys.all })]);

/** GET v1/admin/dependents: the partner's customers, one page. */
export function useCustomers(accountId: string | undefined, params: CustomersParams) {
  return useQuery({
    queryKey: customerKeys.list(accountId ?? "none", params),
    queryFn: () => api.get("/v1/admin/dependents", { query: params }),
    enabled: Boolean(accountId),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/admin/dependents/{id}. */
export function useCustomer(accountId: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.one(accountId ?? "none", id ?? "none"),
    queryFn: () => api.get("/v1/admin/dependents/{id}", { params: { id: id ?? "" } }),
    enabled: Boolean(accountId && id),
  });
}

/** POST v1/admin/entitlements/credit: a plan adjustment or a bonus for a customer. */
export function useCreditAdjustment(accountId: string, customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditAdjustmentBody) => api.post("/v1/admin/entitlements/credit", { body }),
    onSettled: () => refreshCustomer(qc, accountId, customerId),
  });
}

/** POST v1/admin/entitlements/plan-entries: the customer's first plan (or the next, after the last one ends). */
export function useStartPlan(accountId: string, customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, startDate }: { planId: string; startDate: string }) =>
      api.post("/v1/admin/entitlements/plan-entries", { body: { accountId: customerId, planId, startDate } }),
    onSettled: () => refreshCustomer(qc, accountId, customerId),
  });
}

/** Cancel a customer's plan (not before its earliest end date). */
export function useCancelPlan(accountId: string, customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ planEntryId, endDate }: { planEntryId: string; endDate: string }) =>
      api.post("/v1/admin/entitlements/plans/{planEntryId}/cancel", { params: { planEntryId }, body: { endDate } }),
    onSettled: () => refreshCustomer(qc, accountId, customerId),
  });
}

/** Change a customer's plan (not before the current period ends). */
export function useChangePlan(accountId: string, customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ planEntryId, planId, startDate }: { planEntryId: string; planId: string; startDate: string }) =>
      api.post("/v1/admin/entitlements/plans/{planEntryId}/change", { params: { planEntryId }, body: { planId, startDate } }),
    onSettled: () => refreshCustomer(qc, accountId, customerId),
  });
}

/** A customer's scores (newest first) for its partner. */
export function useCustomerScores(accountId: string | undefined, customerId: string | undefined) {
  return useQuery({
    queryKey: scoreKeys.ofCustomer(accountId ?? "none", customerId ?? "none"),
    queryFn: () => api.get("/v1/admin/dependents/{id}/scores", { params: { id: customerId ?? "" } }),
    enabled: Boolean(accountId && customerId),
  });
}

/** A customer's assessments (newest first) for its partner. */
export function useCustomerAssessments(accountId: string | undefined, customerId: string | undefined) {
  return useQuery({
    queryKey: scoreKeys.assessmentsOfCustomer(accountId ?? "none", customerId ?? "none"),
    queryFn: () => api.get("/v1/admin/dependents/{id}/assessments", { params: { id: customerId ?? "" } }),
    enabled: Boolean(accountId && customerId),
  });
}

/** The customer's active members a link can be sent to (asked for when the partner opens the send dialog). */
export function useAssessmentRecipients(accountId: string | undefined, customerId: string, enabled: boolean) {
  return useQuery({
    queryKey: scoreKeys.recipientsOfCustomer(accountId ?? "none", customerId),
    queryFn: () => api.get("/v1/admin/dependents/{id}/assessment-recipients", { params: { id: customerId } }),
    enabled: Boolean(accountId) && enabled,
  });
}

/** POST v1/admin/dependents/{id}/assessment-links: mails each chosen member a link of their own; the assessments list is read again. */
export function useSendAssessmentLinks(accountId: string, customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendAssessmentLinksBody) => api.post("/v1/admin/dependents/{id}/assessment-links", { params: { id: customerId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scoreKeys.assessmentsOfCustomer(accountId, customerId) }),
  });
}

/** The related score lists and the details (recommendations follow the scores) are read again after a score change. */
function refreshScores(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([qc.invalidateQueries({ queryKey: scoreKeys.all }), qc.invalidateQueries({ queryKey: customerKeys.anyOne })]);
}

/** POST v1/admin/scores/fitness: a manual score for the customer. */
export function useManualScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualScoreBody) => api.post("/v1/admin/scores/fitness", { body }),
    onSuccess: () => refreshScores(qc),
  });
}

/** POST v1/admin/scores/fitness/mark-assessed. */
export function useMarkAssessed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (assessmentId: string) => api.post("/v1/admin/scores/fitness/mark-assessed", { body: { assessmentId } }),
    onSuccess: () => refreshScores(qc),
  });
}

/** The partner's price groups, to put a customer in one. */
export function usePartnerPriceGroups(accountId: string | undefined) {
  return useQuery({
    queryKey: priceGroupKeys.all(accountId ?? "none"),
    queryFn: () => api.get("/v1/admin/price-groups"),
    enabled: Boolean(accountId),
  });
}

/** PUT v1/admin/dependents/{id}/price-group. */
export function useSetPriceGroup(accountId: string, customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (priceGroupId: string | null) => api.put("/v1/admin/dependents/{id}/price-group", { params: { id: customerId }, body: { priceGroupId } }),
    onSuccess: () => refreshCustomer(qc, accountId, customerId),
  });
}
