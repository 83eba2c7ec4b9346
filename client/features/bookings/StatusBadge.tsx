import type { JobStatus } from "../../../contract/enums";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { useT } from "../../lib/i18n";
import { enumLabel } from "../../lib/enums";

const TONE: Record<JobStatus, BadgeTone> = {
  pending: "neutral",
  awaitingScheduling: "warning",
  awaitingConfirmation: "info",
  timesProposed: "warning",
  confirmed: "success",
  inProgress: "accent",
  completed: "neutral",
  cancelled: "danger",
};

/** Status labels (Processing, To Be Booked, Booking Requested, Booked, …). */
export function StatusBadge({ status }: { status: JobStatus }) {
  const t = useT();
  return (
    <Badge tone={TONE[status]} data-testid="status">
      {enumLabel(t, "JobStatus", status)}
    </Badge>
  );
}
