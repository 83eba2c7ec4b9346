import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check } from "../icons";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { focusFromPointer } from "./focus-moves";
import { focusRing } from "./focus-ring";

/**
 * Menus on Radix: arrow keys move, typing jumps to an item, Escape closes and
 * returns focus to the trigger. Items are links (`asChild` with a Link),
 * buttons, checkbox or radio items; groups carry a visible label.
 */
/**
 * Menus are not modal (the WAI-ARIA menu button pattern): the page is not
 * hidden from assistive technology while one is open; Escape, Tab and a click
 * outside close it.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;
export const DropdownMenuPortal = Menu.Portal;

export function DropdownMenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded-lg border border-border bg-card p-1 text-foreground shadow-lg ui-fade",
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

// The highlighted item has the focus: a keyboard user sees the ring (inset, inside the menu) as well as the fill.
const itemClass = cn(
  "relative flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:shrink-0",
  focusRing,
  "focus-visible:-outline-offset-2",
);

/** A mouse over an item focuses it as Radix does, without the keyboard's ring (focusFromPointer). */
function pointerFocus<E extends { pointerType: string; currentTarget: HTMLElement }>(disabled: boolean | undefined, own?: (event: E) => void) {
  return (event: E) => {
    own?.(event);
    if (event.pointerType === "mouse" && !disabled) focusFromPointer(event.currentTarget);
  };
}

export function DropdownMenuItem({ className, onPointerMove, ...props }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(itemClass, className)} onPointerMove={pointerFocus(props.disabled, onPointerMove)} {...props} />;
}

export function DropdownMenuRadioItem({ className, children, onPointerMove, ...props }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(itemClass, "pl-8", className)} onPointerMove={pointerFocus(props.disabled, onPointerMove)} {...props}>
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <Menu.ItemIndicator>
          <Check aria-hidden="true" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn("px-2 py-1.5 text-xs font-semibold text-muted-foreground", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
