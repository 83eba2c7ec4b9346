import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** What a list or screen shows when there is nothing yet, with the next step to take. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn("flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center", className)}>
      {icon ? (
        <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold">{title}</Heading>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
