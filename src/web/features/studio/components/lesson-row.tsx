// One lesson in the Studio's lesson list: its drag handle, number and title, Move up / Move down, Edit (which
// opens its editor under the row) and Delete.
import type { StudioLesson } from '../../../../shared/studio';
import { LessonEditor } from './lesson-editor';
import { RowButton } from './row-button';
import type { LessonOrder } from './use-lesson-order';

interface LessonRowProps {
  courseId: string;
  lesson: StudioLesson;
  index: number;
  /** Lessons in the course: the last one cannot move down. */
  count: number;
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
  readOnly,
  open,
  onToggle,
  onDelete,
  order,
}: LessonRowProps) {
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
          <LessonEditor key={lesson._id} courseId={courseId} lesson={lesson} readOnly={readOnly} />
        </div>
      )}
    </li>
  );
}
