import type { JobDto } from "../../../contract/bookings";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT, type TranslationKey } from "../../lib/i18n";
import { useJobAction, type JobMove, type Side } from "./api";
import { ConfirmTimesDialog, ReasonDialog, TimesDialog } from "./dialogs";
import { ProposeTimesDialog } from "./ProposeTimesDialog";
import { CompleteDialog } from "./CompleteDialog";
import type { CompleteSession } from "../../../contract/job-people";

/** Which confirmation is open, for which job (and session line). */
export type OpenDialog =
  | { kind: "cancel" | "deny" | "confirm" | "times" | "reschedule" | "complete" | "proposeTimes" | "acceptProposal"; job: JobDto }
  | { kind: "completeLine"; job: JobDto; lineId: string; session: string }
  | null;

/** The dialogs behind a job's actions; each runs its move and reports the outcome in a toast. */
export function JobDialogs({ open, side, onClose }: { open: OpenDialog; side: Side; onClose: () => void }) {
  const t = useT();
  const action = useJobAction();

  const run = async (move: JobMove, done: TranslationKey, failure: "cancel" | "date" | "other") => {
    try {
      await action.mutateAsync(move);
      toast({ title: t(done), variant: "success" });
      onClose();
    } catch (err) {
      if (failure === "cancel") toastMessage("toast.cancelBookingFailed");
      else if (failure === "date") toastMessage("toast.changeBookingDateFailed");
      else toast({ title: t("bookings.actionFailed", { message: err instanceof ApiError ? err.message : t("message.generic") }), variant: "error" });
    }
  };
  const onOpenChange = (o: boolean) => !o && onClose();

  if (open?.kind === "cancel") {
    const { job } = open;
    return (
      <ReasonDialog
        open
        kind="cancel"
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(reason, comment) =>
          void run(
            { action: "cancel", side, id: job.id, body: { reason, comment: comment || undefined } },
            side === "partner" ? "bookings.done.cancelledByPartner" : "bookings.done.cancelledByCustomer",
            "cancel",
          )
        }
      />
    );
  }
  if (open?.kind === "deny") {
    const { job } = open;
    return (
      <ReasonDialog
        open
        kind="deny"
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(reason, comment) =>
          void run({ action: "deny", id: job.id, body: { reason, comment: comment || undefined } }, "bookings.done.denied", "other")
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
        onSubmit={(lines) => void run({ action: "confirm", id: open.job.id, body: { lines } }, "bookings.done.confirmed", "date")}
      />
    );
  }
  if (open?.kind === "proposeTimes") {
    const { job } = open;
    return (
      <ProposeTimesDialog
        open
        job={job}
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(lines, comment) =>
          void run({ action: "propose", id: job.id, body: { lines, comment, version: job.version } }, "bookings.done.proposed", "other")
        }
      />
    );
  }
  if (open?.kind === "acceptProposal") {
    const { job } = open;
    return (
      <ConfirmTimesDialog
        open
        accept
        job={job}
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(lines) => void run({ action: "accept", id: job.id, body: { lines, version: job.version } }, "bookings.done.accepted", "date")}
      />
    );
  }
  if (open?.kind === "reschedule") {
    const { job } = open;
    return (
      <TimesDialog
        open
        job={job}
        side={side}
        withReason
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(times, reason, comment) =>
          void run(
            side === "partner"
              ? {
                  action: "reschedule",
                  id: job.id,
                  body: { reason, comment, version: job.version, lines: times.map((x) => ({ lineId: x.lineId, time: x.time })) },
                }
              : {
                  action: "schedule",
                  id: job.id,
                  body: { mode: "request", reason, comment, version: job.version, sessions: times.map((x) => ({ sessionId: x.sessionId, times: [x.time] })) },
                },
            side === "partner" ? "bookings.done.rescheduled" : "bookings.done.rescheduleRequested",
            "date",
          )
        }
      />
    );
  }
  if (open?.kind === "times") {
    const { job } = open;
    return (
      <TimesDialog
        open
        job={job}
        side={side}
        withReason={false}
        busy={action.isPending}
        onOpenChange={onOpenChange}
        onSubmit={(times) =>
          void run(
            {
              action: "schedule",
              id: job.id,
              body: { mode: "request", version: job.version, sessions: times.map((x) => ({ sessionId: x.sessionId, times: [x.time, ...x.more] })) },
            },
            "bookings.done.requested",
            "date",
          )
        }
      />
    );
  }
  if (open?.kind === "complete" || open?.kind === "completeLine") {
    const title = open.kind === "completeLine" ? t("bookings.completeLineTitle", { session: open.session }) : t("bookings.completeTitle");
    const description = open.kind === "complete" ? t("bookings.completeBody") : undefined;
    const confirmLabel = open.kind === "complete" ? t("bookings.action.complete") : t("bookings.action.completeLine");
    const complete = (body?: CompleteSession) =>
      run(
        open.kind === "completeLine" ? { action: "completeLine", id: open.job.id, lineId: open.lineId, body } : { action: "complete", id: open.job.id, body },
        "bookings.done.completed",
        "other",
      );
    // With attendees, who attended is marked in the same dialog and saved with the completion.
    if (open.job.attendees.length)
      return (
        <CompleteDialog
          job={open.job}
          lineId={open.kind === "completeLine" ? open.lineId : undefined}
          title={title}
          description={description}
          confirmLabel={confirmLabel}
          busy={action.isPending}
          onOpenChange={onOpenChange}
          onConfirm={(body) => void complete(body)}
        />
      );
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        loading={action.isPending}
        onConfirm={() => complete()}
      />
    );
  }
  return null;
}
