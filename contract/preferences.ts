/**
 * The interface's own enumerations, apart from ./enums.ts (which re-exports
 * them) so that the browser's first page load, which reads only these, does
 * not carry every enumeration of the product.
 */

/** Interface languages (default enUS). */
export const Language = ["enUS", "enGB", "enAU"] as const;
export type Language = (typeof Language)[number];
export const DEFAULT_LANGUAGE: Language = "enUS";

/** Colour themes. */
export const Theme = ["light", "dark"] as const;
export type Theme = (typeof Theme)[number];
