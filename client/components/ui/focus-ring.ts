import { useRef } from "react";
/**
 * The one focus ring of the product, shown for keyboard focus only: a solid
 * 2 px outline in the theme's readable brand colour (`--ring`), 2 px off the
 * element, with the gap filled by a 2 px ring of the page's background. The
 * two tones contrast with each other (`--ring` reads at 4.5:1 on the theme's
 * surfaces), so one of them stands out on any surface, a partner's light or
 * dark brand colour included. At rest the outline is `outline-hidden` (a
 * transparent outline that forced-colours mode still shows), never
 * `outline-none`, which sets Tailwind's outline-style variable to none that
 * `outline-2` would reuse; the focused style is written out as solid too.
 * Every focusable element of the design system and of the screens wears it; a
 * screen may adjust it (an inset offset, a colour on a brand surface) by adding
 * a `focus-visible:` class after it, never by writing its own.
 */
export const focusRing =
  "outline-hidden focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:ring-2 focus-visible:ring-background";

/**
 * The same ring on a date or time field whenever it has the focus: the
 * keyboard moves through its parts (hours, minutes, AM/PM) and on to its own
 * picker button inside the box, and while that button has the focus the
 * field matches neither `:focus-visible` nor `:focus` (only `:focus-within`),
 * so the ring went out. A mouse gives such a field the ring too, as it does
 * any text field.
 */
export const pickerFocusRing =
  "focus-within:outline-solid focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring focus-within:ring-2 focus-within:ring-background";

/**
 * The same ring on an element that mirrors a visually hidden control before it
 * (`peer`): a styled button beside a native file input, a star beside its radio.
 */
export const peerFocusRing =
  "peer-focus-visible:outline-solid peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-focus-visible:ring-2 peer-focus-visible:ring-background";

/** The same ring on a box whose visually hidden control inside has the focus (a choice card around its radio). */
export const withinFocusRing =
  "has-[:focus-visible]:outline-solid has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-background";

/**
 * Room for the ring inside a box that scrolls (`overflow-*-auto`), which
 * clips whatever passes its edge: the ring reaches 4 px beyond a control
 * (its 2 px offset and width), so a scrolling list of controls keeps that
 * much padding around them.
 */
export const ringRoom = "p-1";

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
