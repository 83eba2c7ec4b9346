import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import type { JobDto } from "../../../contract/bookings";
import { MESSAGES } from "../../../contract/messages";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { Field, Textarea } from "../../components/ui/Field";
import { errorAt } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { MAX_TIMES, MultiTimePicker } from "./MultiTimePicker";

const Values = z.object({
  lines: z.array(z.object({ lineId: z.string(), times: z.array(z.string()).min(1, MESSAGES.required).max(MAX_TIMES) })),
  comment: z.string().trim().max(500),
});

/**
 * The delivery partner's counter-proposal: instead of confirming or denying
 * a request, up to three other times for every session waiting (picked from
 * the partner's own open times), and an optional note for the customer.
 */
export function ProposeTimesDialog({
  job,
  open,
  onOpenChange,
  onSubmit,
  busy,
}: {
  job: JobDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (lines: { lineId: string; times: string[] }[], comment?: string) => void;
  busy?: boolean;
}) {
  const t = useT();
  const waiting = job.lines.filter((l) => l.status === "awaitingConfirmation");
  const form = useForm<z.input<typeof Values>, unknown, z.output<typeof Values>>({
    resolver: zodResolver(Values),
    defaultValues: { lines: waiting.map((l) => ({ lineId: l.id, times: [] })), comment: "" },
  });
  const submit = form.handleSubmit(({ lines, comment }) =>
    onSubmit(
      lines.map((l) => ({ lineId: l.lineId, times: l.times })),
      comment || undefined,
    ),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("bookings.proposeTitle")} description={t("bookings.proposeBody")} size="lg">
        <form className="grid gap-5" noValidate onSubmit={(e) => void submit(e)}>
          {waiting.map((line, i) => (
            <div key={line.id} className="grid gap-2 rounded-lg border border-border p-3">
              <Controller
                control={form.control}
                name={`lines.${i}.times`}
                render={({ field }) => (
                  <MultiTimePicker
                    source={{ kind: "job", side: "partner", jobId: job.id, lineId: line.id }}
                    label={t("bookings.newTime", { name: line.sessionName })}
                    value={field.value}
                    onChange={field.onChange}
                    error={errorAt(form.formState.errors, `lines.${i}.times`)}
                    testId="session-times"
                  />
                )}
              />
            </div>
          ))}
          <Field
            label={t("bookings.proposeNote")}
            optional
            error={form.formState.errors.comment?.message ? translateApiMessage(form.formState.errors.comment.message) : null}
          >
            <Textarea {...form.register("comment")} rows={3} maxLength={500} />
          </Field>
          <FormDialogFooter submit={t("bookings.action.proposeTimes")} busy={busy} close={t("common.back")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
