import * as PopoverPrimitive from "@radix-ui/react-popover";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { focusOnOpen } from "./focus-moves";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({ className, sideOffset = 6, align = "start", ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        onOpenAutoFocus={focusOnOpen}
        className={cn("z-50 rounded-lg border border-border bg-card p-3 text-foreground shadow-lg outline-none ui-fade", className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
