import type { JobDto } from "../../../contract/bookings";
import { useAppUser } from "../../auth/useAppUser";
import { Checkbox } from "../../components/ui/Field";
import { toastMessage } from "../../components/ui/toast-store";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { Side } from "./api";
import { useTickActionItem } from "./extras-api";

type Line = JobDto["lines"][number];

/**
 * A session line's action items (the side's own), each a checkbox that ticks
 * it done or undoes it. A cancelled booking's items stay as they are; on the
 * partner side only owners and admins tick.
 */
export function ActionItemList({ job, line, side }: { job: JobDto; line: Line; side: Side }) {
  const t = useT();
  const format = useFormatDate();
  const { role } = useAppUser();
  const tick = useTickActionItem(side);
  const locked = job.status === "cancelled" || (side === "partner" && role !== "owner" && role !== "admin");
  return (
    <ul className="grid gap-2">
      {line.actionItems.map((item) => (
        <li key={item.id} className="grid gap-0.5" data-testid="action-item">
          <Checkbox
            label={item.name}
            checked={item.completedAt !== null}
            disabled={locked || (tick.isPending && tick.variables?.itemId === item.id)}
            onCheckedChange={(checked) =>
              tick.mutate({ jobId: job.id, itemId: item.id, done: checked === true }, { onError: () => toastMessage("toast.actionItemFailed") })
            }
            hint={
              <>
                {item.completedAt
                  ? t("bookings.actionItemDone", { date: format(item.completedAt) })
                  : item.dueAt
                    ? t("bookings.due", { date: format(item.dueAt) })
                    : null}
                {item.link ? (
                  <>
                    {" "}
                    <a href={item.link} target="_blank" rel="noreferrer noopener" className="text-brand-text underline underline-offset-4">
                      {t("bookings.actionItemLink")}
                      <span className="sr-only"> {t("common.opensInNewTab")}</span>
                    </a>
                  </>
                ) : null}
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
