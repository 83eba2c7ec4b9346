import { useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import type { CompleteSession } from "../../../contract/job-people";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { Checkbox } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";

/**
 * Completing a session (or the whole job) of a booking with attendees: who
 * attended is ticked here and sent with the completion, so both are saved
 * in one batch (or neither). Starts from the marks already saved for the
 * session.
 */
export function CompleteDialog({
  job,
  lineId,
  title,
  description,
  confirmLabel,
  busy,
  onOpenChange,
  onConfirm,
}: {
  job: JobDto;
  /** The session completed; the whole job when absent. */
  lineId?: string;
  title: string;
  description?: string;
  confirmLabel: string;
  busy?: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (body: CompleteSession) => void;
}) {
  const t = useT();
  const line = job.lines.find((l) => (lineId ? l.id === lineId : l.status !== "completed"));
  const [present, setPresent] = useState<Set<string>>(() => new Set(line?.attendance.filter((a) => a.present).map((a) => a.userId) ?? []));
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm({ attendance: job.attendees.map((a) => ({ userId: a.id, present: present.has(a.id) })) });
          }}
        >
          <AttendeeChecks attendees={job.attendees} present={present} onChange={setPresent} legend={t("bookings.completeAttendance")} />
          <FormDialogFooter submit={confirmLabel} busy={busy} close={t("common.back")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The booking's attendees, each ticked when present: the fieldset a completion and an attendance correction share. */
export function AttendeeChecks({
  attendees,
  present,
  onChange,
  legend,
  disabled,
}: {
  attendees: JobDto["attendees"];
  present: Set<string>;
  onChange: (present: Set<string>) => void;
  legend: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-1.5 text-sm" disabled={disabled}>
      <legend className="mb-1 font-medium">{legend}</legend>
      {attendees.map((a) => (
        <Checkbox
          key={a.id}
          label={a.name}
          checked={present.has(a.id)}
          disabled={disabled}
          onCheckedChange={(v) => {
            const next = new Set(present);
            if (v === true) next.add(a.id);
            else next.delete(a.id);
            onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}
