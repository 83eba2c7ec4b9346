import { useAppUserState } from "./store";
import type { AppUserState } from "./types";

/** The signed-in user, their active account and role, and the identity actions (see ./types). */
export function useAppUser(): AppUserState {
  return useAppUserState();
}
