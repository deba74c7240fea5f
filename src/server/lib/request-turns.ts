// Requests start in turns of the event loop, at most `sliceMs` of them per turn (docs/decisions/0022).
//
// Node accepts one new connection per turn of its event loop (libuv since 2022: level-triggered, one accept() per
// poll). A turn runs the callbacks of every socket that is ready, and with the embedded database each request's
// statements run right there, so under saturation a turn lasted 100–450 ms: new connections were accepted at 2–10
// a second and waited in the listen queue for up to 10 s (bench/soak.ts). Here each request waits for the check
// phase (setImmediate) before its work starts, and once the requests started in one turn have had `sliceMs`, the
// rest wait for the next turn, in which the loop polls again: accepts a connection, reads new requests.
import { performance } from 'node:perf_hooks';

export interface RequestTurns {
  /** Resolves when this request may start: in arrival order, within the current turn's slice. */
  take(): Promise<void>;
  /** Requests waiting for a turn (tests and metrics). */
  readonly waiting: number;
}

export function requestTurns(sliceMs: number): RequestTurns {
  let waiting = 0;
  let sliceStart = 0;
  let sliceMarked = false;

  // Immediates run in the order they were queued, each followed by its microtasks (the request's work, while the
  // embedded database answers in microtasks). A marker queued ahead of a turn's requests starts that turn's slice.
  const markSlice = () => {
    if (sliceMarked) return;
    sliceMarked = true;
    setImmediate(() => {
      sliceMarked = false;
      sliceStart = performance.now();
    });
  };
  const queue = (admit: () => void) => {
    markSlice();
    setImmediate(function turn() {
      if (performance.now() - sliceStart < sliceMs) return admit();
      // This turn's slice is spent: the loop polls for I/O, then this request is among the first of the next turn.
      markSlice();
      setImmediate(turn);
    });
  };

  return {
    take() {
      waiting += 1;
      return new Promise<void>((resolve) =>
        queue(() => {
          waiting -= 1;
          resolve();
        }),
      );
    },
    get waiting() {
      return waiting;
    },
  };
}
