// Waiting for a condition in tests (a notification from another connection or process), not for a fixed time.

/** Polls `check` every 10 ms until it holds or `limitMs` passes; answers the milliseconds it took, or null. */
export async function timeWithin(limitMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return (await check()) ? performance.now() - started : null;
}

/** Polls `check` every 10 ms until it holds or `limitMs` passes; answers whether it held. */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<boolean> {
  return (await timeWithin(limitMs, check)) !== null;
}
