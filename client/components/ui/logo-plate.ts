/**
 * A partner's wide logo is drawn for a light page (its branding preview is
 * light): wherever the page around it is dark (the dark theme, the
 * brand-coloured top bar), it sits on a light plate, so its letters keep
 * their contrast. The plate's margin is a ring, outside the image's box, so
 * the logo keeps its size and shape
 * (docs/decisions/2026-11-27-logo-plate-and-full-organisation-name.md). A
 * ring takes no room, so the plate keeps a margin as wide as its ring beside
 * it: the words next to a logo never touch its plate
 * (docs/decisions/2026-11-27-plate-keeps-its-room.md).
 */
export const logoPlate = "dark:mx-1 dark:rounded-sm dark:bg-white dark:ring-4 dark:ring-white";
/** The same plate always, for a logo on the brand-coloured (primary) top bar. */
export const logoPlateAlways = "mx-1 rounded-sm bg-white ring-4 ring-white";
