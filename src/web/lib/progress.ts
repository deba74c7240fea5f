// The top progress bar's value (0 = hidden), moved by the api client around requests (10, 20, 30, 70, 100).
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let value = 0;
let inFlight = 0;

function set(next: number): void {
  if (next === value) return;
  value = next;
  for (const listener of listeners) listener();
}

export function setProgress(next: number): void {
  set(Math.max(0, Math.min(100, next)));
}

/** A request starts: the bar shows 10. */
export function requestStarted(): void {
  inFlight++;
  setProgress(Math.max(value === 100 ? 0 : value, 10));
}

/** A request moved on (30 when the answer arrives, 70 when its body is read); never moves the bar backwards. */
export function requestProgressed(step: 20 | 30 | 70): void {
  if (value < step) setProgress(step);
}

/** A request ended; the bar completes once nothing is in flight. */
export function requestEnded(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0) setProgress(100);
}

export function getProgress(): number {
  return value;
}

export function subscribeProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useProgress(): number {
  // A server-rendered page and its hydration start with the bar hidden.
  return useSyncExternalStore(subscribeProgress, getProgress, () => 0);
}
