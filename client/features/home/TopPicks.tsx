import { ArrowRight } from "../../components/icons";
import { Link } from "react-router";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import type { CatalogueItem } from "../../../contract/catalogue";
import { TOP_PICKS } from "../../../contract/homepage";
import { useCatalogue } from "../catalogue/api";
import { WorkoutCard } from "../catalogue/WorkoutCard";
import { partOf, type Loaded } from "./loaded";

/** The signed-in reader's top picks: the first of its catalogue (GET v1/workouts), read only when `enabled`. */
export function useTopPicks(enabled = true): Loaded<CatalogueItem[]> {
  return partOf(useCatalogue({}, { enabled }), (d) => (d.pages[0]?.items ?? []).slice(0, TOP_PICKS));
}

/**
 * Home's first catalogue row: the workouts the partner ranks highest (library
 * priority) among those this customer may book, with a link to all of them.
 * Nothing is shown when the catalogue is empty (the goal buttons still are).
 */
export function TopPicks({ picks }: { picks: Loaded<CatalogueItem[]> }) {
  const t = useT();
  const items = picks.data ?? [];
  if (picks.isError || (!picks.isPending && items.length === 0)) return null;
  return (
    <section aria-labelledby="top-picks">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id="top-picks" className="text-lg font-semibold">
          {t("home.topPicks")}
        </h2>
        <Link to="/workouts" className="inline-flex items-center gap-1 text-sm font-medium text-brand-text underline-offset-4 hover:underline">
          {t("home.allWorkouts")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {picks.isPending ? (
        <div className="grid gap-4 home-sm:grid-cols-2 home-lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: TOP_PICKS }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 home-sm:grid-cols-2 home-lg:grid-cols-3">
          {items.map((w) => (
            <li key={w.id}>
              <WorkoutCard workout={w} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
