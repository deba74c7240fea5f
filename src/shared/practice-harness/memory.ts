// A ceiling on WebAssembly memory growth for the thread it is installed in (a grading worker, the runner's Worker).
// Emscripten grows its heap by calling `memory.grow` from JavaScript; past the ceiling the call throws, Emscripten
// reports the allocation as failed, and the engine raises its own out-of-memory error (Python's MemoryError)
// instead of taking the machine's memory. Install it before the engine loads; set the ceiling once it is ready.
export interface WasmMemoryCap {
  /** Lets every memory grow to at most its current size plus `headroomBytes`. */
  limitTo(headroomBytes: number): void;
  /** Whether a growth was refused since the last call (the heap is near its ceiling: a fresh engine is better). */
  exhausted(): boolean;
}

export function capWasmMemoryGrowth(): WasmMemoryCap {
  const proto = WebAssembly.Memory.prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the memory as `this`
  const grow = proto.grow;
  const ceilings = new WeakMap<WebAssembly.Memory, number>();
  let headroom: number | null = null;
  let refused = false;
  proto.grow = function (this: WebAssembly.Memory, delta: number): number {
    if (headroom !== null) {
      let ceiling = ceilings.get(this);
      if (ceiling === undefined) {
        ceiling = this.buffer.byteLength + headroom;
        ceilings.set(this, ceiling);
      }
      if (this.buffer.byteLength + delta * 65_536 > ceiling) {
        refused = true;
        throw new RangeError('WebAssembly memory limit reached');
      }
    }
    return grow.call(this, delta);
  };
  return {
    limitTo(bytes) {
      headroom = bytes;
    },
    exhausted() {
      const was = refused;
      refused = false;
      return was;
    },
  };
}
