import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/**
 * Status tones, each a theme token pair (`--status-<tone>` fill and
 * `--status-<tone>-foreground` text, client/styles.css) that reads at 4.5:1 or
 * more in both themes. The text always says the status; the colour only helps.
 */
export const BADGE_TONES = ["neutral", "info", "success", "warning", "danger", "accent"] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-status-neutral text-status-neutral-foreground",
  info: "bg-status-info text-status-info-foreground",
  success: "bg-status-success text-status-success-foreground",
  warning: "bg-status-warning text-status-warning-foreground",
  danger: "bg-status-danger text-status-danger-foreground",
  accent: "bg-status-accent text-status-accent-foreground",
};

/** A small rounded label for a status (a job, a library item, a member, a domain). */
export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      data-tone={tone}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
