import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "./ui/Button";
import { Skeleton } from "./ui/Skeleton";
import { useActiveAccountId } from "../auth/useAppUser";
import { api } from "../lib/api";
import { useFormatDate } from "../lib/dates";
import { useT } from "../lib/i18n";
import { enumLabel, oneOf } from "../lib/enums";
import type { AuditChange, AuditEntryDto } from "../../contract/audit";
import { CancellationReason, JobStatus, RescheduleReason } from "../../contract/enums";
import type { Translate } from "../lib/i18n";

/** Entries per page ("Load more" asks for the next). */
const PAGE_SIZE = 20;

/** Whose trail: a job's, a partner's customer's, or the partner's own (its plans and price groups). */
export type AuditOf = { job: string } | { customer: string } | { partner: true };

/** The audit trails' keys, per active account. */
export const auditKeys = {
  /** Every trail, in any account (after a change that writes an entry). */
  all: ["audit"] as const,
  trail: (accountId: string, of: AuditOf) => ["audit", accountId, of] as const,
};

/** One value of a change as the product says it: a status's label, a date, a number or a name; "none" for no value. */
function valueText(t: Translate, format: ReturnType<typeof useFormatDate>, kind: AuditChange["kind"], value: AuditChange["from"]): string {
  if (value === null || value === "") return t("audit.none");
  if (kind === "status") {
    const status = oneOf(JobStatus, String(value));
    return status ? enumLabel(t, "JobStatus", status) : t("audit.none");
  }
  if (kind === "time") return format(String(value), "long");
  if (kind === "date") return format(String(value), "short");
  return String(value);
}

/** The label of an entry's reason: a cancellation reason for a cancelled job, else a reschedule reason. */
function reasonLabel(t: Translate, e: AuditEntryDto): string | null {
  if (e.code === "workoutJobCancelled") {
    const r = oneOf(CancellationReason, e.reason);
    return r ? enumLabel(t, "CancellationReason", r) : null;
  }
  const r = oneOf(RescheduleReason, e.reason);
  return r ? enumLabel(t, "RescheduleReason", r) : null;
}

/** What an entry says after its code: from → to, and the reason's label (never a stored code). */
function details(t: Translate, format: ReturnType<typeof useFormatDate>, e: AuditEntryDto): string[] {
  const out: string[] = [];
  if (e.category) out.push(enumLabel(t, "CategoryFilter", e.category));
  if (e.change) {
    const [from, to] = [valueText(t, format, e.change.kind, e.change.from), valueText(t, format, e.change.kind, e.change.to)];
    out.push(e.change.kind === "credits" ? t("audit.balance", { from, to }) : t("audit.change", { from, to }));
  }
  const reason = reasonLabel(t, e);
  if (reason) out.push(t("audit.reason", { reason }));
  return out;
}

/** An audit trail (a job's or a customer's), newest first, a page at a time; for a partner's owners and admins. */
export function AuditTrail({ of, title }: { of: AuditOf; title?: string }) {
  const t = useT();
  const format = useFormatDate();
  const accountId = useActiveAccountId();
  const query = useInfiniteQuery({
    queryKey: auditKeys.trail(accountId, of),
    queryFn: ({ pageParam }) => {
      const query = { cursor: pageParam ?? undefined, limit: PAGE_SIZE };
      if ("job" in of) return api.get("/v1/jobs/{id}/audit", { params: { id: of.job }, query });
      if ("customer" in of) return api.get("/v1/admin/dependents/{id}/audit", { params: { id: of.customer }, query });
      return api.get("/v1/admin/audit", { query });
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
        // A rule between entries: wrapped over several lines (a phone), one entry does not run into the next.
        <ol className="grid divide-y divide-border text-sm" data-testid="audit-trail">
          {items.map((e) => (
            <li key={e.id} className="py-1.5">
              <time dateTime={e.createdAt} className="text-muted-foreground">
                {format(e.createdAt, "long")}
              </time>{" "}
              · {enumLabel(t, "AuditCode", e.code)}
              {e.subject ? ` · ${e.subject}` : ""}
              {details(t, format, e).map((d) => ` · ${d}`)}
              {e.by ? ` · ${t("audit.by", { name: e.by })}` : e.bySystem ? ` · ${t("audit.bySystem")}` : ""}
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

/** The partner's own trail (its plans and price groups) as a card of its own, under the screens that change them. */
export function PartnerAuditSection() {
  const t = useT();
  return (
    <section aria-labelledby="partner-audit" className="mt-8 min-w-0 rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="partner-audit" className="text-lg font-semibold">
        {t("audit.title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{t("audit.partnerHint")}</p>
      <AuditTrail of={{ partner: true }} />
    </section>
  );
}
