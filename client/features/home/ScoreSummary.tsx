import type { ReactNode } from "react";
import type { ScoreSummaryDto } from "../../../contract/scores";
import { Skeleton } from "../../components/ui/Skeleton";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useCreditBalance, useScoreSummary } from "./api";
import type { Loaded } from "./loaded";
import { statCard, statGrid, statValue } from "../../components/ui/stat-grid";
import { WorkoutsRemaining } from "./WorkoutsRemaining";

/** Home's score summary for the signed-in customer (also on Activity, in its own `home` container). */
export function ScoreSummary({ accountId }: { accountId: string }) {
  return (
    <div className="@container/home">
      <ScoreSummaryView summary={useScoreSummary(accountId)} balance={useCreditBalance(accountId)} />
    </div>
  );
}

/**
 * Home's score summary (Scores): the round fitness score under the partner's name for it,
 * workouts completed and remaining (the credit balance), and the month streak.
 * Drawn from the reads given, so the Homepage Builder shows it as one of the
 * partner's customers sees it.
 */
export function ScoreSummaryView({ summary, balance }: { summary: Loaded<ScoreSummaryDto>; balance: Loaded<number> }) {
  const t = useT();
  const s = summary.data;
  const value = (testId: string, content: ReactNode) =>
    summary.isPending ? (
      <Skeleton className="mt-2 h-8 w-16" />
    ) : (
      <p className={statValue} data-testid={testId}>
        {summary.isError || !s ? "—" : content}
      </p>
    );
  return (
    <section aria-labelledby="score-summary" className="grid gap-3">
      <h2 id="score-summary" className="sr-only">
        {t("home.summary")}
      </h2>
      <div className={cn(statGrid, "home-lg:grid-cols-4")} data-testid="score-summary-cards">
        {/* The round score above its name where two cards share a phone's width; beside it where there is room. */}
        <div className={cn(statCard, "flex flex-col items-start gap-3 home-sm:flex-row home-sm:items-center home-sm:gap-4")}>
          <div
            className="flex size-16 shrink-0 items-center justify-center rounded-full border-4 border-brand text-xl font-semibold"
            data-testid="fitness-score"
            aria-hidden={summary.isPending || undefined}
          >
            {s?.score ?? "–"}
          </div>
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground" data-testid="fitness-score-name">
              {s ? t("home.fitnessScore", { name: s.name }) : t("home.fitnessScoreUnnamed")}
            </p>
            <p className="text-sm">
              {s && s.score === null ? t("home.notAssessed") : s ? (s.customScoreString ?? t("home.scoreOutOf", { score: s.score ?? 0 })) : null}
            </p>
          </div>
        </div>
        <div className={statCard}>
          <p className="text-sm text-muted-foreground">{t("home.completedWorkouts")}</p>
          {value("completed-workouts", s?.workouts.completed)}
        </div>
        <WorkoutsRemaining balance={balance} />
        <div className={statCard}>
          <p className="text-sm text-muted-foreground">{t("home.monthStreak")}</p>
          {value("month-streak", s ? t("home.months", { count: s.workouts.streak }) : null)}
        </div>
      </div>
    </section>
  );
}
