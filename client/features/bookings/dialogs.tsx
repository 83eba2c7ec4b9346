import { useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import { CancellationReason, RescheduleReason } from "../../../contract/enums";
import { sessionOrderProblems } from "../../../contract/session-order";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Checkbox, Field, Input, Select, Textarea } from "../../components/ui/Field";
import { toLocalDateTimeInput, useFormatDate } from "../../lib/dates";
import { enumLabel, oneOf } from "../../lib/enums";
import { useT } from "../../lib/i18n";

/** A value of an `<input type="datetime-local">` as an ISO instant (or null). */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Cancel (cancellation reasons) or deny (reschedule reasons): a reason, a comment, then the action. */
export function ReasonDialog(
  props: { open: boolean; onOpenChange: (open: boolean) => void; busy?: boolean } & (
    | { kind: "cancel"; onSubmit: (reason: CancellationReason, comment: string) => void }
    | { kind: "deny"; onSubmit: (reason: RescheduleReason, comment: string) => void }
  ),
) {
  const { open, onOpenChange, kind, busy } = props;
  const t = useT();
  const reasons: [value: string, label: string][] =
    kind === "cancel"
      ? CancellationReason.map((r) => [r, enumLabel(t, "CancellationReason", r)])
      : RescheduleReason.map((r) => [r, enumLabel(t, "RescheduleReason", r)]);
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [error, setError] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={kind === "cancel" ? t("bookings.cancelTitle") : t("bookings.denyTitle")}
        description={kind === "cancel" ? t("bookings.cancelBody") : t("bookings.denyBody")}
      >
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // The select offers only the kind's reasons; an empty one is refused at the field.
            if (props.kind === "cancel") {
              const picked = oneOf(CancellationReason, reason);
              if (!picked) return setError(true);
              props.onSubmit(picked, comment);
            } else {
              const picked = oneOf(RescheduleReason, reason);
              if (!picked) return setError(true);
              props.onSubmit(picked, comment);
            }
          }}
        >
          <ReasonFields reasons={reasons} reason={reason} onReason={setReason} comment={comment} onComment={setComment} error={error && !reason} />
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
export function ConfirmTimesDialog({
  job,
  open,
  onOpenChange,
  onSubmit,
  busy,
}: {
  job: JobDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (lines: { lineId: string; time: string }[]) => void;
  busy?: boolean;
}) {
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
            onSubmit(job.lines.map((l) => ({ lineId: l.id, time: chosen[l.id] ?? "" })));
          }}
        >
          {job.lines.map((line) => (
            <fieldset key={line.id} className="grid gap-2">
              <legend className="mb-1 font-medium">{line.sessionName}</legend>
              {line.requestedTimes.map((time) => (
                <label key={time} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`time-${line.id}`}
                    value={time}
                    checked={chosen[line.id] === time}
                    onChange={() => setChosen({ ...chosen, [line.id]: time })}
                  />
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

/** A session line's new time, as the dialog hands it on. */
export type NewTime = { lineId: string; sessionId: string; time: string };

/**
 * New times: from To Be Booked, for every session (the customer requesting
 * again); when rescheduling (either side), for the sessions ticked — one or
 * several — with a reason and an optional comment. Times must be in the
 * future and keep the sessions' order (with the sessions kept at their
 * time); each problem is shown on its session and cleared when it changes.
 */
export function TimesDialog(
  props: { job: JobDto; open: boolean; onOpenChange: (o: boolean) => void; busy?: boolean } & (
    | { withReason: true; onSubmit: (times: NewTime[], reason: RescheduleReason, comment?: string) => void }
    | { withReason: false; onSubmit: (times: NewTime[]) => void }
  ),
) {
  const { job, open, onOpenChange, withReason, busy } = props;
  const t = useT();
  const format = useFormatDate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [moving, setMoving] = useState<Set<string>>(() => new Set(withReason ? [] : job.lines.map((l) => l.id)));
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [tried, setTried] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [min] = useState(() => toLocalDateTimeInput(new Date(Date.now() + 60 * 60 * 1000)));
  const setTime = (lineId: string, value: string) => {
    setValues({ ...values, [lineId]: value });
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== lineId)));
  };
  const toggle = (lineId: string, on: boolean) => {
    const next = new Set(moving);
    if (on) next.add(lineId);
    else next.delete(lineId);
    setMoving(next);
    setErrors({});
  };

  /** Times in the future and the sessions in their order, counting the kept sessions at their booked time. */
  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const l of job.lines) {
      const iso = moving.has(l.id) ? localToIso(values[l.id] ?? "") : null;
      if (iso && Date.parse(iso) <= Date.now()) found[l.id] = t("booking.error.past");
    }
    const problems = sessionOrderProblems(
      job.lines.map((l) => {
        const moved = moving.has(l.id);
        const iso = moved ? localToIso(values[l.id] ?? "") : l.scheduledAt;
        return { sequence: l.sequence, name: l.sessionName, lengthMinutes: l.lengthMinutes, moved, times: iso ? [iso] : [], key: () => l.id };
      }),
    );
    for (const p of problems)
      found[p.key] ??= t(p.kind === "startAfter" ? "booking.error.startAfter" : "booking.error.endBefore", { sequence: p.other.sequence, name: p.other.name });
    return found;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={withReason ? t("bookings.rescheduleTitle") : t("bookings.scheduleTitle")} description={t("booking.modeRequestBody")} size="lg">
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            const chosen = job.lines.filter((l) => moving.has(l.id));
            const times = chosen.map((l) => ({ lineId: l.id, sessionId: l.sessionId, time: localToIso(values[l.id] ?? "") ?? "" }));
            const picked = oneOf(RescheduleReason, reason);
            if (!chosen.length || times.some((x) => !x.time) || (withReason && !picked)) return;
            const found = check();
            setErrors(found);
            if (Object.keys(found).length) return;
            if (!props.withReason) props.onSubmit(times);
            else if (picked) props.onSubmit(times, picked, comment.trim() || undefined);
          }}
        >
          {job.lines.map((line) => (
            <div key={line.id} className="grid gap-2 rounded-lg border border-border p-3">
              {withReason ? (
                <Checkbox
                  label={t("bookings.moveSession", { name: line.sessionName })}
                  hint={line.scheduledAt ? t("bookings.currentTime", { time: format(line.scheduledAt, "long") }) : undefined}
                  checked={moving.has(line.id)}
                  onCheckedChange={(v) => toggle(line.id, v === true)}
                />
              ) : null}
              {moving.has(line.id) ? (
                <Field
                  label={withReason ? t("bookings.newTime", { name: line.sessionName }) : `${line.sessionName} — ${t("booking.preferredTime")}`}
                  required
                  error={(tried && !values[line.id]) || errors[line.id]}
                >
                  <Input type="datetime-local" min={min} value={values[line.id] ?? ""} onChange={(e) => setTime(line.id, e.target.value)} />
                </Field>
              ) : null}
            </div>
          ))}
          {withReason && tried && moving.size === 0 ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t("bookings.chooseSession")}
            </p>
          ) : null}
          {withReason ? (
            <>
              <ReasonFields
                reasons={RescheduleReason.map((r) => [r, enumLabel(t, "RescheduleReason", r)])}
                reason={reason}
                onReason={setReason}
                comment={comment}
                onComment={setComment}
                error={tried && !reason}
              />
            </>
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

/** A required reason (from `reasons`, value and label) and an optional comment, as a job move asks for them. */
function ReasonFields(props: {
  reasons: [value: string, label: string][];
  reason: string;
  onReason: (value: string) => void;
  comment: string;
  onComment: (value: string) => void;
  error: boolean;
}) {
  const t = useT();
  return (
    <>
      <Field label={t("bookings.reason")} required error={props.error}>
        <Select value={props.reason} onChange={(e) => props.onReason(e.target.value)} placeholder={t("onboarding.select")} required>
          {props.reasons.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("bookings.comment")} optional>
        <Textarea value={props.comment} onChange={(e) => props.onComment(e.target.value)} rows={3} maxLength={500} />
      </Field>
    </>
  );
}
