import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { bookingKeys, type Side } from "./api";

/** The files and links shared on a job, per account and side. */
export const artifactKeys = {
  of: (accountId: string, side: Side, jobId: string) => ["job-artifacts", accountId, side, jobId] as const,
};

/** Ticks one of the side's action items done, or not done; refreshes the jobs. */
export function useTickActionItem(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, itemId, done }: { jobId: string; itemId: string; done: boolean }) =>
      side === "customer"
        ? api.put("/v1/bookings/{id}/action-items/{itemId}", { params: { id: jobId, itemId }, body: { done } })
        : api.put("/v1/jobs/{id}/action-items/{itemId}", { params: { id: jobId, itemId }, body: { done } }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useJobArtifacts(side: Side, jobId: string) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: artifactKeys.of(accountId, side, jobId),
    queryFn: () =>
      side === "customer" ? api.get("/v1/bookings/{id}/artifacts", { params: { id: jobId } }) : api.get("/v1/jobs/{id}/artifacts", { params: { id: jobId } }),
  });
}

/** Shares a file or a link on a job, and deletes a share; both refresh the job's list. */
export function useArtifactChanges(side: Side, jobId: string) {
  const client = useQueryClient();
  const accountId = useActiveAccountId();
  const onSuccess = () => client.invalidateQueries({ queryKey: artifactKeys.of(accountId, side, jobId) });
  const share = useMutation({
    mutationFn: ({ name, value, file }: { name: string | null; value: string | null; file: File | null }) => {
      const form = { data: { name, value }, files: { file } };
      return side === "customer"
        ? api.post("/v1/bookings/{id}/artifacts", { params: { id: jobId }, form })
        : api.post("/v1/jobs/{id}/artifacts", { params: { id: jobId }, form });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (artifactId: string) =>
      side === "customer"
        ? api.delete("/v1/bookings/{id}/artifacts/{artifactId}", { params: { id: jobId, artifactId } })
        : api.delete("/v1/jobs/{id}/artifacts/{artifactId}", { params: { id: jobId, artifactId } }),
    onSuccess,
  });
  return { share, remove };
}
