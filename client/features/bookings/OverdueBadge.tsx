import { AlarmClock } from "../../components/icons";
import type { JobDto } from "../../../contract/bookings";
import { Badge } from "../../components/ui/Badge";
import { useT } from "../../lib/i18n";
import type { Side } from "./api";

/** Beside the status on Your Jobs: a booking request still unconfirmed after 24 hours. */
export function OverdueBadge({ job, side }: { job: Pick<JobDto, "overdue">; side: Side }) {
  const t = useT();
  if (side !== "partner" || !job.overdue) return null;
  return (
    <Badge tone="danger" className="ml-2" data-testid="overdue">
      <AlarmClock aria-hidden="true" />
      {t("jobs.overdue")}
      <span className="sr-only">: {t("jobs.overdueHint")}</span>
    </Badge>
  );
}
