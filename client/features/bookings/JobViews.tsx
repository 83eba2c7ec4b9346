import { useState, type ReactNode } from "react";
import type { JobDto } from "../../../contract/bookings";
import { Switch } from "../../components/ui/Field";
import { Tabs } from "../../components/ui/Tabs";
import { useT } from "../../lib/i18n";
import { AgendaView, WeekView } from "./SessionViews";

/** Whether a booking is still ahead: not completed or cancelled. Past bookings are the others. */
export const isUpcoming = (job: Pick<JobDto, "status">) => job.status !== "completed" && job.status !== "cancelled";

/** "My sessions": only the jobs and sessions the signed-in staff member instructs. */
export function MineSwitch({ mine, onChange }: { mine: boolean; onChange: (mine: boolean) => void }) {
  const t = useT();
  return <Switch label={t("sessions.mine")} checked={mine} onCheckedChange={onChange} data-testid="mine-switch" />;
}

/** Your Jobs as a table, a week or an agenda of the upcoming sessions (tabs, keyboard operable). */
export function PartnerJobViews({ table, mine }: { table: ReactNode; mine: boolean }) {
  const t = useT();
  return (
    <Tabs
      label={t("sessions.views")}
      tabs={[
        { id: "table", label: t("sessions.view.table"), content: table },
        { id: "week", label: t("sessions.view.week"), content: <WeekView mine={mine} /> },
        { id: "agenda", label: t("sessions.view.agenda"), content: <AgendaView mine={mine} /> },
      ]}
    />
  );
}

/** Your Bookings in two tabs: upcoming and past. */
export function BookingTabs({ jobs, render }: { jobs: JobDto[]; render: (subset: JobDto[], empty: string) => ReactNode }) {
  const t = useT();
  const upcoming = jobs.filter(isUpcoming);
  const past = jobs.filter((j) => !isUpcoming(j));
  return (
    <Tabs
      label={t("bookings.tabs")}
      // A list with nothing ahead (e.g. filtered to completed bookings) opens on the past ones.
      defaultValue={upcoming.length === 0 && past.length > 0 ? "past" : "upcoming"}
      tabs={[
        { id: "upcoming", label: t("bookings.tab.upcoming", { count: upcoming.length }), content: render(upcoming, t("bookings.noUpcoming")) },
        { id: "past", label: t("bookings.tab.past", { count: past.length }), content: render(past, t("bookings.noPast")) },
      ]}
    />
  );
}

/** The "My sessions" choice of Your Jobs, kept while the screen is open. */
export function useMine() {
  return useState(false);
}
