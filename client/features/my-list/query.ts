import { api } from "../../lib/api";

/** The saved list's keys, per account. */
export const savedListKeys = { list: (accountId: string) => ["saved-items", accountId] as const };

/**
 * The saved list's query, shared by the screens and the identity machine
 * (switching account loads the account user, the account, then the
 * saved list). Kept apart from ./api so the machine does not pull the hooks.
 */
export const savedListQuery = (accountId: string | null | undefined) => ({
  queryKey: savedListKeys.list(accountId ?? "none"),
  queryFn: () => api.get("/v1/admin/saved-items"),
});
