// Grading workers run at a low scheduling priority, each for its own thread only: learner code that spins must
// never take a core from the app's thread, which answers every reader.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGrader } from '.';

/** The nice value of each thread of this process, by thread id (Linux's /proc). */
function threadNices(): Map<string, number> {
  const nices = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      nices.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended while being read.
    }
  }
  return nices;
}

describe.skipIf(!fs.existsSync('/proc/self/task'))('grading priority', () => {
  it('lowers the grading threads to nice 10 and leaves the app thread as it was', async () => {
    const mainBefore = threadNices().get(String(process.pid));
    const lowered = () => [...threadNices().values()].filter((nice) => nice === 10).length;
    const before = lowered();
    const grader = createGrader({ javascriptWorkers: 1, pythonWorkers: 1 });
    try {
      const result = await grader.grade({
        language: 'javascript',
        code: 'let n = 0; while (true) n++;',
        tests: [],
        timeLimitMs: 200,
      });
      expect(result.verdict).toBe('timeout');
      expect(lowered()).toBe(before + 1);
      expect(threadNices().get(String(process.pid))).toBe(mainBefore);
    } finally {
      await grader.close();
    }
  }, 120_000);
});
