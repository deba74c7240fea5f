// 'Practice' after a lesson's or a tutorial's content in the Studio: its exercises and quizzes in order (kind,
// title, and for an exercise whether its check passed, with the failures), Move up / Move down by keyboard (the
// lessons' reordering, one PUT …/practice-order with every id), Edit, Delete (asks first), and Add exercise / Add
// quiz. One form is open at a time, under the list. What the server refuses is shown as it said it.
import { useId, useMemo, useRef, useState } from 'react';
import type { StudioExercise, StudioQuiz } from '../../../../shared/practice';
import { showAlert } from '../../../components/alert-banner';
import { Loading } from '../../../components/loading';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RowButton } from '../components/row-button';
import { useListOrder } from '../components/use-lesson-order';
import { useDeletePracticeItem } from './api/delete-practice-item';
import { usePracticeItems } from './api/get-practice-items';
import type { PracticeOwner, StudioPracticeItem } from './api/practice-keys';
import { useReorderPractice } from './api/reorder-practice';
import { CheckResult } from './check-result';
import { ExerciseForm, LANGUAGE_NAMES } from './exercise-form';
import { Heading, useElementMap, type HeadingLevel } from './practice-fields';
import { QuizForm } from './quiz-form';

const KIND_NAMES = { exercise: 'Exercise', quiz: 'Quiz' } as const;

/** The open form: which kind, which item (null: a new one), and a session number that gives each opening its own
 *  state (the form keeps its item after its first save creates it). */
interface OpenForm {
  kind: StudioPracticeItem['kind'];
  id: string | null;
  session: number;
}

interface PracticeSectionProps {
  owner: PracticeOwner;
  /** 'lesson' or 'tutorial', for the texts. */
  noun: string;
  /** The section's heading level; the forms' headings are one below. */
  headingLevel: 2 | 4;
  readOnly?: boolean;
}

export function PracticeSection({ owner, noun, headingLevel, readOnly = false }: PracticeSectionProps) {
  const headingId = useId();
  const hintId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = usePracticeItems(owner);
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState<OpenForm | null>(null);
  const sessions = useRef(0);
  const reorder = useReorderPractice(owner);
  const order = useListOrder(items, (ids, onError) => reorder.mutate(ids, { onError }), setAnnouncement);
  const remove = useDeletePracticeItem(owner);
  const [deleting, setDeleting] = useState<StudioPracticeItem | null>(null);
  const openers = useElementMap<HTMLButtonElement>();

  function openForm(kind: StudioPracticeItem['kind'], id: string | null) {
    sessions.current += 1;
    setOpen({ kind, id, session: sessions.current });
  }

  /** Closing puts focus back on what opened the form: the item's Edit button, or Add exercise / Add quiz. */
  function closeForm() {
    const current = open;
    setOpen(null);
    if (!current) return;
    const opener = current.id ? `edit:${current.id}` : `add:${current.kind}`;
    openers.focusSoon(opener, () => heading.current);
  }

  function saved(item: StudioPracticeItem, created: boolean) {
    if (created) {
      setOpen((current) => (current ? { ...current, id: item._id } : current));
      setAnnouncement(`Added ${KIND_NAMES[item.kind].toLowerCase()} “${item.title}” as item ${items.length + 1}.`);
    }
  }

  function confirmDelete(item: StudioPracticeItem) {
    remove.mutate(item, {
      onSuccess: () => {
        setDeleting(null);
        setAnnouncement(`Deleted “${item.title}”.`);
        if (open?.id === item._id) setOpen(null);
        heading.current?.focus();
      },
      onError: (err) => {
        setDeleting(null);
        showAlert(err.message, 'danger');
      },
    });
  }

  const openItem = open?.id ? items.find((item) => item._id === open.id) : undefined;
  const formLevel = (headingLevel + 1) as HeadingLevel;

  return (
    <section className="studio-practice" aria-labelledby={headingId}>
      <div className="studio-section__head">
        <Heading level={headingLevel} id={headingId} ref={heading} focusable className="studio-practice__title">
          Practice
        </Heading>
        <div className="studio-practice__add">
          <button
            type="button"
            className="button button--small"
            ref={openers.keep('add:exercise')}
            onClick={() => openForm('exercise', null)}
          >
            Add exercise
          </button>
          <button
            type="button"
            className="button button--small"
            ref={openers.keep('add:quiz')}
            onClick={() => openForm('quiz', null)}
          >
            Add quiz
          </button>
        </div>
      </div>
      <p id={hintId} className="studio-hint">
        Exercises and quizzes learners meet after this {noun}&apos;s content, in this order. Change it with the Move up
        and Move down buttons.
      </p>
      {query.isPending ? (
        <Loading label="Loading the practice items…" />
      ) : query.isError ? (
        <div className="studio-notice" role="alert">
          <p>The practice items could not be loaded: {query.error.message}</p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="empty-state">No practice items yet.</p>
      ) : (
        <ol className="lesson-list practice-list" aria-describedby={hintId}>
          {items.map((item, index) => (
            <li key={item._id} className="lesson-row practice-row">
              <div className="lesson-row__main">
                <span className="lesson-row__number" aria-hidden="true">
                  {index + 1}.
                </span>
                <span className="practice-row__kind">
                  {KIND_NAMES[item.kind]}
                  {item.kind === 'exercise' && ` · ${LANGUAGE_NAMES[item.language]}`}
                  <span className="visually-hidden">:</span>
                </span>
                <span className="lesson-row__title">{item.title}</span>
                {item.kind === 'exercise' && item.valid && (
                  <span className="practice-row__valid">
                    <span aria-hidden="true">✓ </span>Checked
                  </span>
                )}
                <div className="lesson-row__actions">
                  <button
                    type="button"
                    className="icon-button lesson-row__move"
                    aria-label={`Move ${item.title} up`}
                    disabled={index === 0}
                    ref={order.moveButtonRef(item._id, 'up')}
                    onClick={() => order.move(index, 'up')}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className="icon-button lesson-row__move"
                    aria-label={`Move ${item.title} down`}
                    disabled={index === items.length - 1}
                    ref={order.moveButtonRef(item._id, 'down')}
                    onClick={() => order.move(index, 'down')}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <RowButton
                    action="Edit"
                    name={item.title}
                    ref={openers.keep(`edit:${item._id}`)}
                    onClick={() => openForm(item.kind, item._id)}
                  />
                  <RowButton action="Delete" name={item.title} onClick={() => setDeleting(item)} />
                </div>
              </div>
              {item.kind === 'exercise' && !item.valid && (
                <div className="practice-row__check">
                  <CheckResult exercise={item} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {open?.kind === 'exercise' && (
        <ExerciseForm
          key={open.session}
          owner={owner}
          exercise={(openItem as StudioExercise | undefined) ?? null}
          headingLevel={formLevel}
          readOnly={readOnly}
          onSaved={saved}
          onClose={closeForm}
        />
      )}
      {open?.kind === 'quiz' && (
        <QuizForm
          key={open.session}
          owner={owner}
          quiz={(openItem as StudioQuiz | undefined) ?? null}
          headingLevel={formLevel}
          onSaved={saved}
          onClose={closeForm}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete this ${deleting.kind}?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => confirmDelete(deleting)}
        >
          <p>
            “{deleting.title}” will be deleted with every learner&apos;s{' '}
            {deleting.kind === 'exercise' ? 'submissions' : 'attempts'}. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
