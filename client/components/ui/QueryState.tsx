import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { Button } from "./Button";
import { Skeleton } from "./Skeleton";

/** What QueryState reads of a TanStack query (a list or an infinite query fits too). */
type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
  isRefetching?: boolean;
};

/**
 * The three states every screen shows around a query, the same way everywhere:
 * - loading: skeleton rows (`rows` of `rowClassName`, or a `loading` of the
 *   screen's shape) in a region marked busy;
 * - error: the screen's message as an alert with Try again, which refetches;
 * - empty (when `isEmpty` says so): the screen's `empty` (an EmptyState);
 * then `children` with the data.
 */
export function QueryState<T>({
  query,
  error,
  isEmpty,
  empty,
  loading,
  rows = 3,
  rowClassName = "h-12",
  className,
  children,
}: {
  query: QueryLike<T>;
  /** The message when loading failed. */
  error: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A skeleton of the screen's shape instead of rows. */
  loading?: ReactNode;
  rows?: number;
  rowClassName?: string;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <div className={cn("grid gap-2", className)} aria-busy="true" data-testid="query-loading">
        {loading ?? Array.from({ length: rows }, (_, i) => <Skeleton key={i} className={cn("w-full", rowClassName)} />)}
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className={cn("flex flex-wrap items-center gap-3", className)}>
        <p className="text-danger">{error}</p>
        <Button variant="outline" size="sm" loading={query.isRefetching} onClick={() => void query.refetch()}>
          {t("common.tryAgain")}
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data) && empty !== undefined) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
