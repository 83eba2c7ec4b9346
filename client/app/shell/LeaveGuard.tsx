import { useEffect, useRef, useState } from "react";
import { useBlocker, type Blocker } from "react-router";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { useT } from "../../lib/i18n";
import { mountGuard, useAnyUnsaved, useIsPromptHolder, useUnsavedChanges } from "../../lib/unsaved";

/**
 * The navigation blocker behind the leave-without-saving guard: while `when`
 * is true, navigating to another page inside the app is held until the user
 * confirms, and closing or reloading the tab asks the browser's own question.
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

/**
 * The leave-without-saving guard every form renders (see docs/decisions: a
 * form with unsaved edits asks before it is left):
 *
 *   const { formState } = useForm(...);
 *   <LeaveGuard when={formState.isDirty && !saving} />
 *
 * Any number of forms may be on screen (in dialogs too: the dialog then asks
 * before closing); one prompt, held by the first guard mounted, blocks
 * navigation while any of them is dirty.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  useUnsavedChanges(when);
  const [id] = useState(() => Symbol("guard"));
  useEffect(() => mountGuard(id), [id]);
  return useIsPromptHolder(id) ? <LeavePrompt /> : null;
}

function LeavePrompt() {
  const t = useT();
  const blocker = useLeaveGuard(useAnyUnsaved());
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
