// The rules of learning progress (issue 9) without zod, so the browser's chunks can use them: the numbers, and the
// pure range arithmetic the browser uses for a visitor's progress in localStorage (the server merges in SQL).

export const PROGRESS = {
  /** A lesson is completed when at least this share of it has been watched. */
  completeRatio: 0.9,
  rangesMax: 500,
  /** A reported duration may differ from the lesson's known one by this share (players round differently). */
  durationTolerance: 0.05,
  /** No video is longer than a day: a larger duration is a broken report. */
  durationMax: 24 * 60 * 60,
  /** The player reports this often while playing. */
  reportEveryMs: 10_000,
  /** Resuming in the first seconds or the last share of a lesson starts it over instead. */
  resumeSkipStart: 5,
  resumeSkipEndRatio: 0.05,
  /** Lessons in one visitor merge (a visitor's localStorage at login). */
  mergeLessonsMax: 200,
  /** 'Up next' waits this long before going on. */
  upNextSeconds: 5,
} as const;

export type Range = [number, number];

/** The ranges sorted and united: overlapping, touching and duplicate ranges become one; empty ones go. */
export function mergeRanges(input: readonly Range[]): Range[] {
  const sorted = input.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Seconds covered by the ranges, each second counted once. */
export const coveredSeconds = (input: readonly Range[]) =>
  mergeRanges(input).reduce((sum, [start, end]) => sum + end - start, 0);

/** 0–100, rounded to one decimal. */
export const percentOf = (covered: number, duration: number | null) =>
  duration && duration > 0 ? Math.round(Math.min(100, (100 * covered) / duration) * 10) / 10 : 0;

export const isWatchedEnough = (covered: number, duration: number) => covered >= PROGRESS.completeRatio * duration;

/** Where the player starts for a saved position: there, unless it is in the first seconds or the last 5%. */
export function resumePosition(position: number, duration: number | null): number {
  if (position < PROGRESS.resumeSkipStart) return 0;
  if (duration && position >= duration * (1 - PROGRESS.resumeSkipEndRatio)) return 0;
  return position;
}

/** What is wrong with a report's ranges and position for a lesson of `duration` seconds, or null. */
export function rangesProblem(input: readonly Range[], position: number, duration: number): string | null {
  for (const [i, [start, end]] of input.entries()) {
    if (end < start) return `ranges[${i}]: end (${end}) is before start (${start})`;
    if (start < 0 || end > duration)
      return `ranges[${i}]: [${start}, ${end}] is outside the lesson [0, ${duration}] seconds`;
  }
  if (position < 0 || position > duration)
    return `position (${position}) is outside the lesson [0, ${duration}] seconds`;
  return null;
}
