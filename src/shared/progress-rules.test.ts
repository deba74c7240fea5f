import { describe, expect, it } from 'vitest';
import {
  boundRanges,
  completionThreshold,
  coveredSeconds,
  isWatchedEnough,
  PROGRESS,
  type Range,
  roundPercent,
} from './progress-rules';

describe('boundRanges: the ranges a learner’s progress keeps', () => {
  it('joins ranges less than a second apart and keeps the others exactly', () => {
    expect(
      boundRanges([
        [30, 40],
        [0, 10],
        [10.5, 20],
        [40.999, 50],
        [51, 60],
      ]),
    ).toEqual([
      [0, 20],
      [30, 50],
      [51, 60],
    ]);
    expect(boundRanges([])).toEqual([]);
  });

  it(`keeps at most ${PROGRESS.storedRangesMax} ranges by filling the narrowest gaps, covering all it was given`, () => {
    // 100 groups 10 s apart of three 1 ms ranges 2 s apart: 300 ranges, 200 gaps of 1.999 s and 99 of 5.999 s.
    const input = Array.from({ length: 300 }, (_, i): Range => {
      const start = Math.floor(i / 3) * 10 + (i % 3) * 2;
      return [start, start + 0.001];
    });
    const kept = boundRanges(input);
    expect(kept.length).toBeLessThanOrEqual(PROGRESS.storedRangesMax);
    for (const [start, end] of input) expect(kept.some(([s, e]) => s <= start && end <= e)).toBe(true);
    // Only the narrow gaps were filled: one range per group.
    expect(kept).toHaveLength(100);
    expect(coveredSeconds(kept)).toBeCloseTo(100 * 4.001, 6);
  });
});

describe('the completion threshold and a course percent', () => {
  it('completes a lesson at 90% watched', () => {
    expect(completionThreshold(200)).toBe(180);
    expect(isWatchedEnough(179.999, 200)).toBe(false);
    expect(isWatchedEnough(180, 200)).toBe(true);
  });

  it('clamps a percent to 0–100 and rounds it to one decimal', () => {
    expect(roundPercent(33.333)).toBe(33.3);
    expect(roundPercent(66.66)).toBe(66.7);
    expect(roundPercent(100.4)).toBe(100);
    expect(roundPercent(-2)).toBe(0);
  });
});
