/**
 * Home's stat cards (the customer's score summary, the partner's "needs your
 * attention"): two to a row on a phone, where each is short enough to fit
 * half the width, and a last card left alone on its row takes the whole row.
 * The wider layouts (three or four to a row) are each grid's own. Sized by
 * Home's container (`home-*`), so the Homepage Builder's phone preview lays
 * them out as a phone does.
 */
export const statGrid = "grid grid-cols-2 gap-3 home-sm:gap-4 [&>:last-child:nth-child(odd)]:col-span-2 home-sm:[&>:last-child:nth-child(odd)]:col-span-1";

/** One stat card's box: less padding on a phone, where two share the width. */
export const statCard = "min-w-0 rounded-xl border border-border bg-card p-4 home-sm:p-6";

/** A stat card's figure: a size smaller on a phone, wrapping between words rather than running out of its card. */
export const statValue = "mt-1 text-2xl font-semibold break-words home-sm:text-3xl";
