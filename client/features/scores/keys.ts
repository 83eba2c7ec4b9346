import type { CategoryFilter } from "../../../contract/enums";

/**
 * The query keys of every score read, each under the active account. A new,
 * assigned or moved score makes all of them stale (`all`): the account's own
 * scores and summary, a partner's customer pages and its submitted scores.
 */
export const scoreKeys = {
  all: ["scores"] as const,
  mine: (accountId: string) => ["scores", accountId, "mine"] as const,
  history: (accountId: string, category: CategoryFilter) => ["scores", accountId, "history", category] as const,
  summary: (accountId: string) => ["scores", accountId, "summary"] as const,
  orphaned: (accountId: string) => ["scores", accountId, "orphaned"] as const,
  ofCustomer: (accountId: string, customerId: string) => ["scores", accountId, "customer", customerId] as const,
  assessmentsOfCustomer: (accountId: string, customerId: string) => ["scores", accountId, "assessments", customerId] as const,
  recipientsOfCustomer: (accountId: string, customerId: string) => ["scores", accountId, "recipients", customerId] as const,
  recommendations: (accountId: string) => ["scores", accountId, "recommendations"] as const,
};
