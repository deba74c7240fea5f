// At the end of a lesson: 'Up next: {title}' and a 5-second countdown the learner can cancel. With
// prefers-reduced-motion nothing moves and nothing happens by itself: the learner goes on with the button.
import { useEffect, useState } from 'react';
import { PROGRESS } from '../../../../shared/progress-rules';
import { Link } from '../../../lib/router';

interface UpNextProps {
  title: string;
  to: string;
  onGo: () => void;
  onCancel: () => void;
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

export function UpNext({ title, to, onGo, onCancel }: UpNextProps) {
  const [automatic] = useState(() => !prefersReducedMotion());
  const [left, setLeft] = useState<number>(PROGRESS.upNextSeconds);

  useEffect(() => {
    if (!automatic) return;
    if (left <= 0) {
      onGo();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [automatic, left, onGo]);

  return (
    <div className="up-next" role="status">
      <p className="up-next__title">Up next: {title}</p>
      {automatic && <p className="up-next__count">Starting in {left} s</p>}
      <div className="up-next__actions">
        <Link className="button" to={to}>
          Play now
        </Link>
        {automatic && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
