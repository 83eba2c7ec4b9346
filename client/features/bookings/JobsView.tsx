import { CalendarCheck } from "../../components/icons";
import { Link } from "react-router";
import type { JobDto } from "../../../contract/bookings";
import { useAppUser } from "../../auth/useAppUser";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { ExportButton } from "../../components/ui/ExportButton";
import { LoadMore } from "../../components/ui/LoadMore";
import { useT } from "../../lib/i18n";
import { useJobs, type Side } from "./api";
import { JobFiltersBar, useJobFilters } from "./JobFilters";
import { JobsTable } from "./JobsTable";
import { QueryState } from "../../components/ui/QueryState";
import { BookingTabs, MineSwitch, PartnerJobViews, useMine } from "./JobViews";

/** Search and filters (kept in the URL), the jobs table, loading, empty and error states, "load more", and (partner owners and admins) the CSV export. */
export function JobsView({ side, onSchedule }: { side: Side; onSchedule?: (job: JobDto) => void }) {
  const t = useT();
  const { role } = useAppUser();
  const [filters, setFilters] = useJobFilters();
  const [mine, setMine] = useMine();
  const query = useJobs(side, mine ? { ...filters, mine: "true" } : filters);
  const jobs = query.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q || mine);
  const canExport = side === "partner" && (role === "owner" || role === "admin");
  const exportQuery = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))).toString();

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <JobFiltersBar side={side} filters={filters} onChange={setFilters} />
        {side === "partner" ? <MineSwitch mine={mine} onChange={setMine} /> : null}
        {canExport ? (
          <ExportButton path={`/admin/exports/jobs${exportQuery ? `?${exportQuery}` : ""}`} label={t("jobs.export")} fallbackName="jobs.csv" />
        ) : null}
      </div>

      <QueryState
        query={query}
        error={t("bookings.loadFailed")}
        isEmpty={() => jobs.length === 0}
        empty={
          filtered ? (
            <p className="py-8 text-center text-muted-foreground">{t("common.noResults")}</p>
          ) : (
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
          )
        }
      >
        {() => (
          <>
            {side === "partner" ? (
              <PartnerJobViews mine={mine} table={<JobsTable jobs={jobs} side={side} onSchedule={onSchedule} />} />
            ) : (
              <BookingTabs
                key={filters.status ?? ""}
                jobs={jobs}
                render={(subset, empty) =>
                  subset.length ? (
                    <JobsTable jobs={subset} side={side} onSchedule={onSchedule} />
                  ) : (
                    <p className="py-6 text-center text-muted-foreground">{empty}</p>
                  )
                }
              />
            )}
            <LoadMore query={query} label={t("bookings.loadMore")} />
          </>
        )}
      </QueryState>
    </div>
  );
}
