import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateAccountProfileData } from "../../../contract/accounts";
import type { Currency } from "../../../contract/enums";
import type { InviteBody, TeamBody, UpdateTeamMemberBody } from "../../../contract/team";
import type { z } from "zod";
import type { SaveUserData } from "../../../contract/users";
import { authStore } from "../../auth/store";
import { adoptTimeZone } from "../../auth/time-zone";
import { api } from "../../lib/api";
import { accountKeys, entitlementKeys } from "../accounts/api";

/** Query keys of the Profile screen, per active account. */
export const profileKeys = {
  /** The signed-in user's own record: the same in every account. */
  me: ["users", "me"] as const,
  members: (accountId: string) => ["account-users", accountId] as const,
  teams: (accountId: string) => ["teams", accountId] as const,
};

/** GET v1/admin/account-users. */
export function useTeamMembers(accountId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.members(accountId ?? "none"),
    queryFn: () => api.get("/v1/admin/account-users"),
    enabled: Boolean(accountId),
  });
}

export function useInvite(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post("/v1/admin/account-users/invites", { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: profileKeys.members(accountId) }),
  });
}

export function useRevokeInvite(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => api.post("/v1/admin/account-users/invites/{id}/revoke", { params: { id: inviteId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: profileKeys.members(accountId) }),
  });
}

export function useUpdateMember(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTeamMemberBody }) => api.put("/v1/admin/account-users/{id}", { params: { id }, body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: profileKeys.members(accountId) });
      void qc.invalidateQueries({ queryKey: profileKeys.teams(accountId) });
    },
  });
}

/** Teams of the active account. */
export function useTeams(accountId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.teams(accountId ?? "none"),
    queryFn: () => api.get("/v1/admin/teams"),
    enabled: Boolean(accountId),
  });
}

export function useSaveTeam(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TeamBody }) =>
      id ? api.put("/v1/admin/teams/{id}", { params: { id }, body }) : api.post("/v1/admin/teams", { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: profileKeys.teams(accountId) }),
  });
}

export function useDeleteTeam(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/v1/admin/teams/{id}", { params: { id } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: profileKeys.teams(accountId) });
      void qc.invalidateQueries({ queryKey: profileKeys.members(accountId) });
    },
  });
}

/** GET v1/entitlements: plans, credit entries and the balance of the active account. */
export function useEntitlements(accountId: string | undefined) {
  return useQuery({
    queryKey: entitlementKeys.mine(accountId ?? "none"),
    queryFn: () => api.get("/v1/entitlements"),
    enabled: Boolean(accountId),
  });
}

/** PUT v1/admin/accounts/{accountId}/profile (multipart, logo as details.logo). */
export function useUpdateProfile(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ data, logo }: { data: UpdateAccountProfileData; logo: File | null }) =>
      api.put("/v1/admin/accounts/{accountId}/profile", { params: { accountId }, form: { data, files: { "details.logo": logo } } }),
    onSuccess: (account) => {
      qc.setQueryData(accountKeys.one(accountId), account);
      // Home's "complete your details" card follows what was just filled in.
      void qc.invalidateQueries({ queryKey: accountKeys.detailsPrompt(accountId) });
      // A partner's currency takes its customers with it: who still pays in another one is read again.
      void qc.invalidateQueries({ queryKey: currencyChangeKeys.all(accountId) });
    },
  });
}

export const currencyChangeKeys = {
  all: (accountId: string) => ["account", accountId, "currency-change"] as const,
  to: (accountId: string, currency: Currency) => ["account", accountId, "currency-change", currency] as const,
};

/** GET v1/admin/accounts/{accountId}/currency-change: what changing the partner's currency to `currency` does to its customers and price groups. */
export const fetchCurrencyChange = (accountId: string, currency: Currency) =>
  api.get("/v1/admin/accounts/{accountId}/currency-change", { params: { accountId }, query: { currency } });

/** The same, as a query: with the partner's own currency, the customers still paying in another one (held back until what is priced in it ends). */
export function useCurrencyChange(accountId: string, currency: Currency, enabled: boolean) {
  return useQuery({ queryKey: currencyChangeKeys.to(accountId, currency), queryFn: () => fetchCurrencyChange(accountId, currency), enabled });
}

/** POST v1/users: the signed-in user's own details. */
export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (data: z.input<typeof SaveUserData>) => api.post("/v1/users", { form: { data }, accountId: null }),
    onSuccess: (user) => qc.setQueryData(profileKeys.me, user),
  });
}

/** PUT v1/users/me/time-zone: the signed-in user's zone; every time on screen follows it at once. */
export function useSaveTimeZone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => api.put("/v1/users/{id}/time-zone", { params: { id: "me" }, body: { timeZone }, accountId: null }),
    onSuccess: (user) => {
      qc.setQueryData(profileKeys.me, user);
      adoptTimeZone(user.timeZone);
    },
  });
}

/** PUT v1/admin/accounts/{id}/time-zone: the partner's zone (its slots' and its staff's mail default). */
export function useSavePartnerTimeZone(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => api.put("/v1/admin/accounts/{accountId}/time-zone", { params: { accountId }, body: { timeZone } }),
    onSuccess: (account) => {
      qc.setQueryData(accountKeys.one(accountId), account);
      const active = authStore.get().account;
      if (active?.id === account.id) authStore.set({ account: { ...active, timeZone: account.timeZone } });
    },
  });
}

/** The signed-in user's product record (first/last name, theme, language). */
export function useMe() {
  return useQuery({ queryKey: profileKeys.me, queryFn: () => api.get("/v1/users/{id}", { params: { id: "me" }, accountId: null }) });
}
