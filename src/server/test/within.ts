// Waiting for a condition in tests (a notification from another connection or process), not for a fixed time.

/** Polls `check` every 10 ms until it holds or `limitMs` passes; answers whether it held. */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}
