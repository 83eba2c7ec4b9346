import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { CalendarCheck, ChevronLeft, ChevronRight } from "../../components/icons";
import type { UpcomingSession } from "../../../contract/job-people";
import { Button } from "../../components/ui/Button";
import { focusRing, ringRoom } from "../../components/ui/focus-ring";
import { EmptyState } from "../../components/ui/EmptyState";
import { QueryState } from "../../components/ui/QueryState";
import { calendarDateIn, useFormatDate, useTimeZone, weekDaysIn } from "../../lib/dates";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { LocationText } from "./JobPeople";
import { useUpcomingSessions } from "./people-api";

const DAY = 86_400_000;

/** One session as a card under its day's heading: its time (with the zone), workout and session, customer, instructor and place; opens its job. */
function SessionCard({ s }: { s: UpcomingSession }) {
  const t = useT();
  const format = useFormatDate();
  return (
    <li className="grid gap-0.5 rounded-md border border-border bg-card p-2 text-xs" data-testid="session-card">
      <Link to={`/jobs?job=${encodeURIComponent(s.jobId)}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
        <time dateTime={s.scheduledAt}>{format(s.scheduledAt, "time")}</time> · {s.workoutName}: {s.sessionName}
      </Link>
      <span>{s.customerName}</span>
      <span className="text-muted-foreground">{s.instructor ? t("people.instructedBy", { name: s.instructor.name }) : t("people.noInstructor")}</span>
      {s.location ? <LocationText location={s.location} /> : null}
    </li>
  );
}

/** Which zone the days and times are in: the reader's, named. */
function ZoneNote({ zone }: { zone: string }) {
  const t = useT();
  return (
    <p className="text-sm text-muted-foreground" data-testid="sessions-zone">
      {t("dates.inZone", { zone })}
    </p>
  );
}

function NoSessions() {
  const t = useT();
  return <EmptyState icon={<CalendarCheck aria-hidden="true" />} title={t("sessions.empty")} description={t("sessions.emptyBody")} />;
}

/**
 * The week's booked sessions, with the previous and next weeks a button away:
 * where the view itself is at least 36rem wide, a column per day, each at
 * least 10rem, the week scrolling sideways inside its own box (keyboard
 * focusable, named by the week's heading) when the seven do not fit (1280 px
 * with the sidebar open); narrower, a list of the days, each headed by its
 * weekday and date. Laid out by the view's width, not the window's, so the
 * sidebar's room counts. Days run midnight to midnight in the
 * reader's zone (their profile's, named above the days), not the browser's.
 */
export function WeekView({ mine }: { mine: boolean }) {
  const t = useT();
  const format = useFormatDate();
  const zone = useTimeZone();
  const [now] = useState(() => Date.now());
  const [weeks, setWeeks] = useState(0);
  const days = useMemo(() => weekDaysIn(now, zone, weeks), [now, zone, weeks]);
  const from = days[0]!.toISOString();
  const to = new Date(weekDaysIn(now, zone, weeks + 1)[0]!.getTime() - 1).toISOString();
  const query = useUpcomingSessions(from, to, mine);
  const items = query.data?.items ?? [];
  const headingId = useId();
  return (
    <div className="@container/week grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium" aria-live="polite">
          {t("sessions.weekOf", { date: format(days[0]!) })}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setWeeks(weeks - 1)}>
            <ChevronLeft aria-hidden="true" /> {t("sessions.previousWeek")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setWeeks(0)}>
            {t("sessions.thisWeek")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setWeeks(weeks + 1)}>
            {t("sessions.nextWeek")} <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ZoneNote zone={zone} />
      <QueryState query={query} error={t("sessions.loadFailed")} isEmpty={() => items.length === 0} empty={<NoSessions />}>
        {() => (
          <div
            role="region"
            aria-labelledby={headingId}
            tabIndex={0}
            className={cn("overflow-x-auto rounded-lg", ringRoom, focusRing)}
            data-testid="week-scroller"
          >
            <ol className="grid gap-2 @min-[36rem]/week:grid-cols-[repeat(7,minmax(10rem,1fr))]" aria-label={t("sessions.week")}>
              {days.map((d) => {
                const ofDay = items.filter((s) => calendarDateIn(s.scheduledAt, zone) === calendarDateIn(d, zone));
                return (
                  <li key={d.toISOString()} className="grid content-start gap-1.5 rounded-lg bg-muted/40 p-2" data-day={calendarDateIn(d, zone)}>
                    <h4 className="text-xs font-semibold">{format(d, "day")}</h4>
                    {ofDay.length ? (
                      <ul className="grid gap-1.5">
                        {ofDay.map((s) => (
                          <SessionCard key={s.lineId} s={s} />
                        ))}
                      </ul>
                    ) : (
                      <p className="text-xs text-muted-foreground">{t("sessions.none")}</p>
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        )}
      </QueryState>
    </div>
  );
}

/** The next four weeks' booked sessions, soonest first, grouped by day in the reader's zone (named). */
export function AgendaView({ mine }: { mine: boolean }) {
  const t = useT();
  const format = useFormatDate();
  const zone = useTimeZone();
  const [from] = useState(() => new Date().toISOString());
  const to = new Date(Date.parse(from) + 28 * DAY).toISOString();
  const query = useUpcomingSessions(from, to, mine);
  const items = query.data?.items;
  const groups = useMemo(() => {
    const out = new Map<string, UpcomingSession[]>();
    for (const s of items ?? []) {
      const day = calendarDateIn(s.scheduledAt, zone);
      out.set(day, [...(out.get(day) ?? []), s]);
    }
    return [...out.entries()];
  }, [items, zone]);
  return (
    <div className="grid gap-3">
      <ZoneNote zone={zone} />
      <QueryState query={query} error={t("sessions.loadFailed")} isEmpty={() => groups.length === 0} empty={<NoSessions />}>
        {() => (
          <ol className="grid gap-4" aria-label={t("sessions.agenda")}>
            {groups.map(([day, g]) => (
              <li key={day} className="grid gap-1.5" data-day={day}>
                <h3 className="text-sm font-semibold">{format(g[0]!.scheduledAt, "day")}</h3>
                <ul className="grid gap-1.5 sm:grid-cols-2">
                  {g.map((s) => (
                    <SessionCard key={s.lineId} s={s} />
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </div>
  );
}
