/**
 * Per-isolate caches: a Map with a size bound (the oldest entry goes first when
 * it is full). A Worker isolate serves many requests, so a few reads that
 * every request needs (the tenant of a host, the caller's user row, a
 * session's liveness, a catalogue page) are kept here for seconds.
 *
 * Every cache made here is known to `clearIsolateCaches`, so a test run that
 * keeps one isolate for many test files starts each file as a fresh isolate would.
 */
const caches = new Set<Map<unknown, unknown>>();

export type IsolateCache<K, V> = {
  get(key: K): V | undefined;
  /** Stores the entry as the newest, evicting the oldest when the cache is full. */
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
};

export function isolateCache<K, V>(maxEntries: number): IsolateCache<K, V> {
  const map = new Map<K, V>();
  caches.add(map);
  return {
    get: (key) => map.get(key),
    set(key, value) {
      map.delete(key);
      if (map.size >= maxEntries) map.delete(map.keys().next().value as K);
      map.set(key, value);
    },
    delete: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** Empties every isolate cache. */
export function clearIsolateCaches(): void {
  for (const map of caches) map.clear();
}
