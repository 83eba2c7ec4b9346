import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { JobDto } from "../../../contract/bookings";
import { JobStatus } from "../../../contract/enums";
import { DatePicker } from "../../components/ui/DatePicker";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Select } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useJobs, type JobFilters, type Side } from "./api";
import { JobsTable } from "./JobsTable";

/** Filters by status and date, the jobs table, loading, empty and error states, and "load more". */
export function JobsView({ side, onSchedule }: { side: Side; onSchedule?: (job: JobDto) => void }) {
  const t = useT();
  const [params] = useSearchParams();
  // A link may open the list already filtered (Home's attention panel: ?status=).
  const [filters, setFilters] = useState<JobFilters>(() => {
    const status = params.get("status");
    return {
      status: JobStatus.find((s) => s === status),
      from: params.get("from") || undefined,
      to: params.get("to") || undefined,
    };
  });
  const query = useJobs(side, filters);
  const jobs = query.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.status || filters.from || filters.to);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t("bookings.filter.status")} className="w-48">
          <Select value={filters.status ?? ""} onChange={(e) => setFilters({ ...filters, status: (e.target.value || undefined) as JobFilters["status"] })}>
            <option value="">{t("bookings.filter.allStatuses")}</option>
            {JobStatus.map((s) => (
              <option key={s} value={s}>
                {t(`enum.JobStatus.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("bookings.filter.from")} className="w-44">
          <DatePicker value={filters.from ?? null} max={filters.to} onChange={(v) => setFilters({ ...filters, from: v ?? undefined })} clearable />
        </Field>
        <Field label={t("bookings.filter.to")} className="w-44">
          <DatePicker value={filters.to ?? null} min={filters.from} onChange={(v) => setFilters({ ...filters, to: v ?? undefined })} clearable />
        </Field>
        {filtered ? (
          <Button variant="ghost" onClick={() => setFilters({})}>
            {t("bookings.filter.clear")}
          </Button>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-danger">
          {t("bookings.loadFailed")}
        </p>
      ) : jobs.length === 0 ? (
        <EmptyState
          icon={<CalendarCheck aria-hidden="true" />}
          title={side === "customer" ? t("bookings.empty") : t("jobs.empty")}
          description={side === "customer" ? t("bookings.emptyBody") : t("jobs.emptyBody")}
          action={
            side === "customer" ? (
              <Button asChild variant="outline">
                <Link to="/workouts">{t("workout.browse")}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <JobsTable jobs={jobs} side={side} onSchedule={onSchedule} />
          {query.hasNextPage ? (
            <Button variant="outline" className="justify-self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t("bookings.loadMore")}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
