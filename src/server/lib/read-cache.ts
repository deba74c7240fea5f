// In-process cache of serialized read responses for content only admins write (courses, lessons, tutorials,
// blogs), and of the server-rendered pages made from them (issue 10). Entries are finished strings, so a hit costs
// no query, no serialization and no render; `clear()` runs after every content write, in every process that shares
// the database (plugins/content-cache.ts). See docs/decisions/0004-read-cache.md, 0008 and 0016.

/** Values computed once per key until cleared. Misses (`null`) and failures are not kept, so keys chosen by a
 *  client cannot fill it with junk; bounded. */
export class MemoCache<T> {
  private readonly entries = new Map<string, Promise<T | null>>();

  /** While off, every read loads afresh and nothing is kept (the process may be missing invalidations). */
  private enabled = true;

  constructor(private readonly maxEntries = 5_000) {}

  get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (!this.enabled) return load();
    let hit = this.entries.get(key);
    if (!hit) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      // Stored before it resolves: a clear() while it loads drops it, so a value read before a change is never kept.
      const pending = load();
      const forget = () => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      };
      pending.then((value) => value === null && forget(), forget);
      this.entries.set(key, pending);
      hit = pending;
    }
    return hit;
  }

  /** How many keys are held (tests check the bound). */
  get size(): number {
    return this.entries.size;
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

/** The cached JSON for a key: `load` resolves to the value to serialize, or `null` for a miss. */
export class ReadCache {
  private readonly memo: MemoCache<string>;

  constructor(maxEntries = 5_000) {
    this.memo = new MemoCache<string>(maxEntries);
  }

  get(key: string, load: () => Promise<unknown>): Promise<string | null> {
    return this.memo.get(key, () => load().then((value) => (value === null ? null : JSON.stringify(value))));
  }

  get size(): number {
    return this.memo.size;
  }

  clear(): void {
    this.memo.clear();
  }

  setEnabled(enabled: boolean): void {
    this.memo.setEnabled(enabled);
  }
}
