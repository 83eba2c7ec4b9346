import type { JobStatus } from "../../../contract/enums";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

const TONE: Record<JobStatus, string> = {
  pending: "bg-muted text-muted-foreground",
  awaitingScheduling: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  awaitingConfirmation: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  confirmed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  inProgress: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  completed: "bg-zinc-200 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100",
  cancelled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** Status labels (Processing, To Be Booked, Booking Requested, Booked, …). */
export function StatusBadge({ status }: { status: JobStatus }) {
  const t = useT();
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap", TONE[status])} data-testid="status">
      {t(`enum.JobStatus.${status}`)}
    </span>
  );
}
