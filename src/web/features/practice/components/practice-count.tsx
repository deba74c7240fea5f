// 'Practice 3 / 5': the practice items a learner passed of those in a course or a lesson, with ✓ once all are.
import type { PracticeCount } from '../../../../shared/practice';
import './practice-list.css';

export function PracticeCountLabel({ count }: { count: PracticeCount }) {
  if (count.total === 0) return null;
  const done = count.passed === count.total;
  return (
    <span className={done ? 'practice-count practice-count--done' : 'practice-count'}>
      {done && <span aria-hidden="true">✓ </span>}
      Practice {count.passed} / {count.total}
      <span className="visually-hidden"> passed</span>
    </span>
  );
}
