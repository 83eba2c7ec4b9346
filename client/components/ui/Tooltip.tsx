import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";

/** Tooltips open after 700 ms (0 in the sidebar); moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY = 700;
export const SIDEBAR_TOOLTIP_DELAY = 0;
export const TOOLTIP_SKIP_DELAY = 300;

export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY,
  skipDelayDuration = TOOLTIP_SKIP_DELAY,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration} {...props} />;
}

export const TooltipRoot = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 6, children, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn("z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md ui-fade", className)}
        {...props}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/**
 * A tooltip on one trigger. The trigger keeps its own accessible name; the
 * tooltip adds a description (Radix wires aria-describedby while it is open).
 */
export function Tooltip({
  content,
  children,
  side = "top",
  disabled,
  delayDuration,
}: {
  content: ReactNode;
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  disabled?: boolean;
  delayDuration?: number;
}) {
  if (disabled) return <>{children}</>;
  return (
    <TooltipRoot delayDuration={delayDuration}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{content}</TooltipContent>
    </TooltipRoot>
  );
}
