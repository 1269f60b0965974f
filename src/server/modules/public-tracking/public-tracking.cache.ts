/**
 * A small in-process cache that also coalesces: every key asked while its answer is younger than `ttlMs`
 * (or still being loaded) shares one load, so a number asked by many readers at once, or by one reader
 * refreshing, costs one database query per `ttlMs`. Keys missing from the cache are loaded together in one
 * call. At most `maxEntries` keys are kept; the oldest go first. A failed load is forgotten at once, so
 * the next request tries again instead of replaying the failure.
 */
export interface CoalescingCache<V> {
  /** The value (null: the loader found nothing) of every key, in a map. */
  getMany(keys: readonly string[]): Promise<Map<string, V | null>>;
  readonly size: number;
}

export interface CoalescingCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** Loads the given keys at once; keys absent from the answer are "not found". */
  loadMany(keys: string[]): Promise<Map<string, V>>;
}

interface Entry<V> {
  until: number;
  value: Promise<V | null>;
}

export function createCoalescingCache<V>(opts: CoalescingCacheOptions<V>): CoalescingCache<V> {
  const entries = new Map<string, Entry<V>>();

  function put(key: string, entry: Entry<V>) {
    // Re-inserting moves the key to the end of the map's order, so the first key is always the oldest.
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    get size() {
      return entries.size;
    },
    async getMany(keys) {
      const now = Date.now();
      const answers = new Map<string, Promise<V | null>>();
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const hit = entries.get(key);
        if (hit && hit.until > now) answers.set(key, hit.value);
        else missing.push(key);
      }
      if (missing.length) {
        const batch = opts.loadMany(missing);
        for (const key of missing) {
          const value = batch.then((found) => found.get(key) ?? null);
          const entry = { until: now + opts.ttlMs, value };
          put(key, entry);
          answers.set(key, value);
          value.catch(() => {
            if (entries.get(key) === entry) entries.delete(key);
          });
        }
      }
      const out = new Map<string, V | null>();
      for (const [key, value] of answers) out.set(key, await value);
      return out;
    },
  };
}
