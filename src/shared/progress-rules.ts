// The rules of learning progress without zod, so the browser's chunks can use them: the numbers, the pure range
// arithmetic the browser uses for a visitor's progress in localStorage, and the computations the server's SQL is
// built from (server/modules/progress/progress-rules-sql.ts, where the server merges and sums in SQL).

export const PROGRESS = {
  /** A lesson is completed when at least this share of it has been watched. */
  completeRatio: 0.9,
  /** In a course's percent, a lesson of unknown duration weighs the course's average, or this when none is known. */
  unknownWeight: 1,
  rangesMax: 500,
  /** Watched ranges less than this many seconds apart are kept as one (a player's seek noise, not a gap). */
  rangesJoinGap: 1,
  /** The most ranges kept per learner per lesson: beyond it the narrowest gaps are filled, so what one learner
   *  sends cannot grow their row (or the time to write it) without bound. */
  storedRangesMax: 100,
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

/** The ranges a learner's progress keeps: merged, neighbours less than `rangesJoinGap` apart joined, then, while
 *  more than `storedRangesMax` remain, the narrowest gaps filled (the leftmost first among equals). What is kept
 *  always covers what was given. Arithmetic in whole milliseconds, as the server stores them. */
export function boundRanges(input: readonly Range[]): Range[] {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const merged = mergeRanges(input);
  const gaps = merged.slice(1).map(([start], i) => ({ i, width: ms(start) - ms(merged[i][1]) }));
  const fill = new Set(gaps.filter((gap) => gap.width < ms(PROGRESS.rangesJoinGap)).map((gap) => gap.i));
  const rest = gaps.filter((gap) => !fill.has(gap.i)).sort((a, b) => a.width - b.width || a.i - b.i);
  for (const gap of rest.slice(0, Math.max(0, merged.length - fill.size - PROGRESS.storedRangesMax))) fill.add(gap.i);
  const kept: Range[] = [];
  merged.forEach(([start, end], i) => {
    if (i > 0 && fill.has(i - 1)) kept[kept.length - 1][1] = end;
    else kept.push([start, end]);
  });
  return kept;
}

/** Seconds covered by the ranges, each second counted once. */
export const coveredSeconds = (input: readonly Range[]) =>
  mergeRanges(input).reduce((sum, [start, end]) => sum + end - start, 0);

/** 0–100, rounded to one decimal. */
export const percentOf = (covered: number, duration: number | null) =>
  duration && duration > 0 ? Math.round(Math.min(100, (100 * covered) / duration) * 10) / 10 : 0;

/** The seconds that must be watched of a lesson of `duration` seconds for it to be completed. */
export const completionThreshold = (duration: number) => PROGRESS.completeRatio * duration;

export const isWatchedEnough = (covered: number, duration: number) => covered >= completionThreshold(duration);

/** A course's percent as answered: clamped to 0–100 and rounded to one decimal. */
export const roundPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

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
