// In-process cache of serialized read responses for content only admins write (courses, lessons, tutorials,
// blogs). Entries are JSON strings, so a hit costs no query and no serialization; `clear()` runs after every
// content write, in every process that shares the database (plugins/content-cache.ts). See
// docs/decisions/0004-read-cache.md and 0008-studio-roles-drafts-invalidation.md.
export class ReadCache {
  private readonly entries = new Map<string, Promise<string | null>>();

  /** While off, every read loads afresh and nothing is kept (the process may be missing invalidations). */
  private enabled = true;

  constructor(private readonly maxEntries = 5_000) {}

  /** The cached JSON for `key`, computing it once. `load` resolves to the value to serialize, or `null` for a
   *  miss; misses and failures are not kept, so keys chosen by a client cannot fill the cache with junk. */
  get(key: string, load: () => Promise<unknown>): Promise<string | null> {
    if (!this.enabled) return load().then((value) => (value === null ? null : JSON.stringify(value)));
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

  /** Off: clears and stops keeping entries until turned on again (which clears once more). */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.entries.clear();
  }
}
