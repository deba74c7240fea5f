// A course's lessons in order. Keyboard: 'Move … up' / 'Move … down' buttons (focus stays on the moved lesson);
// mouse: drag a lesson by its handle. Either way the whole new order goes to PUT …/lesson-order, and a polite
// live region says where the lesson went.
import { type DragEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import type { StudioCourse, StudioLesson } from '../../../../shared/studio';
import { showAlert } from '../../../components/alert-banner';
import { useDeleteLesson } from '../api/delete-lesson';
import { useReorderLessons } from '../api/reorder-lessons';
import { AddLessonDialog } from './add-lesson-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { LessonEditor } from './lesson-editor';
import { RowButton } from './row-button';

/** `ids` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

type Direction = 'up' | 'down';

export function LessonList({ course, readOnly = false }: { course: StudioCourse; readOnly?: boolean }) {
  const headingId = useId();
  const hintId = useId();
  const lessons = course.lessons;
  const reorder = useReorderLessons(course._id);
  const remove = useDeleteLesson(course._id);
  const [announcement, setAnnouncement] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StudioLesson | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<{ id: string; after: boolean } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);

  // After a keyboard move the lesson's row may have been re-inserted (which drops focus), and at the top or the
  // bottom its button is disabled: put focus back on the button pressed, or on the other one.
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const index = lessons.findIndex((lesson) => lesson._id === target.id);
    const atEnd = target.direction === 'up' ? index === 0 : index === lessons.length - 1;
    const direction = atEnd ? (target.direction === 'up' ? 'down' : 'up') : target.direction;
    buttons.current.get(`${target.id}:${direction}`)?.focus();
  }, [lessons]);

  function applyOrder(from: number, to: number, viaKeyboard: Direction | null) {
    if (from === to || to < 0 || to >= lessons.length) return;
    const moved = lessons[from];
    const ids = moveItem(
      lessons.map((lesson) => lesson._id),
      from,
      to,
    );
    if (viaKeyboard) focusAfterMove.current = { id: moved._id, direction: viaKeyboard };
    setAnnouncement(`“${moved.title}” moved to position ${to + 1} of ${lessons.length}.`);
    reorder.mutate(ids, {
      onError: (err) => {
        setAnnouncement(`The order was not saved: ${err.message}`);
        showAlert(err.message, 'danger');
      },
    });
  }

  function onDragOver(event: DragEvent<HTMLLIElement>, lesson: StudioLesson) {
    if (!dragId) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    if (dropAt?.id !== lesson._id || dropAt.after !== after) setDropAt({ id: lesson._id, after });
  }

  function onDrop(event: DragEvent<HTMLLIElement>) {
    event.preventDefault();
    const from = lessons.findIndex((lesson) => lesson._id === dragId);
    const target = dropAt ? lessons.findIndex((lesson) => lesson._id === dropAt.id) : -1;
    setDragId(null);
    setDropAt(null);
    if (from < 0 || target < 0 || !dropAt) return;
    // Dropping after a lesson below the dragged one lands on its index once the dragged one is taken out.
    let to = dropAt.after ? target + 1 : target;
    if (from < to) to -= 1;
    applyOrder(from, to, null);
  }

  return (
    <section className="studio-lessons" aria-labelledby={headingId}>
      <div className="studio-section__head">
        <h2 id={headingId} className="studio-section__title">
          Lessons
        </h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add lesson
        </button>
      </div>
      <p id={hintId} className="studio-hint">
        Change the order with the Move up and Move down buttons, or drag a lesson by its handle.
      </p>
      {lessons.length === 0 ? (
        <p className="empty-state">No lessons yet.</p>
      ) : (
        <ol className="lesson-list" aria-describedby={hintId}>
          {lessons.map((lesson, index) => {
            const open = openId === lesson._id;
            const editorId = `lesson-editor-${lesson._id}`;
            const dropClass =
              dropAt?.id === lesson._id ? (dropAt.after ? ' lesson-row--drop-after' : ' lesson-row--drop-before') : '';
            return (
              <li
                key={lesson._id}
                className={`lesson-row${dragId === lesson._id ? ' lesson-row--dragging' : ''}${dropClass}`}
                onDragOver={(event) => onDragOver(event, lesson)}
                onDrop={onDrop}
              >
                <div className="lesson-row__main">
                  <span
                    className="lesson-row__handle"
                    draggable={!readOnly}
                    title="Drag to reorder"
                    aria-hidden="true"
                    onDragStart={(event) => {
                      setDragId(lesson._id);
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', lesson._id);
                      const row = event.currentTarget.closest('li');
                      if (row) event.dataTransfer.setDragImage(row, 16, 16);
                    }}
                    onDragEnd={() => {
                      setDragId(null);
                      setDropAt(null);
                    }}
                  >
                    ⠿
                  </span>
                  <span className="lesson-row__number" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <span className="lesson-row__title">{lesson.title}</span>
                  <div className="lesson-row__actions">
                    <button
                      type="button"
                      className="icon-button lesson-row__move"
                      aria-label={`Move ${lesson.title} up`}
                      disabled={index === 0}
                      ref={(node) => {
                        if (node) buttons.current.set(`${lesson._id}:up`, node);
                        else buttons.current.delete(`${lesson._id}:up`);
                      }}
                      onClick={() => applyOrder(index, index - 1, 'up')}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className="icon-button lesson-row__move"
                      aria-label={`Move ${lesson.title} down`}
                      disabled={index === lessons.length - 1}
                      ref={(node) => {
                        if (node) buttons.current.set(`${lesson._id}:down`, node);
                        else buttons.current.delete(`${lesson._id}:down`);
                      }}
                      onClick={() => applyOrder(index, index + 1, 'down')}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <RowButton
                      action={open ? 'Close' : 'Edit'}
                      name={lesson.title}
                      aria-expanded={open}
                      aria-controls={open ? editorId : undefined}
                      onClick={() => setOpenId(open ? null : lesson._id)}
                    />
                    <RowButton action="Delete" name={lesson.title} onClick={() => setDeleting(lesson)} />
                  </div>
                </div>
                {open && (
                  <div id={editorId} className="lesson-row__editor">
                    <LessonEditor key={lesson._id} courseId={course._id} lesson={lesson} readOnly={readOnly} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {adding && (
        <AddLessonDialog
          courseId={course._id}
          onClose={() => setAdding(false)}
          onAdded={(lesson) => {
            setAdding(false);
            setOpenId(lesson._id);
            setAnnouncement(`Added “${lesson.title}” as lesson ${lessons.length + 1}.`);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this lesson?"
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting._id, {
              onSuccess: () => {
                setAnnouncement(`Deleted “${deleting.title}”.`);
                if (openId === deleting._id) setOpenId(null);
                setDeleting(null);
              },
              onError: (err) => {
                setDeleting(null);
                showAlert(err.message, 'danger');
              },
            })
          }
        >
          <p>“{deleting.title}” will be deleted with its comments. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
