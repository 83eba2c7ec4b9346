import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/**
 * A placeholder block while content loads. Hidden from assistive technology:
 * put `aria-busy` on the region that is loading (or a Spinner) to announce it.
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)} {...props} />;
}
