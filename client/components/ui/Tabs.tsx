import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { focusFromPointer } from "./focus-moves";
import { focusRing } from "./focus-ring";

export type TabItem = { id: string; label: ReactNode; content: ReactNode };

/**
 * Tabs on Radix (the WAI-ARIA tabs pattern): the arrow keys, Home and End
 * move between tabs and show their panel; Tab moves on into the panel, which
 * is focusable. Only the chosen panel is rendered. `label` names the tab list.
 * A mouse press focuses the tab without the keyboard's ring (focusFromPointer).
 */
export function Tabs({
  label,
  tabs,
  defaultValue,
  value,
  onValueChange,
  plain,
  className,
}: {
  label: string;
  tabs: TabItem[];
  defaultValue?: string;
  /** The chosen tab, when its owner keeps it (e.g. in the URL); with `onValueChange`. */
  value?: string;
  onValueChange?: (id: string) => void;
  /** Panels without the card's frame and padding, for panels that are cards of their own. */
  plain?: boolean;
  className?: string;
}) {
  return (
    <TabsPrimitive.Root
      defaultValue={value === undefined ? (defaultValue ?? tabs[0]?.id) : undefined}
      value={value}
      onValueChange={onValueChange}
      className={cn("min-w-0", !plain && "rounded-xl border border-border bg-card", className)}
    >
      <TabsPrimitive.List
        aria-label={label}
        className={cn("relative flex max-w-full gap-1 overflow-x-auto border-b border-border", plain ? "flex-wrap" : "px-3")}
      >
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.id}
            value={tab.id}
            onMouseDown={(e) => {
              if (e.button === 0 && !e.ctrlKey) focusFromPointer(e.currentTarget);
            }}
            className={cn(
              "-mb-px cursor-pointer border-b-2 border-transparent px-3 py-3 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground",
              "data-[state=active]:border-brand data-[state=active]:text-foreground",
              focusRing,
              "focus-visible:-outline-offset-2",
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.id} value={tab.id} className={cn(plain ? "pt-6" : "p-5", focusRing, "focus-visible:-outline-offset-2")}>
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
