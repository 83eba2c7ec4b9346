import { useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import { CancellationReason, RescheduleReason } from "../../../contract/enums";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field, Input, Select, Textarea } from "../../components/ui/Field";
import { toLocalDateTimeInput, useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";

/** A value of an `<input type="datetime-local">` as an ISO instant (or null). */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Cancel (cancellation reasons) or deny (reschedule reasons): a reason, a comment, then the action. */
export function ReasonDialog({
  open,
  onOpenChange,
  kind,
  onSubmit,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: "cancel" | "deny";
  onSubmit: (reason: string, comment: string) => void;
  busy?: boolean;
}) {
  const t = useT();
  const reasons = kind === "cancel" ? CancellationReason : RescheduleReason;
  const ns = kind === "cancel" ? "CancellationReason" : "RescheduleReason";
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [error, setError] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={kind === "cancel" ? t("bookings.cancelTitle") : t("bookings.denyTitle")} description={kind === "cancel" ? t("bookings.cancelBody") : t("bookings.denyBody")}>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason) return setError(true);
            onSubmit(reason, comment);
          }}
        >
          <Field label={t("bookings.reason")} required error={error && !reason}>
            <Select value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t("onboarding.select")} required>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {t(`enum.${ns}.${r}` as never)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("bookings.comment")} optional>
            <Textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={500} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.back")}
            </Button>
            <Button type="submit" variant={kind === "cancel" ? "danger" : "primary"} loading={busy}>
              {kind === "cancel" ? t("bookings.action.cancel") : t("bookings.action.deny")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The delivery partner picks one of the proposed times for every session. */
export function ConfirmTimesDialog({ job, open, onOpenChange, onSubmit, busy }: { job: JobDto; open: boolean; onOpenChange: (o: boolean) => void; onSubmit: (lines: { lineId: string; time: string }[]) => void; busy?: boolean }) {
  const t = useT();
  const format = useFormatDate();
  const [chosen, setChosen] = useState<Record<string, string>>(() => Object.fromEntries(job.lines.map((l) => [l.id, l.requestedTimes[0] ?? ""])));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("bookings.confirmTitle")} description={t("bookings.confirmBody")} size="lg">
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(job.lines.map((l) => ({ lineId: l.id, time: chosen[l.id] })));
          }}
        >
          {job.lines.map((line) => (
            <fieldset key={line.id} className="grid gap-2">
              <legend className="mb-1 font-medium">{line.sessionName}</legend>
              {line.requestedTimes.map((time) => (
                <label key={time} className="flex items-center gap-2 text-sm">
                  <input type="radio" name={`time-${line.id}`} value={time} checked={chosen[line.id] === time} onChange={() => setChosen({ ...chosen, [line.id]: time })} />
                  {format(time, "long")}
                </label>
              ))}
            </fieldset>
          ))}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.back")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("bookings.action.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** New times for every session (the customer requesting again, or the partner rescheduling), with a reason when rescheduling. */
export function TimesDialog({
  job,
  open,
  onOpenChange,
  withReason,
  onSubmit,
  busy,
}: {
  job: JobDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  withReason: boolean;
  onSubmit: (times: { lineId: string; sessionId: string; time: string }[], reason?: string) => void;
  busy?: boolean;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [min] = useState(() => toLocalDateTimeInput(new Date(Date.now() + 60 * 60 * 1000)));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={withReason ? t("bookings.rescheduleTitle") : t("bookings.scheduleTitle")} description={t("booking.modeRequestBody")} size="lg">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            const times = job.lines.map((l) => ({ lineId: l.id, sessionId: l.sessionId, time: localToIso(values[l.id] ?? "") ?? "" }));
            if (times.some((x) => !x.time) || (withReason && !reason)) return;
            onSubmit(times, reason || undefined);
          }}
        >
          {job.lines.map((line) => (
            <Field key={line.id} label={`${line.sessionName} — ${t("booking.preferredTime")}`} required error={tried && !values[line.id]}>
              <Input type="datetime-local" min={min} value={values[line.id] ?? ""} onChange={(e) => setValues({ ...values, [line.id]: e.target.value })} />
            </Field>
          ))}
          {withReason ? (
            <Field label={t("bookings.reason")} required error={tried && !reason}>
              <Select value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t("onboarding.select")} required>
                {RescheduleReason.map((r) => (
                  <option key={r} value={r}>
                    {t(`enum.RescheduleReason.${r}`)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.back")}
            </Button>
            <Button type="submit" loading={busy}>
              {withReason ? t("bookings.action.reschedule") : t("bookings.action.requestTimes")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
