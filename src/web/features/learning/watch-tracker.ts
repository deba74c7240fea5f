// What the learner actually watched, as time ranges: playback extends the current range, a jump (seek) starts a
// new one, so dragging the slider to the end covers nothing. Ranges wait here until a report takes them; a failed
// report gives them back, so a flaky connection loses nothing.
import { mergeRanges, type Range } from '../../../shared/progress-rules';

/** A jump larger than this between two time updates is a seek, not playback (updates come every ~250 ms). */
const MAX_STEP = 1.5;

export class WatchTracker {
  private pending: Range[] = [];
  private current: Range | null = null;
  private last: number | null = null;

  /** The player's time moved to `time` while playing. */
  tick(time: number): void {
    if (!Number.isFinite(time) || time < 0) return;
    const step = this.last === null ? Infinity : time - this.last;
    if (this.current && step >= 0 && step <= MAX_STEP) this.current[1] = time;
    else {
      this.close();
      this.current = [time, time];
    }
    this.last = time;
  }

  /** Playback stopped or jumped: the next tick starts a new range. */
  pause(): void {
    this.close();
    this.last = null;
  }

  private close(): void {
    if (this.current && this.current[1] > this.current[0]) this.pending.push(this.current);
    this.current = null;
  }

  /** Every range watched since the last take, merged; the range in progress is cut here and goes on after. */
  take(): Range[] {
    if (this.current && this.current[1] > this.current[0]) {
      this.pending.push([this.current[0], this.current[1]]);
      this.current = [this.current[1], this.current[1]];
    }
    const taken = mergeRanges(this.pending);
    this.pending = [];
    return taken;
  }

  /** A report failed: its ranges wait for the next one. */
  giveBack(ranges: Range[]): void {
    this.pending.push(...ranges);
  }
}
