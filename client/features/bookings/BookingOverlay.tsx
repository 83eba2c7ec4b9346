import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import type { BookingOptions } from "../../../contract/bookings";
import { MESSAGES } from "../../../contract/messages";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useFormatDate, useTimeZone, zonedInputToIso } from "../../lib/dates";
import { errorAt, setFieldErrors } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { formatPrice } from "../catalogue/format";
import { useBookingOptions, useCreateBooking } from "./api";
import { bookingDefaults, bookingForm, type BookingValues } from "./booking-form";
import { TimePicker } from "./TimePicker";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

const STEPS = ["review", "book", "confirm"] as const;

/**
 * Booking overlay: Review (the workout, its sessions and the price),
 * Book (open times of the delivery partner when published — booked at once —
 * or preferred times — a request the team confirms within 24 hours),
 * Confirm (creates the booking).
 */
export function BookingOverlay({ workoutId, open, onClose }: { workoutId: string; open: boolean; onClose: () => void }) {
  const t = useT();
  const options = useBookingOptions(workoutId, open);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("booking.title", { name: options.data?.workout.title ?? options.data?.workout.name ?? "" })} size="lg">
        {options.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : options.isError || !options.data ? (
          <p role="alert" className="text-danger">
            {options.error instanceof ApiError && options.error.status === 404 ? t("booking.notFound") : t("message.generic")}
          </p>
        ) : (
          <Steps options={options.data} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Steps({ options, onClose }: { options: BookingOptions; onClose: () => void }) {
  const t = useT();
  const [language] = useLanguage();
  const format = useFormatDate();
  const navigate = useNavigate();
  const create = useCreateBooking();
  const hasSlots = options.sessions.every((s) => s.slots.length > 0);
  const [step, setStep] = useState<(typeof STEPS)[number]>("review");
  const [failure, setFailure] = useState<string | null>(null);
  const timeZone = useTimeZone();
  const schema = useMemo(() => bookingForm(options, t, timeZone), [options, t, timeZone]);
  const form = useForm<BookingValues, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: bookingDefaults(options) });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: "mode" });
  const price = options.price;
  const short = price?.kind === "credits" && options.creditBalance < price.amount;
  const blocked = options.missingPrerequisites.length > 0;
  const err = (path: string) => {
    const message = errorAt(errors, path);
    return message ? translateApiMessage(message) : undefined;
  };
  // A session without any time is what the summary line below the sessions points at.
  const missing = options.sessions.some((_, i) =>
    [`sessions.${i}.slotId`, `sessions.${i}.times`, `sessions.${i}.times.0`].some((p) => errorAt(errors, p) === MESSAGES.required),
  );
  // A change clears what was said about that session's times, and any answer of the Worker: it was about the old input.
  const changed = (i: number) => () => {
    form.clearErrors(`sessions.${i}`);
    setFailure(null);
  };

  const submit = form.handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        await create.mutateAsync(body);
        toast({ title: body.mode === "slots" ? t("booking.done") : t("booking.doneRequest"), variant: "success" });
        onClose();
        void navigate("/bookings");
      } catch (err) {
        toastMessage("toast.createBookingRequestFailed");
        const fields = err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields).filter(([path]) => path.startsWith("sessions."))) : {};
        if (Object.keys(fields).length) {
          // Back to the Book step, with each time the Worker refused marked on its session.
          setFieldErrors(form.setError, fields);
          setFailure(t("booking.fixTimes"));
          setStep("book");
        } else setFailure(err instanceof ApiError ? err.message : t("message.generic"));
      }
    },
    () => setStep("book"),
  );

  const next = async () => {
    if (step === "book" && !(await form.trigger())) return;
    const following = STEPS[STEPS.indexOf(step) + 1];
    if (following) setStep(following);
  };

  const index = STEPS.indexOf(step);
  const previous = STEPS[index - 1];
  return (
    <div className="grid gap-5">
      <LeaveGuard when={form.formState.isDirty && !create.isPending && !create.isSuccess} />
      <ol
        className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
        aria-label={t("booking.stepOf", { step: index + 1, name: t(`booking.step.${step}`) })}
      >
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? "step" : undefined} className={cn("flex items-center gap-2", i > index && "text-muted-foreground")}>
            <span
              className={cn(
                "grid h-6 w-6 place-items-center rounded-full border text-xs",
                i <= index ? "border-brand bg-brand text-brand-foreground" : "border-border",
              )}
            >
              {i + 1}
            </span>
            <span className={cn(s === step && "font-semibold")}>{t(`booking.step.${s}`)}</span>
            {i < 2 ? <span aria-hidden="true" className="mx-1 h-px w-6 bg-border phone:w-3" /> : null}
          </li>
        ))}
      </ol>

      {step === "review" ? (
        <div className="grid gap-4">
          <section aria-labelledby="review-sessions">
            <h3 id="review-sessions" className="font-semibold">
              {t("booking.sessions")}
            </h3>
            <ol className="mt-2 grid gap-1.5">
              {options.sessions.map((s) => (
                <li key={s.id} className="flex justify-between gap-4 rounded-md border border-border px-3 py-2 text-sm">
                  <span>
                    {s.sequence}. {s.name}
                  </span>
                  <span className="text-muted-foreground">{t("booking.minutes", { count: s.lengthMinutes })}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="review-price" className="rounded-md bg-muted/50 p-3 text-sm">
            <h3 id="review-price" className="font-semibold">
              {t("booking.price")}
            </h3>
            {price ? (
              <p className="mt-1 text-lg font-semibold" data-testid="booking-price">
                {formatPrice(
                  price.kind === "credits" ? { kind: "credits", amount: price.amount } : { ...price, kind: "money", currency: price.currency ?? "USD" },
                  t,
                  language,
                )}
              </p>
            ) : (
              <p className="mt-1">{t("booking.noPrice")}</p>
            )}
            {price?.kind === "credits" ? <p className="text-muted-foreground">{t("booking.balance", { count: options.creditBalance })}</p> : null}
            {price?.kind === "money" ? (
              <p className="text-muted-foreground" data-testid="booking-invoiced">
                {t("booking.invoiced")}
              </p>
            ) : null}
            {short ? (
              <p role="alert" className="mt-2 font-medium text-danger">
                {t("booking.notEnoughCredits")}
              </p>
            ) : null}
          </section>
          {blocked ? (
            <section role="alert" data-testid="booking-prerequisites" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
              <p className="font-medium">{t("booking.missingPrerequisites")}</p>
              <ul className="mt-1 list-disc pl-5">
                {options.missingPrerequisites.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}

      {step === "book" ? (
        <div className="grid gap-4">
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">{t("booking.step.book")}</legend>
            {(["slots", "request"] as const).map((m) => (
              <label
                key={m}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border p-3 text-sm",
                  mode === m ? "border-brand" : "border-border",
                  // Not offered: says why, in text that keeps its contrast (a faded card read as a fault).
                  m === "slots" && !hasSlots && "cursor-not-allowed bg-muted",
                )}
              >
                <input
                  type="radio"
                  value={m}
                  disabled={m === "slots" && !hasSlots}
                  {...form.register("mode", {
                    onChange: () => {
                      form.clearErrors();
                      setFailure(null);
                    },
                  })}
                />
                <span>
                  <span className="block font-medium">{m === "slots" ? t("booking.modeSlots") : t("booking.modeRequest")}</span>
                  <span className="text-muted-foreground">
                    {m === "request" ? t("booking.modeRequestBody") : hasSlots ? t("booking.modeSlotsBody") : t("booking.modeSlotsNone")}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {options.sessions.map((s, i) => (
            <fieldset key={s.id} className="grid gap-2 rounded-lg border border-border p-3">
              <legend className="px-1 font-medium">
                {s.sequence}. {s.name}
              </legend>
              {mode === "slots" ? (
                s.slots.length ? (
                  <>
                    {err(`sessions.${i}.slotId`) ? (
                      <p role="alert" className="text-sm font-medium text-danger">
                        {err(`sessions.${i}.slotId`)}
                      </p>
                    ) : null}
                    {s.slots.map((slot) => (
                      <label key={slot.id} className="flex items-center gap-2 text-sm">
                        <input type="radio" value={slot.id} {...form.register(`sessions.${i}.slotId`, { onChange: changed(i) })} />
                        {t("booking.seatsLeft", { time: format(slot.startsAt, "long"), count: slot.capacity - slot.seatsTaken })}
                      </label>
                    ))}
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t("booking.noSlots")}</p>
                )
              ) : (
                <div className="grid gap-4">
                  {([0, 1] as const).map((j) => (
                    <Controller
                      key={j}
                      control={form.control}
                      name={`sessions.${i}.times.${j}`}
                      render={({ field }) => (
                        <TimePicker
                          source={{ kind: "workout", workoutId: options.workout.id, sessionId: s.id }}
                          label={j === 0 ? `${t("booking.preferredTime")} ${t("form.requiredMark")}` : t("booking.alternativeTime")}
                          value={field.value}
                          onChange={(v) => {
                            field.onChange(v);
                            changed(i)();
                          }}
                          error={j === 0 ? (err(`sessions.${i}.times.0`) ?? err(`sessions.${i}.times`)) : err(`sessions.${i}.times.1`)}
                          testId={j === 0 ? "preferred-time" : "alternative-time"}
                        />
                      )}
                    />
                  ))}
                </div>
              )}
            </fieldset>
          ))}
          {missing ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t("booking.chooseEvery")}
            </p>
          ) : null}
          {failure && Object.keys(errors).length > 0 ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {failure}
            </p>
          ) : null}
        </div>
      ) : null}

      {step === "confirm" ? (
        <div className="grid gap-3 text-sm">
          <p>{mode === "slots" ? t("booking.summarySlots") : t("booking.summaryRequest")}</p>
          <ul className="grid gap-1.5">
            {options.sessions.map((s, i) => {
              const c = form.getValues(`sessions.${i}`);
              const slot = s.slots.find((x) => x.id === c.slotId);
              const times =
                mode === "slots" ? (slot ? [slot.startsAt] : []) : c.times.map((x) => zonedInputToIso(x, timeZone)).filter((x): x is string => Boolean(x));
              return (
                <li key={s.id} className="rounded-md border border-border px-3 py-2">
                  <span className="font-medium">{s.name}</span>: {times.map((x) => format(x, "long")).join(" / ")}
                </li>
              );
            })}
          </ul>
          {failure ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 font-medium text-danger">
              {failure}
            </p>
          ) : null}
        </div>
      ) : null}

      <DialogFooter>
        <Button variant="outline" onClick={() => (previous ? setStep(previous) : onClose())}>
          {index === 0 ? t("common.cancel") : t("common.back")}
        </Button>
        {step === "confirm" ? (
          <Button onClick={() => void submit()} loading={create.isPending}>
            {t("booking.submit")}
          </Button>
        ) : (
          <Button disabled={step === "review" && (short || !price || blocked)} onClick={() => void next()}>
            {t("common.next")}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
