import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./focus-ring";

export type TabItem = { id: string; label: ReactNode; content: ReactNode };

/**
 * Tabs on Radix (the WAI-ARIA tabs pattern): the arrow keys, Home and End
 * move between tabs and show their panel; Tab moves on into the panel, which
 * is focusable. Only the chosen panel is rendered. `label` names the tab list.
 */
export function Tabs({ label, tabs, defaultValue, className }: { label: string; tabs: TabItem[]; defaultValue?: string; className?: string }) {
  return (
    <TabsPrimitive.Root defaultValue={defaultValue ?? tabs[0]?.id} className={cn("rounded-xl border border-border bg-card", className)}>
      <TabsPrimitive.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-border px-3">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.id}
            value={tab.id}
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
        <TabsPrimitive.Content key={tab.id} value={tab.id} className={cn("p-5", focusRing, "focus-visible:-outline-offset-2")}>
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
