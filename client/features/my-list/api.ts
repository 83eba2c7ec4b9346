import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAppUser } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { savedListKeys, savedListQuery } from "./query";

export function useSavedList() {
  const { account } = useAppUser();
  return useQuery({ ...savedListQuery(account?.id), enabled: Boolean(account) });
}

/** Save, move and remove, each updating the cached list from the server's answer. */
export function useSavedListActions() {
  const { account } = useAppUser();
  const qc = useQueryClient();
  const key = savedListKeys.list(account?.id ?? "none");
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (workoutId: string) => api.post("/v1/admin/saved-items", { body: { workoutId } }),
    onSettled: refresh,
  });
  const move = useMutation({
    mutationFn: ({ id, sequence }: { id: string; sequence: number }) => api.put("/v1/admin/saved-items/{id}", { params: { id }, body: { id, sequence } }),
    onSuccess: (list) => qc.setQueryData(key, list),
    onError: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete("/v1/admin/saved-items/{id}", { params: { id } }),
    onSettled: refresh,
  });
  return { save, move, remove };
}
