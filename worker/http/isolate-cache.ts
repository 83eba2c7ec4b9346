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

/** A cached answer read at `at`; `readingSince` marks a request reading it again. */
export type Refreshable = { at: number; readingSince?: number };

/**
 * Whether this request should read a cached answer again, and if so marks it
 * as being read. An answer younger than `freshMs` is used as it is. Once
 * older, the first request reads it again, and requests that come while that
 * read is under way use the last answer instead of each reading the same row
 * (a burst of requests of one caller reads once), but never an answer older
 * than `maxAgeMs`: past that every request reads. The new answer replaces the
 * entry (and its mark).
 */
export function claimRead(entry: Refreshable | undefined, now: number, freshMs: number, maxAgeMs: number): boolean {
  if (!entry) return true;
  const age = now - entry.at;
  if (age < freshMs || (age < maxAgeMs && entry.readingSince !== undefined)) return false;
  entry.readingSince = now;
  return true;
}

/** Empties every isolate cache. */
export function clearIsolateCaches(): void {
  for (const map of caches) map.clear();
}
