import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * The URL's search params, and a writer that replaces them from the last ones
 * written. The router's own functional update reads the URL as it was at the
 * last render, so two changes before the next render (a search box applying
 * on blur, then a sort or filter click) would drop the first.
 */
export function useLatestSearchParams(): [URLSearchParams, (change: (latest: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const write = useCallback(
    (change: (latest: URLSearchParams) => URLSearchParams) => {
      const next = change(latest.current);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, write];
}
