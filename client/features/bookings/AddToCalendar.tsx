import { CalendarPlus } from "../../components/icons";
import { useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import { Button } from "../../components/ui/Button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/DropdownMenu";
import { toastMessage } from "../../components/ui/toast-store";
import { downloadFile } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Side } from "./api";
import { googleCalendarUrl, outlookCalendarUrl } from "./calendar-links";

/**
 * "Add to calendar" for one booked session: the .ics file (through the
 * access-checked route, with the caller's token), or a new event in Google
 * Calendar or Outlook on the web. Shown only for a session with a booked time
 * on a job that is not cancelled.
 */
export function AddToCalendar({ side, job, line }: { side: Side; job: JobDto; line: JobDto["lines"][number] }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (!line.scheduledAt || job.status === "cancelled") return null;
  const workout = job.workout.title ?? job.workout.name;
  const view = side === "partner" ? "/jobs" : "/bookings";
  const event = {
    title: `${workout}: ${line.sessionName}`,
    start: line.scheduledAt,
    lengthMinutes: line.lengthMinutes,
    details: `${location.origin}${view}?job=${job.id}`,
  };
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`/v1${view}/${job.id}/lines/${line.id}/calendar`, "session.ics");
    } catch {
      toastMessage("toast.generic");
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline" loading={busy} aria-label={t("bookings.calendar.addSession", { session: line.sessionName })}>
          <CalendarPlus aria-hidden="true" />
          {t("bookings.calendar.add")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => void download()}>{t("bookings.calendar.ics")}</DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={googleCalendarUrl(event)} target="_blank" rel="noreferrer">
            {t("bookings.calendar.google")}
            <span className="sr-only"> {t("common.opensInNewTab")}</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={outlookCalendarUrl(event)} target="_blank" rel="noreferrer">
            {t("bookings.calendar.outlook")}
            <span className="sr-only"> {t("common.opensInNewTab")}</span>
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
