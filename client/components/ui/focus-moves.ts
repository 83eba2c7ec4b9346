import { useRef } from "react";

/**
 * Where the focus goes when a component moves it from script, and whether
 * the ring shows there (the ring itself is ./focus-ring.ts). Apart from the
 * ring's classes, which the first page's buttons wear: only the components
 * that move the focus (dialogs, popovers, sheets, tabs, menus) load this.
 */

/**
 * Focus that a pointer gave, without the ring. A component that moves the
 * focus from script on a mouse press or hover (Radix's tabs on mousedown, its
 * menu items on pointer move) makes Chromium treat that focus as visible, so
 * the ring drew after a click as if the keyboard had moved there. Focusing
 * first with `focusVisible: false` keeps it for the keyboard only: the
 * component's own focus() then finds the element already focused; an arrow
 * key afterwards moves the focus from the keyboard, ring and all.
 */
export function focusFromPointer(element: HTMLElement) {
  if (document.activeElement !== element) element.focus({ preventScroll: true, focusVisible: false });
}

/**
 * Whether the person's last input was the keyboard (a key press) rather than
 * a pointer (a press of the mouse, a pen or a finger); false until either
 * happens, so what opens with the page itself shows no ring.
 */
let keyboardLast = false;
if (typeof document !== "undefined") {
  document.addEventListener(
    "keydown",
    (event) => {
      if (!event.metaKey && !event.ctrlKey && !event.altKey) keyboardLast = true;
    },
    true,
  );
  document.addEventListener("pointerdown", () => void (keyboardLast = false), true);
}

/** The controls the keyboard reaches in a box: enabled, in the tab order, shown; links left out (as Radix's own first focus does). */
function firstTabbable(box: HTMLElement): HTMLElement | null {
  const candidates = box.querySelectorAll<HTMLElement>("button, input, select, textarea, [tabindex]");
  for (const el of candidates) {
    if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || (el instanceof HTMLInputElement && el.type === "hidden")) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    return el;
  }
  return null;
}

/**
 * A dialog's (or popover's) first focus as it opens, for its `onOpenAutoFocus`:
 * its first control (`preferred` when given: a confirmation's Cancel), else
 * the panel itself, with the ring only when the dialog was opened from the
 * keyboard. Radix focuses from script, and Chromium always shows the ring on
 * a text field so focused, even right after a mouse click on the opener, and
 * on whatever a page opens with; a keyboard user still sees where the focus is.
 */
export function focusOnOpen(event: Event, preferred?: HTMLElement | null) {
  const box = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
  if (!box) return;
  event.preventDefault();
  const target = preferred ?? firstTabbable(box) ?? box;
  target.focus({ preventScroll: true, focusVisible: keyboardLast });
  // As Radix does: a text field's value is selected, ready to be typed over.
  if (target instanceof HTMLInputElement && "select" in target) target.select();
}

/**
 * Giving the focus back as a dialog (a confirmation, the phone's navigation
 * panel) closes. Radix gives it back to its own Trigger only, and most
 * dialogs open from a plain button that sets the screen's state, so the focus
 * fell to the page's body and a keyboard user started again from the top.
 * `remember` (as the dialog opens, before it moves the focus) notes the
 * opener; `onCloseAutoFocus` focuses it again when it is still on the page
 * and nothing else took the focus meanwhile (a navigation that moved it to
 * the new screen keeps it there), with the ring when the keyboard was last used.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const back = opener.current;
      opener.current = null;
      if (!back?.isConnected) return;
      const box = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      const now = document.activeElement;
      if (now && now !== document.body && !box?.contains(now)) return;
      event.preventDefault();
      back.focus({ preventScroll: true, focusVisible: keyboardLast });
    },
  };
}
