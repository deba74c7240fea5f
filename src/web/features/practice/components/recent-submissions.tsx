// The signed-in learner's recent submissions of an exercise (newest first), read when the list is opened.
import { useState } from 'react';
import { LocalDate } from '../../../components/local-date';
import { useSubmissions } from '../api/exercise-submissions';

const VERDICT_WORDS = { passed: '✓ Passed', failed: '✗ Failed', error: '✗ Error', timeout: '✗ Timed out' } as const;

export function RecentSubmissions({ exerciseId }: { exerciseId: string }) {
  const [open, setOpen] = useState(false);
  const list = useSubmissions(exerciseId, open);
  const submissions = list.data?.submissions ?? [];
  return (
    <details className="practice-section practice-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="practice-section__title">Your recent submissions</summary>
      {list.isPending && open && <p>Loading…</p>}
      {list.isError && <p role="alert">The submissions could not be loaded: {list.error.message}</p>}
      {list.isSuccess && submissions.length === 0 && <p>No submissions yet.</p>}
      <ol className="practice-history__list">
        {submissions.map((s) => (
          <li key={s._id}>
            <p>
              <strong>{VERDICT_WORDS[s.verdict]}</strong> · {s.tests.filter((t) => t.passed).length} / {s.tests.length}{' '}
              tests · <LocalDate iso={s.createdAt} />
            </p>
            <details>
              <summary>Code</summary>
              <pre className="practice-code practice-code--static">
                <code>{s.code}</code>
              </pre>
            </details>
          </li>
        ))}
      </ol>
    </details>
  );
}
