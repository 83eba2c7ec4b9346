/**
 * "Add to calendar" links for a booked session: Google Calendar's and
 * Outlook's event templates, filled with the session's title, its start and
 * end (UTC) and a link back to the job. Pure, so they are unit-tested.
 */
export type CalendarEvent = { title: string; start: string; lengthMinutes: number; details: string };

const end = (e: CalendarEvent) => new Date(Date.parse(e.start) + e.lengthMinutes * 60_000);
/** 2031-01-13T13:00:00.000Z → 20310113T130000Z */
const compact = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function googleCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({ action: "TEMPLATE", text: e.title, dates: `${compact(new Date(e.start))}/${compact(end(e))}`, details: e.details });
  return `https://calendar.google.com/calendar/render?${q}`;
}

export function outlookCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: e.title,
    startdt: new Date(e.start).toISOString(),
    enddt: end(e).toISOString(),
    body: e.details,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q}`;
}
