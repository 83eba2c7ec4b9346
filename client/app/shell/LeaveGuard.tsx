import { useEffect, useRef } from "react";
import { useBlocker, type Blocker } from "react-router";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { useT } from "../../lib/i18n";

/**
 * The leave-without-saving guard. While `when` is true (a dirty
 * form), navigating to another page inside the app is held until the user
 * confirms, and closing or reloading the tab asks the browser's own question.
 *
 *   const { formState } = useForm(...);
 *   <LeaveGuard when={formState.isDirty && !formState.isSubmitSuccessful} />
 */
export function useLeaveGuard(when: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);
  return blocker;
}

export function LeaveGuard({ when }: { when: boolean }) {
  const t = useT();
  const blocker = useLeaveGuard(when);
  const leaving = useRef(false);
  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (blocked) leaving.current = false;
  }, [blocked]);
  return (
    <ConfirmDialog
      open={blocked}
      onOpenChange={(open) => {
        // Escape or Stay: cancel the navigation (Leave has already let it go on).
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
      }}
      title={t("leave.title")}
      description={t("leave.body")}
      cancelLabel={t("leave.stay")}
      confirmLabel={t("leave.leave")}
      variant="danger"
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
