import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "./ui/Button";
import { Skeleton } from "./ui/Skeleton";
import { useActiveAccountId } from "../auth/useAppUser";
import { api } from "../lib/api";
import { useFormatDate } from "../lib/dates";
import { useT } from "../lib/i18n";
import { enumLabel } from "../lib/enums";

/** Whose trail: a job's or a partner's customer's. */
export type AuditOf = { job: string } | { customer: string };

/** The audit trails' keys, per active account. */
export const auditKeys = {
  trail: (accountId: string, of: AuditOf) => ["audit", accountId, of] as const,
};

/** An audit trail (a job's or a customer's), newest first, a page at a time; for a partner's owners and admins. */
export function AuditTrail({ of, title }: { of: AuditOf; title?: string }) {
  const t = useT();
  const format = useFormatDate();
  const accountId = useActiveAccountId();
  const query = useInfiniteQuery({
    queryKey: auditKeys.trail(accountId, of),
    queryFn: ({ pageParam }) => {
      const query = { cursor: pageParam ?? undefined };
      return "job" in of
        ? api.get("/v1/jobs/{id}/audit", { params: { id: of.job }, query })
        : api.get("/v1/admin/dependents/{id}/audit", { params: { id: of.customer }, query });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-label={title} className="grid gap-2">
      {title ? <h3 className="text-sm font-semibold">{title}</h3> : null}
      {query.isPending ? (
        <Skeleton className="h-6 w-64" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t("audit.loadFailed")}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("audit.empty")}</p>
      ) : (
        <ol className="grid gap-1 text-sm" data-testid="audit-trail">
          {items.map((e) => (
            <li key={e.id}>
              <time dateTime={e.createdAt} className="text-muted-foreground">
                {format(e.createdAt, "long")}
              </time>{" "}
              · {enumLabel(t, "AuditCode", e.code)}
              {e.subject ? ` · ${e.subject}` : ""}
              {e.by ? ` · ${t("audit.by", { name: e.by })}` : ""}
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <Button variant="ghost" size="sm" className="justify-self-start" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t("bookings.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
