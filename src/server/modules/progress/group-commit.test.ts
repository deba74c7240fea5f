import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

interface Write {
  key: string;
  value: number;
}

/** A runner whose statements finish when the test says so; it records each batch it was given. */
function heldRunner(fail: (write: Write) => boolean = () => false) {
  const batches: Write[][] = [];
  const waiting: (() => void)[] = [];
  const run = async (items: Write[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => waiting.push(resolve));
    const bad = items.find(fail);
    if (bad) throw new Error(`bad ${bad.key}`);
    return items.map((item) => `${item.key}=${item.value}`);
  };
  /** Lets the oldest statement in flight finish, and waits until the committer has started the next one (it
   *  starts each batch in the check phase, after the statement's answer). */
  const finishOne = async () => {
    const next = waiting.shift();
    if (!next) throw new Error('no statement in flight');
    next();
    await turn();
    await turn();
  };
  return { run, batches, finishOne, inFlight: () => waiting.length };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const write = (key: string, value: number): Write => ({ key, value });

describe('GroupCommit', () => {
  it('sends a lone write alone, in the check phase of the same turn of the event loop', async () => {
    const runner = heldRunner();
    const commit = new GroupCommit({ run: runner.run, key: (w: Write) => w.key });
    const answer = commit.submit(write('a', 1));
    await turn();
    expect(runner.batches).toEqual([[write('a', 1)]]);
    await runner.finishOne();
    await expect(answer).resolves.toBe('a=1');
  });

  it('queues writes while a batch is in flight and sends them together, each getting its own result', async () => {
    const runner = heldRunner();
    const commit = new GroupCommit({ run: runner.run, key: (w: Write) => w.key });
    const first = commit.submit(write('a', 1));
    await turn();
    const queued = ['b', 'c', 'd'].map((key, i) => commit.submit(write(key, i)));
    expect(runner.batches).toHaveLength(1);
    await runner.finishOne();
    expect(runner.batches[1]).toEqual([write('b', 0), write('c', 1), write('d', 2)]);
    await runner.finishOne();
    expect(await first).toBe('a=1');
    expect(await Promise.all(queued)).toEqual(['b=0', 'c=1', 'd=2']);
    expect(commit.stats).toEqual({ statements: 2, largest: 3 });
  });

  it('never puts two writes of one key in a batch, and keeps each key’s writes in order', async () => {
    const runner = heldRunner();
    const commit = new GroupCommit({ run: runner.run, key: (w: Write) => w.key });
    const answers = [
      commit.submit(write('a', 1)),
      commit.submit(write('a', 2)),
      commit.submit(write('b', 1)),
      commit.submit(write('a', 3)),
      commit.submit(write('c', 1)),
      commit.submit(write('b', 2)),
    ];
    await turn();
    while (runner.inFlight()) await runner.finishOne();
    expect(runner.batches).toEqual([
      [write('a', 1), write('b', 1), write('c', 1)],
      [write('a', 2), write('b', 2)],
      [write('a', 3)],
    ]);
    expect(await Promise.all(answers)).toEqual(['a=1', 'a=2', 'b=1', 'a=3', 'c=1', 'b=2']);
  });

  it('sends at most maxBatch writes in one statement, the rest in order after', async () => {
    const runner = heldRunner();
    const commit = new GroupCommit({ run: runner.run, key: (w: Write) => w.key, maxBatch: 2 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((key) => commit.submit(write(key, 0)));
    await turn();
    while (runner.inFlight()) await runner.finishOne();
    expect(runner.batches.map((batch) => batch.map((w) => w.key))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(await Promise.all(answers)).toEqual(['a=0', 'b=0', 'c=0', 'd=0', 'e=0']);
  });

  it('writes a failed batch again one by one, so only the bad write fails', async () => {
    const runner = heldRunner((w) => w.key === 'bad');
    const commit = new GroupCommit({ run: runner.run, key: (w: Write) => w.key });
    const first = commit.submit(write('a', 0));
    await turn();
    const batch = [commit.submit(write('b', 0)), commit.submit(write('bad', 0)), commit.submit(write('c', 0))];
    const settled = Promise.allSettled(batch);
    await turn();
    while (runner.inFlight()) await runner.finishOne();
    expect(await first).toBe('a=0');
    const results = await settled;
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'b=0',
      'bad bad',
      'c=0',
    ]);
    // a; then b, bad and c together; then each alone.
    expect(runner.batches.map((b) => b.length)).toEqual([1, 3, 1, 1, 1]);
  });

  it('fails every write of a statement that answers the wrong number of results, one by one', async () => {
    const commit = new GroupCommit({ run: async () => [] as string[], key: (w: Write) => w.key });
    await expect(commit.submit(write('a', 0))).rejects.toThrow(/1 writes answered 0 results/);
  });

  it('goes on with the queue after a failure', async () => {
    let calls = 0;
    const commit = new GroupCommit({
      run: async (items: Write[]) => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return items.map((w) => w.key);
      },
      key: (w: Write) => w.key,
    });
    await expect(commit.submit(write('a', 0))).rejects.toThrow('down');
    await expect(commit.submit(write('b', 0))).resolves.toBe('b');
  });
});
