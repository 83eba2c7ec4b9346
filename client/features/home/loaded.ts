/** What a part of Home shows from one read: its data and whether it is still coming or failed (a query's result, or the builder's preview's). */
export type Loaded<T> = { data: T | undefined; isPending: boolean; isError: boolean };

/** A value already at hand, as a read that has arrived. */
export const loaded = <T>(data: T): Loaded<T> => ({ data, isPending: false, isError: false });

/** One part of another read (a query's result keeps its state, with the part picked out). */
export const partOf = <T, U>(read: Loaded<T>, pick: (data: T) => U): Loaded<U> => ({
  data: read.data === undefined ? undefined : pick(read.data),
  isPending: read.isPending,
  isError: read.isError,
});
