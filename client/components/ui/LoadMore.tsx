import { Button } from "./Button";

/**
 * Every paged list's "load more" (the catalogue, the library, the jobs, the
 * audit trails): one outlined button centred under the list, shown while
 * there is a next page, busy while it loads. One look everywhere, and never
 * a borderless button whose padding sets its words off the list's edge.
 */
export function LoadMore({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center" data-testid="load-more">
      <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </div>
  );
}
