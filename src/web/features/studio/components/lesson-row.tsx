// One lesson in the Studio's lesson list: its drag handle, number, title and state ('Draft' or 'Published'), Move up /
// Move down, Publish (a draft lesson of a published course), Edit (which opens its editor under the row) and Delete.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StudioLesson } from '../../../../shared/studio';
import { showAlert } from '../../../components/alert-banner';
import { publishLesson, storeLesson } from '../api/update-lesson';
import { LessonEditor } from './lesson-editor';
import { RowButton } from './row-button';
import { StatusBadge } from './status-badge';
import type { LessonOrder } from './use-lesson-order';

interface LessonRowProps {
  courseId: string;
  lesson: StudioLesson;
  index: number;
  /** Lessons in the course: the last one cannot move down. */
  count: number;
  /** A draft lesson of a published course is published on its own; a draft course's lessons with the course. */
  coursePublished: boolean;
  readOnly: boolean;
  /** Its editor is open under the row. */
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
  order: LessonOrder;
}

export function LessonRow({
  courseId,
  lesson,
  index,
  count,
  coursePublished,
  readOnly,
  open,
  onToggle,
  onDelete,
  order,
}: LessonRowProps) {
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  // Open, the lesson's editor offers Publish itself, after saving what is typed there.
  const canPublish = !readOnly && !open && coursePublished && lesson.status === 'draft';
  const publish = async () => {
    setPublishing(true);
    try {
      storeLesson(queryClient, await publishLesson(lesson._id, lesson.version));
      showAlert(`Published: readers can see “${lesson.title}”.`);
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setPublishing(false);
    }
  };
  const editorId = `lesson-editor-${lesson._id}`;
  const { dragId, dropAt } = order;
  const dropClass =
    dropAt?.id === lesson._id ? (dropAt.after ? ' lesson-row--drop-after' : ' lesson-row--drop-before') : '';
  return (
    <li
      className={`lesson-row${dragId === lesson._id ? ' lesson-row--dragging' : ''}${dropClass}`}
      onDragOver={(event) => order.dragOver(event, lesson)}
      onDrop={order.drop}
    >
      <div className="lesson-row__main">
        <span
          className="lesson-row__handle"
          draggable={!readOnly}
          title="Drag to reorder"
          aria-hidden="true"
          onDragStart={(event) => order.dragStart(event, lesson._id)}
          onDragEnd={order.dragEnd}
        >
          ⠿
        </span>
        <span className="lesson-row__number" aria-hidden="true">
          {index + 1}.
        </span>
        <span className="lesson-row__title">{lesson.title}</span>
        <StatusBadge status={lesson.status} />
        <div className="lesson-row__actions">
          {/* Someone else's course: its lessons can be opened and read, not moved or deleted. */}
          {!readOnly && (
            <>
              <button
                type="button"
                className="icon-button lesson-row__move"
                aria-label={`Move ${lesson.title} up`}
                disabled={index === 0}
                ref={order.moveButtonRef(lesson._id, 'up')}
                onClick={() => order.move(index, 'up')}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="icon-button lesson-row__move"
                aria-label={`Move ${lesson.title} down`}
                disabled={index === count - 1}
                ref={order.moveButtonRef(lesson._id, 'down')}
                onClick={() => order.move(index, 'down')}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </>
          )}
          {canPublish && (
            <RowButton action="Publish" name={lesson.title} disabled={publishing} onClick={() => void publish()} />
          )}
          <RowButton
            action={open ? 'Close' : readOnly ? 'View' : 'Edit'}
            name={lesson.title}
            aria-expanded={open}
            aria-controls={open ? editorId : undefined}
            onClick={onToggle}
          />
          {!readOnly && <RowButton action="Delete" name={lesson.title} onClick={onDelete} />}
        </div>
      </div>
      {open && (
        <div id={editorId} className="lesson-row__editor">
          <LessonEditor
            key={lesson._id}
            courseId={courseId}
            lesson={lesson}
            coursePublished={coursePublished}
            readOnly={readOnly}
          />
        </div>
      )}
    </li>
  );
}
