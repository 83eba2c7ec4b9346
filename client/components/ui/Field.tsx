import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import * as SwitchPrimitive from "@radix-ui/react-switch";
import { Check } from "../icons";
import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./focus-ring";

/**
 * Form fields (./FieldBase: Field, Input, Textarea, Select) and the Radix
 * controls that sit beside their label: Checkbox and Switch.
 */
export { Field, Input, Select, Textarea, useFieldControl } from "./FieldBase";

/** A checkbox with its label beside it (not inside a Field). */
export function Checkbox({
  label,
  hint,
  className,
  id: givenId,
  ...props
}: Omit<ComponentProps<typeof CheckboxPrimitive.Root>, "children"> & { label: ReactNode; hint?: ReactNode }) {
  const auto = useId();
  const id = givenId ?? `checkbox-${auto}`;
  return (
    <div className={cn("flex items-start gap-2", className)}>
      <CheckboxPrimitive.Root
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border border-input bg-card data-[state=checked]:border-brand data-[state=checked]:bg-brand data-[state=checked]:text-brand-foreground disabled:opacity-50",
          focusRing,
        )}
        {...props}
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" className="size-4" />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** An on/off switch with its label beside it. */
export function Switch({ label, className, id: givenId, ...props }: Omit<ComponentProps<typeof SwitchPrimitive.Root>, "children"> & { label: ReactNode }) {
  const auto = useId();
  const id = givenId ?? `switch-${auto}`;
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <SwitchPrimitive.Root
        id={id}
        className={cn(
          "inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-switch-off transition-colors data-[state=checked]:bg-brand disabled:opacity-50",
          focusRing,
        )}
        {...props}
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </SwitchPrimitive.Root>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}
