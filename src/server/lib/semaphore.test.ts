import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

describe('createSemaphore', () => {
  it('runs at most `slots` tasks at once, in arrival order, and frees a slot when a task fails', async () => {
    const semaphore = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const task = (i: number, fail = false) =>
      semaphore.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        if (fail) throw new Error(`task ${i} failed`);
        return i;
      });
    const results = [task(0, true), task(1), task(2), task(3)].map((p) => p.catch((e: Error) => e.message));
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1]);
    for (let open = gates.shift(); open; open = gates.shift()) {
      open();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(results)).toEqual(['task 0 failed', 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
  });
});
