// Natural batching of writes ("group commit"): while a batch is in flight, new writes queue, and when it returns
// everything queued (up to a cap) goes in one statement. A batch starts in the check phase of the event loop
// (setImmediate), after the requests read in this turn have run: with PostgreSQL that is microseconds after the
// last batch returned or the first write came; with the embedded database, whose statements run right in the
// requests' microtasks, it is what lets the requests of one turn (decision 0022) share a statement at all. At low
// load nothing waits longer than that; under load one round trip and one commit serve many writes (decision 0024).

export interface GroupCommitOptions<Item, Result> {
  /** Writes the items in one statement and answers one result per item, in the items' order. Items never share a
   *  key. When it throws for several items, each is written again alone, so one bad item fails only itself. */
  run(items: Item[]): Promise<Result[]>;
  /** Items with the same key never share a batch (one statement cannot update a row twice), and are written in
   *  the order they were submitted. */
  key(item: Item): string;
  /** The most items in one batch. */
  maxBatch?: number;
}

interface Pending<Item, Result> {
  item: Item;
  key: string;
  resolve(result: Result): void;
  reject(err: unknown): void;
}

const GROUP_COMMIT_MAX_BATCH = 200;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class GroupCommit<Item, Result> {
  /** Statements run and the most items one of them carried (tests and profiling look at these). */
  readonly stats = { statements: 0, largest: 0 };
  private queue: Pending<Item, Result>[] = [];
  private writing = false;
  private readonly maxBatch: number;

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {
    this.maxBatch = options.maxBatch ?? GROUP_COMMIT_MAX_BATCH;
  }

  /** Resolves with the item's own result once its batch committed, or rejects with its own error. */
  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, key: this.options.key(item), resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  /** Writes batch after batch until nothing is queued; one batch in flight at a time. */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        await this.write(this.take());
        if (!this.queue.length) break;
        await nextTurn();
      }
    } finally {
      this.writing = false;
    }
  }

  /** The next batch: queued items in order, one per key, at most `maxBatch`. An item left behind holds back the
   *  later items of its key, so each key's items stay in order. */
  private take(): Pending<Item, Result>[] {
    const batch: Pending<Item, Result>[] = [];
    const rest: Pending<Item, Result>[] = [];
    const seen = new Set<string>();
    for (const pending of this.queue) {
      if (batch.length < this.maxBatch && !seen.has(pending.key)) batch.push(pending);
      else rest.push(pending);
      seen.add(pending.key);
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: Pending<Item, Result>[]): Promise<void> {
    try {
      const results = await this.runChecked(batch);
      batch.forEach((pending, i) => pending.resolve(results[i]));
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject(err);
        return;
      }
      // One statement is all or nothing: find out which items fail by writing each alone.
      for (const pending of batch) {
        try {
          pending.resolve((await this.runChecked([pending]))[0]);
        } catch (own) {
          pending.reject(own);
        }
      }
    }
  }

  private async runChecked(batch: Pending<Item, Result>[]): Promise<Result[]> {
    this.stats.statements += 1;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    const results = await this.options.run(batch.map((pending) => pending.item));
    if (results.length !== batch.length)
      throw new Error(`A batch of ${batch.length} writes answered ${results.length} results`);
    return results;
  }
}
