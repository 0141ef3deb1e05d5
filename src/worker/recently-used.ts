/**
 * Puts `key` with `value` at the most recently used end of `entries` (a Map keeps insertion order, oldest first)
 * and drops the least recently used past `limit`. The worker's thread and the pool apply it to the same sequence
 * of catalog ids, so both keep the same list (WORKER_KEPT_CATALOGS).
 */
export function keepRecent<K, V>(entries: Map<K, V>, key: K, value: V, limit: number): void {
  entries.delete(key);
  entries.set(key, value);
  for (const oldest of entries.keys()) {
    if (entries.size <= limit) break;
    entries.delete(oldest);
  }
}
