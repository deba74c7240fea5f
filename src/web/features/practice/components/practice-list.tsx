// 'Practice' after a lesson's or a tutorial's content: its exercises and quizzes in the author's order, each a link to
// its page, with ✓ once the learner passed it. Nothing when there are none.
import { useId } from 'react';
import type { PracticeItem } from '../../../../shared/practice';
import { paths } from '../../../app/paths';
import { Link } from '../../../lib/router';
import { type PracticeOwner, usePracticeList } from '../api/get-practice-list';
import { PassedMark } from './passed-mark';
import './practice-list.css';

export const practiceItemPath = (item: Pick<PracticeItem, '_id' | 'kind'>) =>
  item.kind === 'exercise' ? paths.exercise(item._id) : paths.quiz(item._id);

export function PracticeList({ owner, ownerId }: { owner: PracticeOwner; ownerId: string }) {
  const list = usePracticeList(owner, ownerId);
  const headingId = useId();
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="practice-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="practice-list__title">
        Practice
      </h2>
      <ol className="practice-list__items">
        {items.map((item) => (
          <li key={item._id}>
            <Link className="practice-list__link" to={practiceItemPath(item)}>
              <span className="practice-list__kind">{item.kind === 'exercise' ? 'Exercise' : 'Quiz'}</span>
              <span className="practice-list__name">{item.title}</span>
              {item.passed && <PassedMark />}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
