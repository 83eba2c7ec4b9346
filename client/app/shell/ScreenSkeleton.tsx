import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";

/**
 * What stands in for a signed-in screen until its code runs: the server
 * renders it inside the shell, and the browser's first render (hydration)
 * shows it too; the screen replaces it right after.
 */
export function ScreenSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-busy="true" data-testid="screen-skeleton">
      <span className="sr-only">{t("common.loading")}</span>
      <Skeleton className="h-8 w-64 max-w-full" />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="mt-6 h-72" />
    </div>
  );
}
