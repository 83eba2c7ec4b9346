import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { focusOnOpen, useFocusReturn } from "./focus-moves";

/**
 * A panel that slides in from the side (the sidebar on narrow screens): a
 * modal dialog with a (possibly visually hidden) title.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export function SheetContent({
  title,
  hideTitle,
  side = "left",
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  hideTitle?: boolean;
  side?: "left" | "right";
}) {
  const focusBack = useFocusReturn();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 ui-fade" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          "fixed inset-y-0 z-50 flex flex-col bg-card text-foreground shadow-xl outline-none",
          side === "left" ? "left-0 border-r border-border ui-slide-left" : "right-0 border-l border-border ui-slide-right",
          className,
        )}
        onOpenAutoFocus={(event) => {
          focusBack.remember();
          focusOnOpen(event);
        }}
        onCloseAutoFocus={focusBack.onCloseAutoFocus}
        {...props}
      >
        <DialogPrimitive.Title className={hideTitle ? "sr-only" : "px-4 pt-4 text-base font-semibold"}>{title}</DialogPrimitive.Title>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
