import { AlarmClock } from "../../components/icons";
import type { JobDto } from "../../../contract/bookings";
import { useT } from "../../lib/i18n";
import type { Side } from "./api";

/** Beside the status on Your Jobs: a booking request still unconfirmed after 24 hours. */
export function OverdueBadge({ job, side }: { job: Pick<JobDto, "overdue">; side: Side }) {
  const t = useT();
  if (side !== "partner" || !job.overdue) return null;
  return (
    <span
      className="ml-2 inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-red-900 dark:bg-red-950 dark:text-red-200"
      data-testid="overdue"
    >
      <AlarmClock aria-hidden="true" className="size-3.5" />
      {t("jobs.overdue")}
      <span className="sr-only">: {t("jobs.overdueHint")}</span>
    </span>
  );
}
