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
