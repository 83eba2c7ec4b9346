import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { RecurringSlots } from "../../../contract/availability";
import type { DeliveredWorkout } from "../../../contract/bookings";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Checkbox, Field, Input, Select } from "../../components/ui/Field";
import { toast } from "../../components/ui/toast-store";
import { LANGUAGE_TAG } from "../../i18n/tags";
import { ApiError } from "../../lib/api";
import { usePartnerTimeZone, useToday } from "../../lib/dates";
import { errorAt, setFieldErrors } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useSlotChanges } from "./api";
import { TimeZoneOptions } from "../../components/ui/TimeZonePicker";

/** Monday first. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** Publishing a series at once: one time on the weekdays ticked, for a number of weeks, in a time zone (e.g. every Tuesday 10:00 for 8 weeks). */
export function SeriesForm({ workout }: { workout: DeliveredWorkout }) {
  const t = useT();
  const [language] = useLanguage();
  const { publishSeries } = useSlotChanges(workout.id);
  // The organisation's zone, as the single times beside the series are entered in.
  const zone = usePartnerTimeZone();
  const today = useToday(zone);
  const form = useForm<z.input<typeof RecurringSlots>, unknown, z.output<typeof RecurringSlots>>({
    resolver: zodResolver(RecurringSlots),
    defaultValues: {
      workoutId: workout.id,
      sessionId: workout.sessions[0]?.id ?? "",
      capacity: "5",
      timeZone: zone,
      startDate: today,
      time: "10:00",
      weekdays: [2],
      weeks: "8",
    },
  });
  const chosenZone = useWatch({ control: form.control, name: "timeZone" });
  const err = (path: string) => {
    const m = errorAt(form.formState.errors, path);
    return m ? translateApiMessage(m) : null;
  };
  const dayName = useMemo(() => {
    const f = new Intl.DateTimeFormat(LANGUAGE_TAG[language], { weekday: "long", timeZone: "UTC" });
    return (day: number) => f.format(new Date(Date.UTC(2024, 0, 7 + day)));
  }, [language]);
  const submit = form.handleSubmit(async (body) => {
    try {
      const made = await publishSeries.mutateAsync(body);
      toast({ title: t("slots.seriesPublished", { count: made.length }), variant: "success" });
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setFieldErrors(form.setError, e.fields);
      else toast({ title: t("message.generic"), variant: "error" });
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-labelledby="series-title"
    >
      <h3 id="series-title" className="font-semibold sm:col-span-2 lg:col-span-3">
        {t("slots.seriesTitle")}
      </h3>
      <Field label={t("slots.seriesSession")} error={err("sessionId")}>
        <Select {...form.register("sessionId")}>
          {workout.sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.sequence}. {s.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("slots.seriesFrom")} required error={err("startDate")}>
        <Controller
          control={form.control}
          name="startDate"
          render={({ field }) => <DatePicker ref={field.ref} value={field.value || null} onChange={(v) => field.onChange(v ?? "")} min={today} />}
        />
      </Field>
      <Field label={t("slots.time")} required error={err("time")}>
        <Input type="time" {...form.register("time")} />
      </Field>
      <fieldset className="grid gap-2 sm:col-span-2 lg:col-span-3">
        <legend className="mb-1 text-sm font-medium">{t("slots.seriesWeekdays")}</legend>
        <Controller
          control={form.control}
          name="weekdays"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {WEEK.map((day) => (
                <Checkbox
                  key={day}
                  label={dayName(day)}
                  checked={field.value.includes(day)}
                  onCheckedChange={(v) => field.onChange(v === true ? [...field.value, day] : field.value.filter((d) => d !== day))}
                />
              ))}
            </div>
          )}
        />
        {err("weekdays") ? <p className="text-sm font-medium text-danger">{err("weekdays")}</p> : null}
      </fieldset>
      <Field label={t("slots.seriesWeeks")} required error={err("weeks")}>
        <Input type="number" min={1} max={52} {...form.register("weeks")} />
      </Field>
      <Field label={t("slots.seats")} required error={err("capacity")}>
        <Input type="number" min={1} max={workout.maxAttendees} {...form.register("capacity")} />
      </Field>
      <Field label={t("availability.timeZone")} required error={err("timeZone")}>
        <Select {...form.register("timeZone")}>
          <TimeZoneOptions value={chosenZone} />
        </Select>
      </Field>
      <div className="flex items-end">
        <Button type="submit" loading={publishSeries.isPending}>
          {t("slots.seriesPublish")}
        </Button>
      </div>
    </form>
  );
}
