import { useCallback } from "react";
import { useLatestSearchParams } from "../../lib/url-params";
import { JobStatus } from "../../../contract/enums";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Field } from "../../components/ui/Field";
import { SearchBox } from "../../components/ui/SearchBox";
import { useT } from "../../lib/i18n";
import type { JobFilters as Filters } from "./api";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { oneOf } from "../../lib/enums";
import { onPhone } from "../../components/ui/phone-widths";
import { cn } from "../../lib/cn";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list's filters, kept in the URL's search params (status, from, to, q)
 * so a reload, a shared link or Back shows the same list. Anything invalid in
 * the URL is ignored.
 */
export function useJobFilters(): [Filters, (patch: Filters) => void] {
  const [params, write] = useLatestSearchParams();
  const filters = readFilters(params);
  // Applied to the URL as last written (a late search keeps a status picked meanwhile, and the other way round).
  const update = useCallback(
    (patch: Filters) =>
      write((latest) => {
        const next = { ...readFilters(latest), ...patch };
        const out = new URLSearchParams();
        for (const key of ["q", "status", "from", "to"] as const) if (next[key]) out.set(key, next[key]);
        return out;
      }),
    [write],
  );
  return [filters, update];
}

function readFilters(params: URLSearchParams): Filters {
  const status = params.get("status");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return {
    status: JobStatus.find((s) => s === status),
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    q: params.get("q")?.trim().slice(0, 100) || undefined,
  };
}

/** Search (workout or customer), status and booked-date filters above the jobs table. */
export function JobFiltersBar({ side, filters, onChange }: { side: "customer" | "partner"; filters: Filters; onChange: (patch: Filters) => void }) {
  const t = useT();
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q);
  const label = side === "customer" ? t("bookings.filter.searchBookings") : t("bookings.filter.searchJobs");

  return (
    // On a phone the search and the status take the whole width, the two dates half of it each: no ragged column of fields.
    <div className="flex flex-wrap items-end gap-3" data-testid="job-filters">
      <Field label={label} className={cn("w-64", onPhone.whole)}>
        <SearchBox value={filters.q ?? ""} onSearch={(q) => onChange({ q })} />
      </Field>
      <Field label={t("bookings.filter.status")} className={cn("w-48", onPhone.whole)}>
        <EnumSelect
          enumName="JobStatus"
          values={JobStatus}
          placeholder={t("bookings.filter.allStatuses")}
          value={filters.status ?? ""}
          onChange={(e) => onChange({ status: oneOf(JobStatus, e.target.value) })}
        />
      </Field>
      <Field label={t("bookings.filter.from")} className={cn("w-44", onPhone.half)}>
        <DatePicker value={filters.from ?? null} max={filters.to} onChange={(v) => onChange({ from: v ?? undefined })} clearable />
      </Field>
      <Field label={t("bookings.filter.to")} className={cn("w-44", onPhone.half)}>
        <DatePicker value={filters.to ?? null} min={filters.from} onChange={(v) => onChange({ to: v ?? undefined })} clearable />
      </Field>
      {filtered ? (
        <Button variant="ghost" onClick={() => onChange({ q: undefined, status: undefined, from: undefined, to: undefined })}>
          {t("bookings.filter.clear")}
        </Button>
      ) : null}
    </div>
  );
}
