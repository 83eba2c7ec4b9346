import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "../icons";
import { useRef, useState, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { DialogScope, type DirtyForms } from "../../lib/unsaved";
import { Button, type ButtonVariant } from "./Button";
import { focusOnOpen, useFocusReturn } from "./focus-moves";

/**
 * Modal dialogs on Radix: focus is trapped inside, Escape and the close button
 * close them, focus returns to the trigger, and the rest of the page is inert.
 * Every dialog has a title (its accessible name) and, when given, a description.
 * A dialog whose form holds unsaved edits (the form renders `<LeaveGuard>`)
 * asks before it closes (Escape, the close button, a click outside, Cancel).
 */
export function Dialog({ open, defaultOpen, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  const t = useT();
  const [dirtyForms] = useState<DirtyForms>(() => new Set());
  const [own, setOwn] = useState(defaultOpen ?? false);
  const [asking, setAsking] = useState(false);
  const change = (next: boolean) => {
    if (open === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  return (
    <DialogScope.Provider value={dirtyForms}>
      <DialogPrimitive.Root
        {...props}
        open={open ?? own}
        onOpenChange={(next) => {
          if (!next && dirtyForms.size > 0) setAsking(true);
          else change(next);
        }}
      />
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(stillOpen) => !stillOpen && setAsking(false)}
          title={t("leave.dialogTitle")}
          description={t("leave.dialogBody")}
          cancelLabel={t("leave.keepEditing")}
          confirmLabel={t("leave.discard")}
          variant="danger"
          onConfirm={() => change(false)}
        />
      ) : null}
    </DialogScope.Provider>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlayClass = "fixed inset-0 z-50 bg-black/50 ui-fade";
const panelClass =
  "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-foreground shadow-xl ui-zoom";

export function DialogContent({
  title,
  description,
  children,
  className,
  size = "md",
  hideClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg";
  hideClose?: boolean;
}) {
  const t = useT();
  const focusBack = useFocusReturn();
  const width = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" }[size];
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        className={cn(panelClass, width, className)}
        {...(description ? {} : { "aria-describedby": undefined })}
        onOpenAutoFocus={(event) => {
          focusBack.remember();
          (onOpenAutoFocus ?? focusOnOpen)(event);
        }}
        onCloseAutoFocus={onCloseAutoFocus ?? focusBack.onCloseAutoFocus}
        {...props}
      >
        <div className="flex flex-col gap-1.5 pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">{title}</DialogPrimitive.Title>
          {description ? <DialogPrimitive.Description className="text-sm text-muted-foreground">{description}</DialogPrimitive.Description> : null}
        </div>
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon-sm" className="absolute top-4 right-4" aria-label={t("common.close")}>
              <X aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

/**
 * A form dialog's footer: a button that closes the dialog without sending
 * (Cancel, or `close`), then the form's submit (`submit`, busy while sent).
 */
export function FormDialogFooter({ submit, busy, variant, close }: { submit: ReactNode; busy?: boolean; variant?: ButtonVariant; close?: string }) {
  const t = useT();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {close ?? t("common.cancel")}
        </Button>
      </DialogClose>
      <Button type="submit" variant={variant} loading={busy}>
        {submit}
      </Button>
    </DialogFooter>
  );
}

/**
 * A question that needs an answer before going on (role alertdialog):
 * confirming a status change, leaving without saving, deleting. Focus starts
 * on the cancel button, so Enter never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  variant = "primary",
  loading,
  trigger,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
  variant?: Extract<ButtonVariant, "primary" | "danger">;
  loading?: boolean;
  /** An element that opens the dialog (uncontrolled use). */
  trigger?: ReactNode;
}) {
  const t = useT();
  const cancel = useRef<HTMLButtonElement>(null);
  const focusBack = useFocusReturn();
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClass} />
        <AlertDialogPrimitive.Content
          className={cn(panelClass, "max-w-md")}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            focusBack.remember();
            focusOnOpen(event, cancel.current);
          }}
          onCloseAutoFocus={focusBack.onCloseAutoFocus}
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialogPrimitive.Title className="text-lg font-semibold tracking-tight">{title}</AlertDialogPrimitive.Title>
            {description ? <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">{description}</AlertDialogPrimitive.Description> : null}
          </div>
          <DialogFooter>
            <AlertDialogPrimitive.Cancel asChild>
              <Button ref={cancel} variant="outline" onClick={onCancel}>
                {cancelLabel ?? t("common.cancel")}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button variant={variant} loading={loading} onClick={() => void onConfirm()}>
                {confirmLabel ?? t("common.confirm")}
              </Button>
            </AlertDialogPrimitive.Action>
          </DialogFooter>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
