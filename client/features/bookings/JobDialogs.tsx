import type { JobDto } from "../../../contract/bookings";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT, type TranslationKey } from "../../lib/i18n";
import { useJobAction, type Side } from "./api";
import { ConfirmTimesDialog, ReasonDialog, TimesDialog } from "./dialogs";

/** Which confirmation is open, for which job (and session line). */
export type OpenDialog =
  | { kind: "cancel" | "deny" | "confirm" | "times" | "reschedule" | "complete"; job: JobDto }
  | { kind: "completeLine"; job: JobDto; lineId: string; session: string }
  | null;

/** The dialogs behind a job's actions; each runs its move and reports the outcome in a toast. */
export function JobDialogs({ open, side, onClose }: { open: OpenDialog; side: Side; onClose: () => void }) {
  const t = useT();
  const action = useJobAction();
  const base = side === "customer" ? "/bookings" : "/jobs";

  const run = async (path: string, body: unknown, done: TranslationKey, failure: "cancel" | "date" | "other") => {
    try {
      await action.mutateAsync({ path, body });
      toast({ title: t(done), variant: "success" });
      onClose();
    } catch (err) {
      if (failure === "cancel") toastMessage("toast.cancelBookingFailed");
      else if (failure === "date") toastMessage("toast.changeBookingDateFailed");
      else toast({ title: t("bookings.actionFailed", { message: err instanceof ApiError ? err.message : t("message.generic") }), variant: "error" });
    }
  };
  const onOpenChange = (o: boolean) => !o && onClose();

  if (open?.kind === "cancel" || open?.kind === "deny") {
    return (
      <ReasonDialog
        open
        kind={open.kind}
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(reason, comment) =>
          void (open.kind === "cancel"
            ? run(`${base}/${open.job.id}/cancel`, { reason, comment: comment || undefined }, "bookings.done.cancelled", "cancel")
            : run(`/jobs/${open.job.id}/deny`, { reason, comment: comment || undefined }, "bookings.done.denied", "other"))
        }
      />
    );
  }
  if (open?.kind === "confirm") {
    return (
      <ConfirmTimesDialog
        open
        job={open.job}
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(lines) => void run(`/jobs/${open.job.id}/confirm`, { lines }, "bookings.done.confirmed", "date")}
      />
    );
  }
  if (open?.kind === "times" || open?.kind === "reschedule") {
    return (
      <TimesDialog
        open
        job={open.job}
        withReason={open.kind === "reschedule"}
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(times, reason, comment) =>
          void (side === "partner"
            ? run(
                `/jobs/${open.job.id}/reschedule`,
                { reason, comment, version: open.job.version, lines: times.map((x) => ({ lineId: x.lineId, time: x.time })) },
                "bookings.done.scheduled",
                "date",
              )
            : run(
                `/bookings/${open.job.id}/schedule`,
                { mode: "request", reason, comment, version: open.job.version, sessions: times.map((x) => ({ sessionId: x.sessionId, times: [x.time] })) },
                "bookings.done.scheduled",
                "date",
              ))
        }
      />
    );
  }
  if (open?.kind === "complete" || open?.kind === "completeLine") {
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={open.kind === "completeLine" ? t("bookings.completeLineTitle", { session: open.session }) : t("bookings.completeTitle")}
        description={open.kind === "complete" ? t("bookings.completeBody") : undefined}
        confirmLabel={open.kind === "complete" ? t("bookings.action.complete") : t("bookings.action.completeLine")}
        loading={action.isPending}
        onConfirm={() =>
          run(
            open.kind === "completeLine" ? `/jobs/${open.job.id}/lines/${open.lineId}/complete` : `/jobs/${open.job.id}/complete`,
            {},
            "bookings.done.completed",
            "other",
          )
        }
      />
    );
  }
  return null;
}
