// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { coveredSeconds, mergeRanges, rangesProblem, resumePosition } from '../../../shared/progress-rules';
import { formatClock, parseStartTime } from '../../lib/time-format';
import { clearLocalProgress, readLocalProgress, saveLocalMark, saveLocalReport } from './local-progress';
import { fromLocal } from './progress-model';
import { activeCue, parseVtt } from './vtt';
import { WatchTracker } from './watch-tracker';

describe('mergeRanges', () => {
  it('unites overlapping, touching, duplicate and out-of-order ranges and drops empty ones', () => {
    expect(
      mergeRanges([
        [20, 30],
        [0, 10],
        [5, 12],
        [12, 15],
        [20, 30],
        [40, 40],
      ]),
    ).toEqual([
      [0, 15],
      [20, 30],
    ]);
    expect(
      coveredSeconds([
        [0, 10],
        [5, 15],
        [5, 15],
      ]),
    ).toBe(15);
  });

  it('names what is wrong with a report', () => {
    expect(rangesProblem([[0, 10]], 5, 100)).toBeNull();
    expect(rangesProblem([[10, 5]], 0, 100)).toMatch(/end .* before start/);
    expect(rangesProblem([[0, 101]], 0, 100)).toMatch(/outside/);
    expect(rangesProblem([], 101, 100)).toMatch(/position/);
  });

  it('starts over instead of resuming in the first 5 s or the last 5%', () => {
    expect(resumePosition(4, 100)).toBe(0);
    expect(resumePosition(96, 100)).toBe(0);
    expect(resumePosition(192, 600)).toBe(192);
  });
});

describe('WatchTracker', () => {
  it('counts playback and not seeks', () => {
    const tracker = new WatchTracker();
    for (let t = 0; t <= 10; t += 0.25) tracker.tick(t);
    tracker.pause(); // a seek
    tracker.tick(95);
    tracker.tick(95.25);
    expect(tracker.take()).toEqual([
      [0, 10],
      [95, 95.25],
    ]);
    expect(tracker.take()).toEqual([]);
  });

  it('a jump between two updates starts a new range', () => {
    const tracker = new WatchTracker();
    tracker.tick(0);
    tracker.tick(1);
    tracker.tick(60); // the slider dragged while playing
    tracker.tick(61);
    expect(tracker.take()).toEqual([
      [0, 1],
      [60, 61],
    ]);
  });

  it('keeps the ranges of a failed report for the next one', () => {
    const tracker = new WatchTracker();
    tracker.tick(0);
    tracker.tick(1);
    const failed = tracker.take();
    tracker.tick(1.25);
    tracker.giveBack(failed);
    expect(tracker.take()).toEqual([[0, 1.25]]);
  });
});

describe('time', () => {
  it('formats clocks and reads ?t=', () => {
    expect(formatClock(192)).toBe('3:12');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(parseStartTime('192')).toBe(192);
    expect(parseStartTime('3m12s')).toBe(192);
    expect(parseStartTime('1h2m3s')).toBe(3723);
    expect(parseStartTime('3:12')).toBe(192);
    for (const bad of ['', 'abc', '-5', '3x', null]) expect(parseStartTime(bad)).toBeNull();
  });
});

describe('parseVtt', () => {
  it('reads cues with their times, without tags, skipping notes and broken blocks', () => {
    const cues = parseVtt(
      'WEBVTT\n\nNOTE a comment\n\n1\n00:00:00.000 --> 00:00:02.500\n<v Ada>Hello &amp; welcome</v>\n\n00:01:02.000 --> 00:01:04.000 align:start\nSecond\nline\n\nbroken --> x\nnope\n',
    );
    expect(cues).toEqual([
      { start: 0, end: 2.5, text: 'Hello & welcome' },
      { start: 62, end: 64, text: 'Second line' },
    ]);
    expect(activeCue(cues, 1)).toBe(0);
    expect(activeCue(cues, 10)).toBe(-1);
    expect(activeCue(cues, 63)).toBe(1);
    expect(parseVtt('not a vtt file')).toEqual([]);
  });
});

describe('a visitor’s local progress', () => {
  beforeEach(() => clearLocalProgress());
  const lessons = [
    { _id: 'l1', title: 'One', link: '', description: '', captions: null, duration: 100 },
    { _id: 'l2', title: 'Two', link: '', description: '', captions: null, duration: 300 },
  ];
  const ref = (lessonId: string, title: string) => ({ lessonId, courseId: 'c', title });

  it('unites reports per lesson and computes the course like the server', () => {
    saveLocalReport(ref('l1', 'One'), { ranges: [[0, 50]], position: 50, duration: 100 });
    saveLocalReport(ref('l1', 'One'), { ranges: [[40, 95]], position: 95, duration: 100 });
    expect(readLocalProgress().l1.ranges).toEqual([[0, 95]]);
    const course = fromLocal(readLocalProgress(), 'c', lessons);
    expect(course.marks.l1).toEqual({ percent: 95, completed: true, position: 95 });
    expect(course.percent).toBe(25);
    expect(course.resume).toEqual({ lessonId: 'l2', title: 'Two', position: 0 });
    saveLocalMark(ref('l2', 'Two'), 300, true);
    expect(fromLocal(readLocalProgress(), 'c', lessons)).toMatchObject({ percent: 100, resume: null });
  });

  it('survives junk in storage', () => {
    localStorage.setItem(
      'devcourses-progress',
      '{"l1": 5, "l2": {"courseId": "c", "duration": 10, "ranges": [[0, "x"]]}}',
    );
    expect(readLocalProgress()).toEqual({
      l2: { courseId: 'c', title: '', ranges: [], position: 0, duration: 10, completed: null, updatedAt: 0 },
    });
    localStorage.setItem('devcourses-progress', 'not json');
    expect(readLocalProgress()).toEqual({});
  });
});
