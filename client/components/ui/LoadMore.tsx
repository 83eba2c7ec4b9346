import { Button } from "./Button";

/** The paged lists' "load more": shown while there is a next page, busy while it loads. */
export function LoadMore({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </div>
  );
}
