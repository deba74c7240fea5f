import { describe, expect, it } from 'vitest';
import { requestTurns } from './request-turns';

/** Keeps the thread busy for `ms`, as a request whose statements run in this process does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* working */
  }
}

describe('requestTurns', () => {
  it('admits requests in arrival order', async () => {
    const turns = requestTurns(10);
    const order: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, i) => turns.take().then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(turns.waiting).toBe(0);
  });

  it('lets the event loop poll between slices while requests keep it busy', async () => {
    const turns = requestTurns(10);
    let started = 0;
    let startedWhenTheLoopPolled: number | null = null;
    const all = Promise.all(
      Array.from({ length: 40 }, () =>
        turns.take().then(() => {
          started += 1;
          busy(2);
        }),
      ),
    );
    // A timer fires in the next turn's timers phase, as a new connection is accepted in its poll phase: without
    // turns, the 40 requests (80 ms of work) would all run first.
    setTimeout(() => (startedWhenTheLoopPolled = started), 0);
    expect(turns.waiting).toBe(40);
    await all;
    expect(started).toBe(40);
    expect(startedWhenTheLoopPolled).not.toBeNull();
    expect(startedWhenTheLoopPolled).toBeLessThan(40);
  });

  it('admits at once, in the next check phase, when nothing else is waiting', async () => {
    const turns = requestTurns(10);
    let admitted = false;
    const taken = turns.take().then(() => (admitted = true));
    expect(admitted).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    await taken;
    expect(admitted).toBe(true);
  });
});
