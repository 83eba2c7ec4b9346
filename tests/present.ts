/**
 * Values a test (or a bench) expects to be there: an absent one stops it at
 * once, saying what was missing, rather than leaking `undefined` further.
 * Plain throws, so unit, worker and end-to-end tests and the benches share them.
 */
const missing = (what: string): never => {
  throw new Error(`expected ${what}, found none`);
};

/** The value, which the test expects to be defined. */
export const present = <T>(value: T | undefined, what = "a value"): T => (value !== undefined ? value : missing(what));

/** The item at `index` of a list the test expects to hold it. */
export const nth = <T>(items: readonly T[], index: number): T => present(items[index], `an item at index ${index} of ${items.length}`);

/** The first item of a list the test expects to be non-empty. */
export const first = <T>(items: readonly T[]): T => nth(items, 0);
