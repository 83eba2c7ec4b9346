import { useState } from "react";
import { useAppUser } from "../../auth/useAppUser";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { Field, Input, Select } from "../../components/ui/Field";
import { DataTable, type Column } from "../../components/ui/Table";
import { toast } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { today, useFormatDate } from "../../lib/dates";
import { translateApiMessage, useT } from "../../lib/i18n";
import { useDeliveredWorkouts, useSlotChanges, useSlots } from "./api";

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
  const [workoutId, setWorkoutId] = useState<string | null>(null);
  const workout = workouts.data?.find((w) => w.id === workoutId) ?? workouts.data?.[0] ?? null;
  const slots = useSlots(workout?.id ?? null);
  const { publish, close } = useSlotChanges(workout?.id ?? null);
  const [sessionId, setSessionId] = useState("");
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState("09:00");
  const [seats, setSeats] = useState("5");
  const [errors, setErrors] = useState<Record<string, string>>({});
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
  const session = workout?.sessions.find((s) => s.id === sessionId) ?? workout?.sessions[0];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!date) next.date = t("form.requiredField");
    if (!time) next.time = t("form.requiredField");
    if (Object.keys(next).length) return setErrors(next);
    setErrors({});
    try {
      await publish.mutateAsync({
        workoutId: workout!.id,
        sessionId: session!.id,
        startsAt: new Date(`${date}T${time}`).toISOString(),
        capacity: Number(seats),
      });
      toast({ title: t("slots.published"), variant: "success" });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k === "startsAt" ? "date" : k, translateApiMessage(v)])));
      } else toast({ title: t("message.generic"), variant: "error" });
    }
  };

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
        <Field label={t("slots.workout")} className="sm:col-span-2 lg:col-span-3">
          <Select value={workout?.id ?? ""} onChange={(e) => (setWorkoutId(e.target.value), setSessionId(""))}>
            {workouts.data.map((w) => (
              <option key={w.id} value={w.id}>
                {w.title}
              </option>
            ))}
          </Select>
        </Field>
        {canAct ? (
          <>
            <Field label={t("slots.session")}>
              <Select value={session?.id ?? ""} onChange={(e) => setSessionId(e.target.value)}>
                {workout?.sessions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.sequence}. {s.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("slots.date")} required error={errors.date}>
              <DatePicker value={date} onChange={setDate} min={today()} />
            </Field>
            <Field label={t("slots.time")} required error={errors.time}>
              <Input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </Field>
            <Field label={t("slots.seats")} required error={errors.capacity}>
              <Input type="number" min={1} max={workout?.maxAttendees} value={seats} onChange={(e) => setSeats(e.target.value)} />
            </Field>
            <div className="flex items-end">
              <Button type="submit" loading={publish.isPending}>
                {t("slots.publish")}
              </Button>
            </div>
          </>
        ) : null}
      </form>
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
