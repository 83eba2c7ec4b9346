import { Clock, Users } from "../../components/icons";
import { Link } from "react-router";
import type { CatalogueItem } from "../../../contract/catalogue";
import { useLanguage, useT } from "../../lib/i18n";
import { cn } from "../../lib/cn";
import { WorkoutArt } from "./CategoryArt";
import { formatPrice } from "./format";
import { focusRing } from "../../components/ui/focus-ring";
import { enumLabel } from "../../lib/enums";

/**
 * A catalogue workout as a card linking to its page: its picture (featured
 * image or category illustration), category, title, subtitle, length, seats
 * and price.
 */
export function WorkoutCard({ workout: w, eager = false, className }: { workout: CatalogueItem; eager?: boolean; className?: string }) {
  const t = useT();
  const [language] = useLanguage();
  return (
    <Link
      to={`/workout/${w.id}`}
      className={cn("flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card transition-colors hover:border-brand", focusRing, className)}
    >
      <WorkoutArt category={w.category} image={w.image} eager={eager} />
      <span className="flex flex-1 flex-col gap-2 p-5">
        <span className="text-xs font-medium tracking-wide text-brand-text uppercase">{enumLabel(t, "Category", w.category)}</span>
        <span className="text-lg font-semibold">{w.title}</span>
        {w.subtitle ? <span className="text-sm text-muted-foreground">{w.subtitle}</span> : null}
        <span className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {t("library.minutes", { count: w.totalMinutes })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            {t("workout.maxAttendeesShort", { count: w.maxAttendees })}
          </span>
          <span className="font-medium text-foreground" data-testid="workout-price">
            {formatPrice(w.price, t, language)}
          </span>
        </span>
      </span>
    </Link>
  );
}
