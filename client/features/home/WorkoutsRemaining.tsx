import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import type { Loaded } from "./loaded";

/** The score summary's "workouts remaining" (Home): the credit balance (GET v1/entitlements for the signed-in customer). */
export function WorkoutsRemaining({ balance }: { balance: Loaded<number> }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-border bg-card p-6">
      <p className="text-sm text-muted-foreground" id="workouts-remaining-label">
        {t("home.workoutsRemaining")}
      </p>
      {balance.isPending ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className="mt-1 text-3xl font-semibold" aria-labelledby="workouts-remaining-label" data-testid="workouts-remaining">
          {balance.isError ? "—" : balance.data}
        </p>
      )}
    </div>
  );
}
