/**
 * The one focus ring of the product: a 2 px outline in the theme's readable
 * brand colour (`--ring`), offset from the element, shown for keyboard focus
 * only. Every focusable element of the design system and of the screens wears
 * it; a screen may adjust it (an inset offset, a colour on a brand surface) by
 * adding a `focus-visible:` class after it, never by writing its own.
 */
export const focusRing = "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The same ring on an element that mirrors a visually hidden control before it
 * (`peer`): a styled button beside a native file input, a star beside its radio.
 */
export const peerFocusRing = "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring";
