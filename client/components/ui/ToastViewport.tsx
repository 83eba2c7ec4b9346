import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "../icons";
import { useSyncExternalStore } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { focusRing } from "./focus-ring";
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD, type ToastVariant } from "./toast-store";

const VARIANT: Record<ToastVariant, string> = {
  default: "border-border",
  success: "border-l-4 border-l-success border-border",
  error: "border-l-4 border-l-danger border-border",
};

// One empty list: React requires the server snapshot to be the same value on every call.
const NONE: ReturnType<typeof getToasts> = [];
const none = () => NONE;

/**
 * Renders the toast queue with Radix (mounted by ./Toaster once the first
 * toast is raised). Radix announces each toast politely (errors assertively),
 * pauses the timer while hovered or focused, and F8 moves focus to the
 * notifications region.
 */
export function ToastViewport() {
  const t = useT();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, none);
  return (
    <ToastPrimitive.Provider label={t("toast.label")} duration={TOAST_DURATION} swipeDirection={TOAST_SWIPE_DIRECTION} swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((item) => {
        const variant = item.variant ?? "default";
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={variant === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-testid="toast"
            className={cn(
              "ui-toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border bg-card p-4 pr-10 text-foreground shadow-lg",
              VARIANT[variant],
            )}
          >
            {variant === "error" ? (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
            ) : variant === "success" ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            ) : null}
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description ? <ToastPrimitive.Description className="text-sm text-muted-foreground">{item.description}</ToastPrimitive.Description> : null}
              {item.action ? (
                <ToastPrimitive.Action
                  altText={item.action.label}
                  onClick={item.action.onClick}
                  className={cn("mt-1 justify-self-start text-sm font-medium text-brand-text underline underline-offset-4", focusRing)}
                >
                  {item.action.label}
                </ToastPrimitive.Action>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label={t("toast.dismiss")}
              className={cn("absolute top-3 right-3 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground", focusRing)}
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport label={t("toast.region")} className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
