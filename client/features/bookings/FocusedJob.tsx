import { Link } from "react-router";
import type { JobDto } from "../../../contract/bookings";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useJob, type Side } from "./api";
import { JobsTable } from "./JobsTable";

/**
 * `?job=<id>` on Your Bookings or Your Jobs (where every mail links): that
 * one job with its sessions open, and the way to the whole list.
 */
export function FocusedJob({ side, jobId, onSchedule }: { side: Side; jobId: string; onSchedule?: (job: JobDto) => void }) {
  const t = useT();
  const query = useJob(side, jobId);
  const all = side === "customer" ? "/bookings" : "/jobs";
  return (
    <section aria-labelledby="focused-job" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="focused-job" className="text-lg font-semibold">
          {side === "customer" ? t("bookings.focus.booking") : t("bookings.focus.job")}
        </h2>
        <Link to={all} className="text-sm text-brand-text underline underline-offset-4">
          {side === "customer" ? t("bookings.focus.allBookings") : t("bookings.focus.allJobs")}
        </Link>
      </div>
      {query.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-danger">
          {t("bookings.focus.notFound")}
        </p>
      ) : (
        <JobsTable jobs={[query.data]} side={side} onSchedule={onSchedule} expandedIds={[query.data.id]} />
      )}
    </section>
  );
}
