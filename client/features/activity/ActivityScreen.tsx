import { RefreshCw } from "../../components/icons";
import { lazy, Suspense, useMemo, useState } from "react";
import { CategoryFilter } from "../../../contract/enums";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Field, Select } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { DataTable } from "../../components/ui/Table";
import { toast } from "../../components/ui/toast-store";
import { calendarDateIn, toCalendarDate, useFormatDate, useTimeZone, useToday } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { ScoreSummary } from "../home/ScoreSummary";
import { useCompletedSessions, useRefreshActivity, useScoreHistory, useScores, type DoneSession } from "./api";
import { latestInFrame, scoreTrend, trendSeries, type TrendPoint } from "./trend";
import { enumLabel } from "../../lib/enums";
import { CategorySelect } from "../../components/CategorySelect";
import { onPhone } from "../../components/ui/phone-widths";
import { cn } from "../../lib/cn";

/** The chart's code comes only with a chart to draw. */
const ScoreChart = lazy(() => import("./ScoreChart"));

const PRESETS = ["30", "90", "365", "custom"] as const;
type Preset = (typeof PRESETS)[number];

/** The calendar day `days` before `today` (calendar arithmetic: no zone, no daylight-saving hour). */
function daysAgo(today: string, days: number): string {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return toCalendarDate(new Date(y, m - 1, d - days));
}

/**
 * /activity (Your Activity): a timeframe editor (the last 30, 90 or
 * 365 days, or chosen dates), the score summary, the latest score of each
 * category in the timeframe with its assessees (each on the 1–5 scale), the
 * sessions completed in the timeframe, and
 * "Refresh scores".
 */
export default function ActivityScreen() {
  const t = useT();
  const date = useFormatDate();
  const today = useToday();
  // Days of the timeframe are the reader's: a score or session belongs to the day it happened where they are.
  const zone = useTimeZone();
  const { account } = useAppUser();
  const [preset, setPreset] = useState<Preset>("365");
  const [category, setCategory] = useState<CategoryFilter>("all");
  const [custom, setCustom] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const from = preset === "custom" ? custom.from : daysAgo(today, Number(preset));
  const to = preset === "custom" ? custom.to : today;
  const scores = useScores();
  const history = useScoreHistory(category);
  // The timeframe's start must come before its end.
  const badFrame = Boolean(from && to && from >= to);
  const trend = useMemo(() => (badFrame ? [] : scoreTrend(history.data ?? [], from, to, zone)), [history.data, from, to, badFrame, zone]);
  const series = trendSeries(trend);
  const sessions = useCompletedSessions();
  const refresh = useRefreshActivity();
  const [refreshing, setRefreshing] = useState(false);
  const customer = account?.type === "customer";

  const inFrame = useMemo(
    () =>
      badFrame
        ? []
        : (sessions.data ?? []).filter((s) => {
            const day = calendarDateIn(s.completedAt, zone);
            return (!from || day >= from) && (!to || day <= to);
          }),
    [sessions.data, from, to, badFrame, zone],
  );
  // Each category's latest score within the timeframe (the scores come newest first).
  const latest = useMemo(() => (badFrame ? [] : latestInFrame(scores.data ?? [], from, to, zone)), [scores.data, from, to, badFrame, zone]);

  return (
    <Page
      title={t("activity.title")}
      actions={
        <Button
          variant="outline"
          loading={refreshing}
          onClick={() =>
            void (async () => {
              setRefreshing(true);
              try {
                await refresh();
                toast({ title: t("activity.refreshed"), variant: "success" });
              } catch {
                toast({ title: t("message.generic"), variant: "error" });
              } finally {
                setRefreshing(false);
              }
            })()
          }
        >
          <RefreshCw aria-hidden="true" />
          {t("activity.refresh")}
        </Button>
      }
    >
      <div className="grid gap-8">
        <fieldset className="flex flex-wrap items-end gap-4 rounded-xl border border-border bg-card p-4">
          <legend className="px-1 text-sm font-medium">{t("activity.timeframe")}</legend>
          <Field label={t("activity.period")} className={cn("w-56", onPhone.whole)}>
            <Select value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`activity.preset.${p}`)}
                </option>
              ))}
            </Select>
          </Field>
          {preset === "custom" ? (
            <>
              <Field label={t("activity.from")}>
                <DatePicker value={custom.from} max={custom.to ?? today} clearable onChange={(v) => setCustom({ ...custom, from: v })} />
              </Field>
              <Field label={t("activity.to")} error={badFrame ? t("activity.startBeforeEnd") : null}>
                <DatePicker value={custom.to} min={custom.from ?? undefined} max={today} clearable onChange={(v) => setCustom({ ...custom, to: v })} />
              </Field>
            </>
          ) : (
            <p className="pb-2 text-sm text-muted-foreground" data-testid="timeframe">
              {from ? `${date(from)} – ${date(to ?? today)}` : null}
            </p>
          )}
          {customer ? <CategorySelect value={category} onChange={setCategory} /> : null}
        </fieldset>

        {customer && account ? <ScoreSummary accountId={account.id} /> : null}

        {customer ? (
          <section aria-labelledby="trend-heading" className="grid gap-3">
            <h2 id="trend-heading" className="text-lg font-semibold">
              {t("activity.trend")}
            </h2>
            {history.isPending ? (
              <Skeleton className="h-72" />
            ) : history.isError ? (
              <p role="alert" className="text-danger">
                {t("activity.loadFailed")}
              </p>
            ) : trend.length === 0 ? (
              <p className="text-muted-foreground">{t("activity.noTrend")}</p>
            ) : (
              <div className="rounded-xl border border-border bg-card p-4">
                <Suspense fallback={<Skeleton className="h-72" />}>
                  <ScoreChart points={trend} series={series} />
                </Suspense>
                <div className="sr-only">
                  <DataTable<TrendPoint>
                    caption={t("activity.trendCaption")}
                    rows={trend}
                    rowKey={(r) => r.at}
                    columns={[
                      { key: "at", header: t("activity.col.date"), cell: (r) => date(r.at) },
                      ...series.map((s) => ({
                        key: s,
                        header: s === "overall" ? t("activity.overall") : enumLabel(t, "Category", s),
                        cell: (r: TrendPoint) => (r[s] === undefined ? "—" : `${r[s]}%`),
                      })),
                    ]}
                  />
                </div>
              </div>
            )}
          </section>
        ) : null}

        {customer ? (
          <section aria-labelledby="scores-heading" className="grid gap-3">
            <h2 id="scores-heading" className="text-lg font-semibold">
              {t("activity.scores")}
            </h2>
            {scores.isPending ? (
              <Skeleton className="h-24" />
            ) : scores.isError ? (
              <p role="alert" className="text-danger">
                {t("activity.loadFailed")}
              </p>
            ) : latest.length === 0 ? (
              <p className="text-muted-foreground">{scores.data?.length ? t("activity.noScoresInFrame") : t("activity.noScores")}</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {latest.map((s) => (
                  <li key={s.id} className="rounded-xl border border-border bg-card p-5" data-testid="category-score">
                    <div className="flex items-baseline justify-between gap-2">
                      <h3 className="font-semibold">{enumLabel(t, "Category", s.category)}</h3>
                      <span className="text-2xl font-semibold">{s.scorePercent}%</span>
                    </div>
                    <p className="text-sm text-muted-foreground">{t("scores.outOfFive", { score: s.score.toFixed(1) })}</p>
                    <div
                      className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
                      role="meter"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={s.scorePercent}
                      aria-label={t("activity.scoreOf", { category: enumLabel(t, "Category", s.category) })}
                    >
                      <div className="h-full rounded-full bg-brand" style={{ width: `${s.scorePercent}%` }} />
                    </div>
                    <p className="mt-2 text-sm text-muted-foreground">{t("activity.assessed", { count: s.entryCount, date: date(s.createdAt) })}</p>
                    {s.entries?.length ? (
                      <ul className="mt-2 grid gap-1 text-sm">
                        {s.entries.map((e) => (
                          <li key={e.id} className="flex justify-between gap-2">
                            <span>{e.assesseeName ?? t("activity.anonymous")}</span>
                            <span className="font-mono">{t("scores.outOfFive", { score: e.value.toFixed(1) })}</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <section aria-labelledby="sessions-heading" className="grid gap-3">
          <h2 id="sessions-heading" className="text-lg font-semibold">
            {t("activity.sessions", { count: inFrame.length })}
          </h2>
          {sessions.isPending ? (
            <Skeleton className="h-24" />
          ) : sessions.isError ? (
            <p role="alert" className="text-danger">
              {t("activity.loadFailed")}
            </p>
          ) : (
            <DataTable<DoneSession>
              caption={t("activity.sessionsCaption")}
              hideCaption
              rows={inFrame}
              rowKey={(r) => r.id}
              empty={t("activity.noSessions")}
              columns={[
                { key: "date", header: t("activity.col.date"), cell: (r) => date(r.completedAt) },
                { key: "workout", header: t("activity.col.workout"), cell: (r) => r.workout },
                { key: "session", header: t("activity.col.session"), cell: (r) => r.session },
                { key: "with", header: customer ? t("activity.col.partner") : t("activity.col.customer"), cell: (r) => r.counterpart },
              ]}
            />
          )}
        </section>
      </div>
    </Page>
  );
}
