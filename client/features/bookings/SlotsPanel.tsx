import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { CreateSlot, type DeliveredWorkout } from "../../../contract/bookings";
import { MESSAGES } from "../../../contract/messages";
import { useAppUser } from "../../auth/useAppUser";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { Field, Input, Select } from "../../components/ui/Field";
import { DataTable, type Column } from "../../components/ui/Table";
import { toast } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate, usePartnerTimeZone, useToday, zonedInputToIso } from "../../lib/dates";
import { errorAt, setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { SeriesForm } from "./SeriesForm";
import { useDeliveredName, useDeliveredWorkouts, useSlotChanges, useSlots } from "./api";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

/**
 * A time to publish as the form holds it (a session, a calendar day, a time
 * of day, the seats as text), checked as the contract's slot of `workout`:
 * the day and the time are Required, read as the wall clock of `timeZone` (the
 * partner's), then their moment must be in the future
 * (reported as `startsAt`, shown at the day) and the seats a whole number.
 */
export function slotForm(workout: DeliveredWorkout | null, timeZone: string) {
  return z
    .object({
      sessionId: z.string(),
      date: z
        .string()
        .nullable()
        .refine((v) => Boolean(v), MESSAGES.required),
      time: z.string().min(1, MESSAGES.required),
      capacity: z.string(),
    })
    .transform((v): unknown => {
      const startsAt = zonedInputToIso(`${v.date}T${v.time}`, timeZone);
      return {
        workoutId: workout?.id,
        sessionId: v.sessionId || workout?.sessions[0]?.id,
        startsAt: startsAt ?? v.date,
        capacity: v.capacity,
      };
    })
    .pipe(CreateSlot);
}

/**
 * Publishing bookable times (calendar-based booking): a partner picks a
 * workout it delivers, a session, a day on the calendar, a time and the seats
 * (up to the workout's max attendees); published times can be closed while
 * nobody has booked them. Members of the partner see the times; only owners
 * and admins publish and close them.
 */
export function SlotsPanel() {
  const t = useT();
  const { role } = useAppUser();
  const canAct = role === "owner" || role === "admin";
  const format = useFormatDate();
  const workouts = useDeliveredWorkouts();
  const deliveredName = useDeliveredName();
  const [workoutId, setWorkoutId] = useState<string | null>(null);
  const workout = workouts.data?.find((w) => w.id === workoutId) ?? workouts.data?.[0] ?? null;
  const slots = useSlots(workout?.id ?? null);
  const { publish, close } = useSlotChanges(workout?.id ?? null);
  const timeZone = usePartnerTimeZone();
  const today = useToday(timeZone);
  const schema = useMemo(() => slotForm(workout, timeZone), [workout, timeZone]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { date: null, time: "09:00", capacity: "5" },
  });
  const { errors } = form.formState;
  const err = (path: string) => {
    const message = errorAt(errors, path);
    return message ? translateApiMessage(message) : null;
  };
  const [closing, setClosing] = useState<{ id: string; label: string } | null>(null);

  if (workouts.isPending) return null;
  if (!workouts.data?.length) {
    return (
      <section aria-labelledby="slots-title">
        <h2 id="slots-title" className="text-lg font-semibold">
          {t("slots.title")}
        </h2>
        <p className="mt-2 text-muted-foreground">{t("slots.noWorkouts")}</p>
      </section>
    );
  }
  const submit = form.handleSubmit(
    async (body) => {
      try {
        await publish.mutateAsync(body);
        form.reset(form.getValues());
        toast({ title: t("slots.published"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && Object.keys(e.fields).length) setFieldErrors(form.setError, e.fields);
        else toast({ title: t("message.generic"), variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  type Slot = NonNullable<typeof slots.data>[number];
  const columns: Column<Slot>[] = [
    { key: "time", header: t("slots.time"), cell: (s) => format(s.startsAt, "long") },
    { key: "session", header: t("slots.session"), cell: (s) => workout?.sessions.find((x) => x.id === s.sessionId)?.name ?? "" },
    { key: "seats", header: t("slots.seats"), cell: (s) => t("slots.taken", { taken: s.seatsTaken, capacity: s.capacity }) },
  ];
  const closeColumn: Column<Slot> = {
    key: "close",
    header: <span className="sr-only">{t("slots.close")}</span>,
    className: "text-right",
    cell: (s) =>
      s.seatsTaken === 0 ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={t("slots.closeLabel", { time: format(s.startsAt, "long") })}
          onClick={() => setClosing({ id: s.id, label: format(s.startsAt, "long") })}
        >
          {t("slots.close")}
        </Button>
      ) : null,
  };

  return (
    <section aria-labelledby="slots-title" className="grid gap-4">
      <div>
        <h2 id="slots-title" className="text-lg font-semibold">
          {t("slots.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("slots.body")}</p>
        {canAct ? null : (
          <p className="mt-1 text-sm text-muted-foreground" data-testid="slots-read-only">
            {t("slots.readOnly")}
          </p>
        )}
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3">
        <LeaveGuard when={form.formState.isDirty && !publish.isPending} />
        <Field label={t("slots.workout")} className="sm:col-span-2 lg:col-span-3">
          <Select
            value={workout?.id ?? ""}
            onChange={(e) => {
              setWorkoutId(e.target.value);
              // A workout's first session is offered first.
              form.setValue("sessionId", workouts.data.find((w) => w.id === e.target.value)?.sessions[0]?.id ?? "");
            }}
          >
            {workouts.data.map((w) => (
              <option key={w.id} value={w.id}>
                {deliveredName(w)}
              </option>
            ))}
          </Select>
        </Field>
        {canAct ? (
          <>
            <Field label={t("slots.session")} error={err("sessionId")}>
              <Select {...form.register("sessionId")}>
                {workout?.sessions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.sequence}. {s.name}
                  </option>
                ))}
              </Select>
            </Field>
            {/* The moment's problems (reported as startsAt) show at the day. */}
            <Field label={t("slots.date")} required error={err("date") ?? err("startsAt")}>
              <Controller
                control={form.control}
                name="date"
                render={({ field }) => <DatePicker ref={field.ref} value={field.value} onChange={field.onChange} min={today} />}
              />
            </Field>
            <Field label={t("slots.time")} required hint={t("dates.inPartnerZone", { zone: timeZone })} error={err("time")}>
              <Input type="time" {...form.register("time")} />
            </Field>
            <Field label={t("slots.seats")} required error={err("capacity")}>
              <Input type="number" min={1} max={workout?.maxAttendees} {...form.register("capacity")} />
            </Field>
            <div className="flex items-end">
              <Button type="submit" loading={publish.isPending}>
                {t("slots.publish")}
              </Button>
            </div>
          </>
        ) : null}
      </form>
      {canAct && workout ? <SeriesForm key={workout.id} workout={workout} /> : null}
      <DataTable
        caption={t("slots.caption")}
        rows={slots.data ?? []}
        rowKey={(s) => s.id}
        empty={t("slots.empty")}
        columns={canAct ? [...columns, closeColumn] : columns}
      />
      <ConfirmDialog
        open={Boolean(closing)}
        onOpenChange={(o) => !o && setClosing(null)}
        title={t("slots.closeTitle")}
        description={closing?.label}
        variant="danger"
        confirmLabel={t("slots.close")}
        loading={close.isPending}
        onConfirm={async () => {
          try {
            await close.mutateAsync(closing!.id);
            toast({ title: t("slots.closed"), variant: "success" });
          } catch {
            toast({ title: t("message.generic"), variant: "error" });
          }
          setClosing(null);
        }}
      />
    </section>
  );
}
