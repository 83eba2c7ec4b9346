import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import type { Loaded } from "./loaded";
import { statCard, statValue } from "../../components/ui/stat-grid";

/** The score summary's "workouts remaining" (Home): the credit balance (GET v1/entitlements for the signed-in customer). */
export function WorkoutsRemaining({ balance }: { balance: Loaded<number> }) {
  const t = useT();
  return (
    <div className={statCard}>
      <p className="text-sm text-muted-foreground" id="workouts-remaining-label">
        {t("home.workoutsRemaining")}
      </p>
      {balance.isPending ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className={statValue} aria-labelledby="workouts-remaining-label" data-testid="workouts-remaining">
          {balance.isError ? "—" : balance.data}
        </p>
      )}
    </div>
  );
}
