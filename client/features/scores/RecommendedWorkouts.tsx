import { Link } from "react-router";
import type { RecommendedWorkoutDto } from "../../../contract/customers";
import { enumLabel } from "../../lib/enums";
import { useT } from "../../lib/i18n";

/** Recommended workouts as cards: the category, the name linking to the workout's page (where it is booked), the subtitle. */
export function RecommendedWorkouts({ workouts }: { workouts: readonly RecommendedWorkoutDto[] }) {
  const t = useT();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="recommended-workouts">
      {workouts.map((w) => (
        <li key={w.id} className="rounded-lg border border-border p-4">
          <p className="text-xs text-muted-foreground">{enumLabel(t, "Category", w.category)}</p>
          <Link to={`/workout/${w.id}`} className="mt-1 block font-medium text-brand-text underline-offset-4 hover:underline">
            {w.name}
          </Link>
          {w.subtitle ? <p className="mt-1 text-sm text-muted-foreground">{w.subtitle}</p> : null}
        </li>
      ))}
    </ul>
  );
}
