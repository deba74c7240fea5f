// A visitor's progress, kept in this browser until they log in or sign up (then merged into the account and
// cleared). One entry per lesson: merged ranges, position, duration, an optional manual mark, when, and the course
// (so /learning can list courses without asking the server about every lesson).
import { useSyncExternalStore } from 'react';
import { coveredSeconds, isWatchedEnough, mergeRanges, percentOf, type Range } from '../../../shared/progress-rules';

import { LOCAL_PROGRESS_KEY } from '../../lib/session';

export { LOCAL_PROGRESS_KEY };

export interface LocalLesson {
  courseId: string;
  /** The lesson's title, for 'Resume: {lesson}' on screens that have no lesson list. */
  title: string;
  ranges: Range[];
  position: number;
  duration: number;
  completed: boolean | null;
  updatedAt: number;
}
export type LocalProgress = Record<string, LocalLesson>;

/** Which lesson a local entry is about. */
export interface LessonRef {
  lessonId: string;
  courseId: string;
  title: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isRange = (value: unknown): value is Range =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));

/** What is stored, with anything malformed (an old format, a hand edit) dropped. */
export function readLocalProgress(): LocalProgress {
  const raw = storage()?.getItem(LOCAL_PROGRESS_KEY);
  if (!raw) return {};
  try {
    const data = JSON.parse(raw) as unknown;
    if (!data || typeof data !== 'object') return {};
    const clean: LocalProgress = {};
    for (const [lessonId, value] of Object.entries(data as Record<string, Partial<LocalLesson>>)) {
      if (!value || typeof value.courseId !== 'string' || typeof value.duration !== 'number') continue;
      clean[lessonId] = {
        courseId: value.courseId,
        title: typeof value.title === 'string' ? value.title : '',
        ranges: Array.isArray(value.ranges) ? value.ranges.filter(isRange) : [],
        position: typeof value.position === 'number' ? value.position : 0,
        duration: value.duration,
        completed: typeof value.completed === 'boolean' ? value.completed : null,
        updatedAt: typeof value.updatedAt === 'number' ? value.updatedAt : 0,
      };
    }
    return clean;
  } catch {
    return {};
  }
}

function write(progress: LocalProgress): void {
  try {
    storage()?.setItem(LOCAL_PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // Full or disabled storage: a visitor's progress is best effort.
  }
  changed();
}

/** Adds a report to the lesson's entry: ranges united, the newest position kept. */
export function saveLocalReport(
  lesson: LessonRef,
  report: { ranges: Range[]; position: number; duration: number },
): LocalLesson {
  const progress = readLocalProgress();
  const before = progress[lesson.lessonId];
  const entry: LocalLesson = {
    courseId: lesson.courseId,
    title: lesson.title,
    ranges: mergeRanges([...(before?.ranges ?? []), ...report.ranges]),
    position: report.position,
    duration: report.duration,
    completed: before?.completed ?? null,
    updatedAt: Date.now(),
  };
  progress[lesson.lessonId] = entry;
  write(progress);
  return entry;
}

export function saveLocalMark(lesson: LessonRef, duration: number, completed: boolean): LocalLesson {
  const progress = readLocalProgress();
  const before = progress[lesson.lessonId];
  const entry: LocalLesson = {
    ranges: before?.ranges ?? [],
    position: before?.position ?? 0,
    courseId: lesson.courseId,
    title: lesson.title,
    duration: before?.duration ?? duration,
    completed,
    updatedAt: Date.now(),
  };
  progress[lesson.lessonId] = entry;
  write(progress);
  return entry;
}

export function clearLocalProgress(): void {
  storage()?.removeItem(LOCAL_PROGRESS_KEY);
  changed();
}

/** A local entry as the server would answer it. */
export function localState(entry: LocalLesson) {
  const covered = coveredSeconds(entry.ranges);
  return {
    position: entry.position,
    percent: percentOf(covered, entry.duration),
    completed: entry.completed ?? isWatchedEnough(covered, entry.duration),
  };
}

// Screens follow the local progress as it changes (this tab's reports, and other tabs' through `storage`).
const listeners = new Set<() => void>();
let snapshot: LocalProgress | null = null;

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => (snapshot ??= readLocalProgress());

if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => event.key === LOCAL_PROGRESS_KEY && changed());

// The server (and so the hydrating render) knows no visitor's progress: none, then this browser's (decision 0016).
const NONE: LocalProgress = {};
const serverSnapshot = () => NONE;

export function useLocalProgress(): LocalProgress {
  return useSyncExternalStore(subscribe, getSnapshot, serverSnapshot);
}
