import { ChevronDownIcon } from "./plain-icons";
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { focusRing, pickerFocusRing } from "./focus-ring";

/**
 * Form fields: a visible label tied to its control, an optional hint, and the
 * error message ("Required", from the catalogue key form.requiredField
 * unless a custom message is given) announced through aria-describedby and
 * aria-invalid. Controls take `ref` (React 19), so react-hook-form's
 * `register()` spreads straight onto them.
 *
 *   <Field label={t("gallery.name")} required error={errors.name?.message}>
 *     <Input {...register("name")} />
 *   </Field>
 *
 * This module has no Radix in it, so the first screens (sign-in, sign-up)
 * import it directly; ./Field adds Checkbox and Switch and re-exports these.
 */
type FieldIds = { id: string; labelId: string; hintId?: string; errorId?: string; invalid: boolean; required: boolean };
const FieldContext = createContext<FieldIds | null>(null);

/** The ids and states a control inside a Field needs; empty outside one. */
export function useFieldControl(props: { id?: string; "aria-describedby"?: string; "aria-invalid"?: unknown; required?: boolean }) {
  const field = useContext(FieldContext);
  const describedBy = [props["aria-describedby"], field?.errorId, field?.hintId].filter(Boolean).join(" ") || undefined;
  return {
    id: props.id ?? field?.id,
    labelId: field?.labelId,
    "aria-describedby": describedBy,
    "aria-invalid": (props["aria-invalid"] as boolean | undefined) ?? (field?.invalid || undefined),
    required: props.required ?? (field?.required || undefined),
  };
}

export function Field({
  label,
  hint,
  error,
  required,
  optional,
  children,
  className,
  id: givenId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** The message to show, or `true` for the standard "Required". */
  error?: string | boolean | null;
  required?: boolean;
  /** Marks the field "(optional)" next to the label. */
  optional?: boolean;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const t = useT();
  const auto = useId();
  const id = givenId ?? `field-${auto}`;
  const message = error === true ? t("form.requiredField") : error || null;
  // A hint that says exactly what the error says is not shown twice.
  if (message && typeof hint === "string" && hint === message) hint = undefined;
  const ids: FieldIds = {
    id,
    labelId: `${id}-label`,
    hintId: hint ? `${id}-hint` : undefined,
    errorId: message ? `${id}-error` : undefined,
    invalid: Boolean(message),
    required: Boolean(required),
  };
  return (
    <FieldContext.Provider value={ids}>
      <div className={cn("grid content-start gap-1.5", className)}>
        <label id={ids.labelId} htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
          {required ? (
            <span className="text-danger" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
          {optional ? <span className="font-normal text-muted-foreground"> {t("form.optional")}</span> : null}
        </label>
        {children}
        {hint ? (
          <p id={ids.hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {message ? (
          <p id={ids.errorId} className="text-sm font-medium text-danger" data-testid="field-error">
            {message}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

const controlClass =
  "w-full rounded-md border border-input bg-card px-3 text-sm text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-danger " +
  focusRing;

/** Input types whose box holds the browser's own picker button. */
const PICKER_TYPES: ReadonlySet<string> = new Set(["date", "time", "datetime-local", "month", "week"]);

export function Input({ className, ...props }: ComponentProps<"input">) {
  const { labelId: _labelId, ...a11y } = useFieldControl(props);
  return <input className={cn(controlClass, "h-10", PICKER_TYPES.has(props.type ?? "") && pickerFocusRing, className)} {...props} {...a11y} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  const { labelId: _labelId, ...a11y } = useFieldControl(props);
  return <textarea className={cn(controlClass, "min-h-24 py-2", className)} {...props} {...a11y} />;
}

/**
 * A native select: the most robust choice for keyboards, screen readers and
 * phones. Options are children (`<option>`); give a placeholder to start empty.
 */
export function Select({ className, placeholder, children, ...props }: ComponentProps<"select"> & { placeholder?: string }) {
  const { labelId: _labelId, ...a11y } = useFieldControl(props);
  return (
    <div className="relative">
      <select className={cn(controlClass, "h-10 appearance-none pr-9", className)} {...props} {...a11y}>
        {placeholder !== undefined ? (
          <option value="" disabled={props.required}>
            {placeholder}
          </option>
        ) : null}
        {children}
      </select>
      <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
