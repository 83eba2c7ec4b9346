import { cloneElement, isValidElement, type ComponentProps, type CSSProperties } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./focus-ring";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "icon" | "icon-sm";

const VARIANTS: Record<ButtonVariant, string> = {
  // Hover keeps the colour (a lighter brand would lose contrast with white text) and lifts the button instead.
  primary: "bg-brand text-brand-foreground shadow-sm hover:shadow-md hover:ring-2 hover:ring-brand/35",
  secondary: "bg-muted text-foreground hover:bg-muted/70",
  outline: "border border-border bg-card text-foreground hover:bg-muted",
  ghost: "text-foreground hover:bg-muted",
  danger: "bg-danger-solid text-white shadow-sm hover:bg-danger-solid/90",
  link: "text-brand-text underline-offset-4 hover:underline px-0",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 px-3 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
  lg: "h-12 gap-2 px-6 text-base",
  icon: "size-10",
  "icon-sm": "size-8",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(
    "inline-flex shrink-0 cursor-pointer items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
    focusRing,
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the child element (a Link, an anchor) with the button's look. */
  asChild?: boolean;
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
};

/**
 * The button of the design system. Icon-only buttons need an `aria-label`
 * (or a visually hidden text child) so they have a name.
 */
export function Button({ variant, size, asChild, loading, className, disabled, children, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      className={buttonClasses(variant, size, className)}
      disabled={asChild ? undefined : disabled || loading}
      aria-busy={loading || undefined}
      type={asChild ? undefined : (type ?? "button")}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner size="sm" decorative /> : null}
          {children}
        </>
      )}
    </Comp>
  );
}

type Props = Record<string, unknown>;

/**
 * Renders its one child element with the button's props merged in, as Radix's
 * Slot does (kept here so the first page load does without it): the child's
 * own props win, except that classes are joined, styles merged, event
 * handlers both run (the child's first) and both refs are set.
 */
/** A ref of either kind, as the element it points at. */
type ElementRef = ((node: Element | null) => void) | { current: Element | null } | null | undefined;

function Slot({ children, ...slot }: ComponentProps<"button">) {
  if (!isValidElement<Props>(children)) return null;
  const own = children.props;
  const merged: Props = { ...slot, ...own };
  for (const [key, value] of Object.entries(slot as Props)) {
    const mine = own[key];
    if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof mine === "function") {
      // Event handlers: both run, the child's own first.
      const handlers = [mine, value] as ((...args: unknown[]) => void)[];
      merged[key] = (...args: unknown[]) => handlers.forEach((handler) => handler(...args));
    }
  }
  merged.className = cn(slot.className, own.className as string | undefined);
  if (slot.style || own.style) merged.style = { ...slot.style, ...(own.style as CSSProperties | undefined) };
  // Both refs receive the element: the slot's (from the caller of asChild) and the child's own.
  const refs = [slot.ref, own.ref].filter(Boolean) as ElementRef[];
  if (refs.length === 2) {
    merged.ref = (node: Element | null) => {
      for (const ref of refs) {
        if (typeof ref === "function") ref(node);
        else if (ref) ref.current = node;
      }
    };
  }
  return cloneElement(children, merged);
}
