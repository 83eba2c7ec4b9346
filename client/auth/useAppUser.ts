import { useAppUserState } from "./store";
import type { AppUserState } from "./types";

/** The signed-in user, their active account and role, and the identity actions (see ./types). */
export function useAppUser(): AppUserState {
  return useAppUserState();
}

/** The active account's id ("none" before one is chosen): the first part of every account-scoped query key. */
export function useActiveAccountId(): string {
  return useAppUserState().account?.id ?? "none";
}
