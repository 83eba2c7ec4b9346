import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import {
  CancelBooking,
  ConfirmRequest,
  DenyRequest,
  GivenCancellationReason,
  GivenRescheduleReason,
  PartnerReschedule,
  type JobDto,
} from "../../../contract/bookings";
import { MESSAGES } from "../../../contract/messages";
import { sessionOrderProblems } from "../../../contract/session-order";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { Checkbox, Field, Select, Textarea } from "../../components/ui/Field";
import { useFormatDate, useTimeZone, zonedInputToIso } from "../../lib/dates";
import { enumLabel, oneOf } from "../../lib/enums";
import { errorAt, toastInvalidForm } from "../../lib/forms";
import { useT, type Translate } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { TimePicker } from "./TimePicker";
import { MultiTimePicker } from "./MultiTimePicker";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

type CancellationChoice = (typeof GivenCancellationReason)[number];
type RescheduleChoice = (typeof GivenRescheduleReason)[number];

/** Cancel (cancellation reasons) or deny (reschedule reasons): a reason, a comment, then the action. */
export function ReasonDialog(
  props: { open: boolean; onOpenChange: (open: boolean) => void; busy?: boolean } & (
    | { kind: "cancel"; onSubmit: (reason: CancellationChoice, comment: string) => void }
    | { kind: "deny"; onSubmit: (reason: RescheduleChoice, comment: string) => void }
  ),
) {
  const { open, onOpenChange, kind, busy } = props;
  const t = useT();
  const reasons: [value: string, label: string][] =
    kind === "cancel"
      ? GivenCancellationReason.map((r) => [r, enumLabel(t, "CancellationReason", r)])
      : GivenRescheduleReason.map((r) => [r, enumLabel(t, "RescheduleReason", r)]);
  // The contract's body of the move: a required reason of its kind, an optional comment.
  const form = useForm({ resolver: zodResolver(kind === "cancel" ? CancelBooking : DenyRequest), defaultValues: { comment: "" } });
  const submit = form.handleSubmit(
    ({ reason, comment = "" }) => {
      // The schema took only the kind's reasons; this narrows the type to them.
      if (props.kind === "cancel") {
        const picked = oneOf(GivenCancellationReason, reason);
        if (picked) props.onSubmit(picked, comment);
      } else {
        const picked = oneOf(GivenRescheduleReason, reason);
        if (picked) props.onSubmit(picked, comment);
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={kind === "cancel" ? t("bookings.cancelTitle") : t("bookings.denyTitle")}
        description={kind === "cancel" ? t("bookings.cancelBody") : t("bookings.denyBody")}
      >
        <LeaveGuard when={form.formState.isDirty && !busy} />
        <form className="grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
          <ReasonFields
            reasons={reasons}
            reason={form.register("reason")}
            comment={form.register("comment")}
            error={form.formState.errors.reason?.message}
            commentError={form.formState.errors.comment?.message}
          />
          <FormDialogFooter
            submit={kind === "cancel" ? t("bookings.action.cancel") : t("bookings.action.deny")}
            busy={busy}
            variant={kind === "cancel" ? "danger" : "primary"}
            close={t("common.back")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One of the proposed times for every session waiting: the delivery partner
 * confirming a request, or (`accept`) the customer accepting the partner's
 * counter-proposal (the contract's body: one time per line).
 */
export function ConfirmTimesDialog({
  job,
  open,
  onOpenChange,
  onSubmit,
  busy,
  accept = false,
}: {
  accept?: boolean;
  job: JobDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (lines: { lineId: string; time: string }[]) => void;
  busy?: boolean;
}) {
  const t = useT();
  const format = useFormatDate();
  const form = useForm<z.input<typeof ConfirmRequest>, unknown, z.output<typeof ConfirmRequest>>({
    resolver: zodResolver(ConfirmRequest),
    defaultValues: { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] ?? "" })) },
  });
  const submit = form.handleSubmit(
    ({ lines }) => onSubmit(lines),
    (errors) => toastInvalidForm(errors),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={accept ? t("bookings.acceptTitle") : t("bookings.confirmTitle")}
        description={accept ? t("bookings.acceptBody") : t("bookings.confirmBody")}
        size="lg"
      >
        <LeaveGuard when={form.formState.isDirty && !busy} />
        <form className="grid gap-5" noValidate onSubmit={(e) => void submit(e)}>
          {job.lines.map((line, i) => {
            const error = errorAt(form.formState.errors, `lines.${i}.time`);
            return (
              <fieldset key={line.id} className="grid gap-2">
                <legend className="mb-1 font-medium">{line.sessionName}</legend>
                {line.requestedTimes.map((time) => (
                  <label key={time} className="flex items-center gap-2 text-sm">
                    <input type="radio" value={time} {...form.register(`lines.${i}.time`)} />
                    {format(time, "long")}
                  </label>
                ))}
                {error ? (
                  <p className="text-sm font-medium text-danger" data-testid="field-error">
                    {translateApiMessage(error)}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          <FormDialogFooter submit={accept ? t("bookings.action.acceptProposal") : t("bookings.action.confirm")} busy={busy} close={t("common.back")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A session line's new time, as the dialog hands it on, with the other times offered for it (a request: up to three in all). */
export type NewTime = { lineId: string; sessionId: string; time: string; more: string[] };

/**
 * The new-times form of a job: each line's "move it" tick and its new time
 * as the datetime input holds it, and (when rescheduling) the contract's
 * reason and comment of a reschedule. A ticked line needs a time; once every
 * one is given (and the reason chosen), each must be in the future and keep
 * the sessions' order (the sessions not moved at their booked time), and a
 * problem is reported on its line. A valid form is the times to send.
 */
export function timesForm(job: JobDto, withReason: boolean, t: Translate, timeZone: string) {
  const { reason, comment } = PartnerReschedule.shape;
  return z
    .object({
      // `more`: the other times a request offers for the session (see MultiTimePicker).
      lines: z.array(z.object({ moving: z.boolean(), time: z.string(), more: z.array(z.string()).default([]) })),
      // A choice that is not one of the contract's reasons is none; a missing one is reported with the rest below.
      reason: reason.optional().catch(undefined),
      comment,
    })
    .superRefine((v, ctx) => {
      const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
      const moved = (i: number) => v.lines[i]?.moving === true;
      const newTime = (i: number) => (moved(i) ? zonedInputToIso(v.lines[i]?.time ?? "", timeZone) : null);
      v.lines.forEach((l, i) => {
        if (l.moving && !l.time) add(["lines", i, "time"], MESSAGES.required);
      });
      if (withReason && !v.lines.some((l) => l.moving)) add(["lines"], t("bookings.chooseSession"));
      if (withReason && !v.reason) add(["reason"], MESSAGES.required);
      if (v.lines.some((l) => l.moving && !l.time) || !v.lines.some((l) => l.moving) || (withReason && !v.reason)) return;
      const found = new Map<number, string>();
      job.lines.forEach((_, i) => {
        const time = newTime(i);
        if (time && Date.parse(time) <= Date.now()) found.set(i, t("booking.error.past"));
      });
      const problems = sessionOrderProblems(
        job.lines.map((l, i) => {
          const time = moved(i) ? newTime(i) : l.scheduledAt;
          return { sequence: l.sequence, name: l.sessionName, lengthMinutes: l.lengthMinutes, moved: moved(i), times: time ? [time] : [], key: () => i };
        }),
      );
      for (const p of problems) {
        if (!found.has(p.key))
          found.set(
            p.key,
            t(p.kind === "startAfter" ? "booking.error.startAfter" : "booking.error.endBefore", { sequence: p.other.sequence, name: p.other.name }),
          );
      }
      for (const [i, message] of found) add(["lines", i, "time"], message);
    })
    .transform((v) => ({
      times: job.lines.flatMap((l, i): NewTime[] =>
        v.lines[i]?.moving
          ? [{ lineId: l.id, sessionId: l.sessionId, time: zonedInputToIso(v.lines[i]?.time ?? "", timeZone) ?? "", more: v.lines[i]?.more ?? [] }]
          : [],
      ),
      reason: v.reason,
      comment: v.comment || undefined,
    }));
}

/**
 * New times: from To Be Booked, for every session (the customer requesting
 * again); when rescheduling (either side), for the sessions ticked — one or
 * several — with a reason and an optional comment (see timesForm). Each
 * problem is shown on its session until it is put right.
 */
export function TimesDialog(
  props: { job: JobDto; open: boolean; onOpenChange: (o: boolean) => void; busy?: boolean; side: "customer" | "partner" } & (
    | { withReason: true; onSubmit: (times: NewTime[], reason: RescheduleChoice, comment?: string) => void }
    | { withReason: false; onSubmit: (times: NewTime[]) => void }
  ),
) {
  const { job, open, onOpenChange, withReason, busy, side } = props;
  const t = useT();
  const format = useFormatDate();
  const timeZone = useTimeZone();
  const schema = useMemo(() => timesForm(job, withReason, t, timeZone), [job, withReason, t, timeZone]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { lines: job.lines.map(() => ({ moving: !withReason, time: "", more: [] })), comment: "" },
  });
  const { errors } = form.formState;
  const lines = useWatch({ control: form.control, name: "lines" });
  const chooseSession = errorAt(errors, "lines");
  // A session that has begun (or is completed) stays where it took place: a reschedule does not offer it.
  const [now] = useState(() => Date.now());
  const begun = (line: JobDto["lines"][number]) => line.status === "completed" || (line.scheduledAt !== null && Date.parse(line.scheduledAt) <= now);
  const submit = form.handleSubmit(
    ({ times, reason, comment }) => {
      if (!props.withReason) props.onSubmit(times);
      else if (reason) props.onSubmit(times, reason, comment);
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={withReason ? t("bookings.rescheduleTitle") : t("bookings.scheduleTitle")}
        // The partner's new times apply at once; the customer's wait for the team's confirmation.
        description={side === "partner" ? t("bookings.partnerRescheduleBody") : t("booking.modeRequestBody")}
        size="lg"
      >
        <LeaveGuard when={form.formState.isDirty && !busy} />
        <form className="grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
          {job.lines.map((line, i) => {
            const error = errorAt(errors, `lines.${i}.time`);
            if (withReason && begun(line))
              return (
                <p key={line.id} className="rounded-lg border border-border p-3 text-sm text-muted-foreground" data-testid="session-begun">
                  {t("bookings.sessionBegun", { name: line.sessionName })}
                </p>
              );
            return (
              <div key={line.id} className="grid gap-2 rounded-lg border border-border p-3">
                {withReason ? (
                  <Controller
                    control={form.control}
                    name={`lines.${i}.moving`}
                    render={({ field }) => (
                      <Checkbox
                        ref={field.ref}
                        label={t("bookings.moveSession", { name: line.sessionName })}
                        hint={line.scheduledAt ? t("bookings.currentTime", { time: format(line.scheduledAt, "long") }) : undefined}
                        checked={field.value}
                        onCheckedChange={(v) => field.onChange(v === true)}
                      />
                    )}
                  />
                ) : null}
                {lines[i]?.moving && !withReason ? (
                  <Controller
                    control={form.control}
                    name={`lines.${i}.time`}
                    render={({ field }) => (
                      // A request offers up to three times per session; the first is the one the order is checked on.
                      <MultiTimePicker
                        source={{ kind: "job", side, jobId: job.id, lineId: line.id }}
                        label={`${line.sessionName} — ${t("booking.preferredTime")}`}
                        value={[field.value, ...(lines[i]?.more ?? [])]}
                        onChange={(list) => {
                          field.onChange(list[0] ?? "");
                          form.setValue(`lines.${i}.more`, list.slice(1), { shouldDirty: true });
                        }}
                        error={error}
                        testId="session-times"
                      />
                    )}
                  />
                ) : lines[i]?.moving ? (
                  <Controller
                    control={form.control}
                    name={`lines.${i}.time`}
                    render={({ field }) => (
                      <TimePicker
                        source={{ kind: "job", side, jobId: job.id, lineId: line.id }}
                        label={t("bookings.newTime", { name: line.sessionName })}
                        value={field.value}
                        onChange={field.onChange}
                        error={error}
                        testId="time-picker"
                      />
                    )}
                  />
                ) : null}
              </div>
            );
          })}
          {chooseSession ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {chooseSession}
            </p>
          ) : null}
          {withReason ? (
            <ReasonFields
              reasons={GivenRescheduleReason.map((r) => [r, enumLabel(t, "RescheduleReason", r)])}
              reason={form.register("reason")}
              comment={form.register("comment")}
              error={errors.reason?.message}
              commentError={errors.comment?.message}
            />
          ) : null}
          <FormDialogFooter submit={withReason ? t("bookings.action.reschedule") : t("bookings.action.requestTimes")} busy={busy} close={t("common.back")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A required reason (from `reasons`, value and label) and an optional comment, as a job move asks for them. */
function ReasonFields(props: {
  reasons: [value: string, label: string][];
  reason: UseFormRegisterReturn;
  comment: UseFormRegisterReturn;
  error?: string;
  commentError?: string;
}) {
  const t = useT();
  return (
    <>
      <Field label={t("bookings.reason")} required error={props.error ? translateApiMessage(props.error) : null}>
        {/* Starts on the placeholder (a select would otherwise show its first reason as chosen). */}
        <Select {...props.reason} placeholder={t("bookings.chooseReason")} required defaultValue="">
          {props.reasons.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("bookings.comment")} optional error={props.commentError ? translateApiMessage(props.commentError) : null}>
        <Textarea {...props.comment} rows={3} maxLength={500} />
      </Field>
    </>
  );
}
