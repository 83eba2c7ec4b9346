import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const accountKeys = { one: (id: string) => ["account", id] as const };

/** The account's plans, credit entries and balance (GET v1/entitlements): Home's balance and Profile's plans share the entry. */
export const entitlementKeys = {
  /** Every account's credits and plans: what a booking, a cancellation or a refund makes stale. */
  all: ["entitlements"] as const,
  mine: (accountId: string) => ["entitlements", accountId] as const,
};

/** The active account's details (GET v1/accounts/{id}). */
export function useAccount(id: string | null | undefined) {
  return useQuery({
    queryKey: accountKeys.one(id ?? "none"),
    queryFn: () => api.get("/v1/accounts/{id}", { params: { id: id ?? "" } }),
    enabled: Boolean(id),
  });
}
