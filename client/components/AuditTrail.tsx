import { useInfiniteQuery } from "@tanstack/react-query";
import { LoadMore } from "./ui/LoadMore";
import { Skeleton } from "./ui/Skeleton";
import { useActiveAccountId } from "../auth/useAppUser";
import { api } from "../lib/api";
import { useFormatDate } from "../lib/dates";
import { useLanguage, useLocale, useT } from "../lib/i18n";
import { enumLabel, oneOf } from "../lib/enums";
import type { AuditChange, AuditEntryDto } from "../../contract/audit";
import { CancellationReason, CommitmentTerm, Currency, JobStatus, RefreshPeriod, RescheduleReason, type Language } from "../../contract/enums";
import { formatMoney } from "../features/catalogue/format";
import type { Translate } from "../lib/i18n";
import { auditKeys, type AuditOf } from "../features/audit/keys";

export { auditKeys, type AuditOf };

/** Entries per page ("Load more" asks for the next). */
const PAGE_SIZE = 20;

type Ranges = { start: string; end: string }[];

/** JSON the trail stored (weekly hours, date overrides), or nothing when it is not a list. */
function listOf<T>(value: string): T[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** Ranges of hours as the week's screens write them ("09:00–12:00, 13:00–17:00"), or "closed". */
const rangesText = (t: Translate, ranges: Ranges) => (ranges.length ? ranges.map((r) => `${r.start}–${r.end}`).join(", ") : t("audit.closed"));

/** The short name of a weekday (0 Sunday … 6 Saturday) in the reader's language. */
const weekdayName = (locale: string, day: number) =>
  new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + day)));

/** What an entry's values are read with: the catalogue, the date helper, the reader's language and locale. */
export type ValueContext = { t: Translate; format: ReturnType<typeof useFormatDate>; language: Language; locale: string };

/** One value of a change as the product says it: a label, a date, a number, an amount, hours or a name; "none" for no value. */
function valueText({ t, format, language, locale }: ValueContext, kind: AuditChange["kind"], value: AuditChange["from"]): string {
  if (value === null || value === "") return t("audit.none");
  const raw = String(value);
  if (kind === "status") {
    const status = oneOf(JobStatus, raw);
    return status ? enumLabel(t, "JobStatus", status) : t("audit.none");
  }
  if (kind === "time") return format(raw, "long");
  if (kind === "date") return format(raw, "short");
  if (kind === "minutes") return t("audit.minutes", { count: Number(value) });
  if (kind === "term") {
    const term = oneOf(CommitmentTerm, raw);
    return term ? enumLabel(t, "CommitmentTerm", term) : t("audit.none");
  }
  if (kind === "period") {
    const period = oneOf(RefreshPeriod, raw);
    return period ? enumLabel(t, "RefreshPeriod", period) : t("audit.none");
  }
  if (kind === "money") {
    const [amount, code] = raw.split(" ");
    const currency = oneOf(Currency, code);
    return currency && Number.isFinite(Number(amount)) ? formatMoney(Number(amount), currency, language) : t("audit.none");
  }
  if (kind === "hours")
    return listOf<{ day: number; ranges: Ranges }>(raw)
      .map((d) => `${weekdayName(locale, d.day)} ${rangesText(t, d.ranges)}`)
      .join("; ");
  if (kind === "overrides")
    return listOf<{ date: string; ranges: Ranges }>(raw)
      .map((o) => `${format(`${o.date}T12:00:00Z`, "short")} ${rangesText(t, o.ranges)}`)
      .join("; ");
  return raw;
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

/** What an entry says after its code: the setting changed, from → to, and the reason's label (never a stored code). */
export function auditDetails(v: ValueContext, e: AuditEntryDto): string[] {
  const { t } = v;
  const out: string[] = [];
  if (e.category) out.push(enumLabel(t, "CategoryFilter", e.category));
  if (e.field) out.push(enumLabel(t, "AuditField", e.field));
  if (e.change) {
    const [from, to] = [valueText(v, e.change.kind, e.change.from), valueText(v, e.change.kind, e.change.to)];
    out.push(e.change.kind === "credits" ? t("audit.balance", { from, to }) : t("audit.change", { from, to }));
  }
  const reason = reasonLabel(t, e);
  if (reason) out.push(t("audit.reason", { reason }));
  return out;
}

/** An audit trail (a job's, a customer's or the account's own), newest first, a page at a time; for owners and admins. */
export function AuditTrail({ of, title }: { of: AuditOf; title?: string }) {
  const t = useT();
  const format = useFormatDate();
  const [language] = useLanguage();
  const locale = useLocale();
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
              {auditDetails({ t, format, language, locale }, e).map((d) => ` · ${d}`)}
              {e.by ? ` · ${t("audit.by", { name: e.by })}` : e.bySystem ? ` · ${t("audit.bySystem")}` : ""}
            </li>
          ))}
        </ol>
      )}
      <LoadMore query={query} label={t("bookings.loadMore")} />
    </section>
  );
}

/**
 * The acting account's own trail as a card of its own: a partner's (its plans
 * and price groups, under the screens that change them), a customer's
 * (everything of its account, under every provider it has had; its owners'
 * and admins' Profile).
 */
export function OwnAuditSection({ hint }: { hint: "partner" | "customer" }) {
  const t = useT();
  return (
    <section aria-labelledby="own-audit" className="mt-8 min-w-0 rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="own-audit" className="text-lg font-semibold">
        {t("audit.title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{t(hint === "partner" ? "audit.partnerHint" : "audit.ownHint")}</p>
      <AuditTrail of={{ partner: true }} />
    </section>
  );
}
