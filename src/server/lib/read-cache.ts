// In-process cache of serialized read responses for content only admins write (courses, lessons, tutorials,
// blogs). Entries are JSON strings, so a hit costs no query and no serialization; `clear()` runs after every
// content write (the seed). See docs/decisions/0004-read-cache.md.
export class ReadCache {
  private readonly entries = new Map<string, Promise<string | null>>();

  constructor(private readonly maxEntries = 5_000) {}

  /** The cached JSON for `key`, computing it once. `load` resolves to the value to serialize, or `null` for a
   *  miss; misses and failures are not kept, so keys chosen by a client cannot fill the cache with junk. */
  get(key: string, load: () => Promise<unknown>): Promise<string | null> {
    let hit = this.entries.get(key);
    if (!hit) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      const pending = load().then((value) => (value === null ? null : JSON.stringify(value)));
      const forget = () => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      };
      pending.then((json) => json === null && forget(), forget);
      this.entries.set(key, pending);
      hit = pending;
    }
    return hit;
  }

  clear(): void {
    this.entries.clear();
  }
}
