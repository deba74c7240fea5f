// A course's lessons in order, in the Studio: each a LessonRow, reordered by keyboard or drag (useLessonOrder), 'Add
// lesson' and Delete with a confirmation; a polite live region says what changed.
import { useId, useState } from 'react';
import type { StudioCourse } from '../../../../shared/studio';
import { AddLessonDialog } from './add-lesson-dialog';
import { useDeleteLessonDialog } from './delete-lesson-dialog';
import { LessonRow } from './lesson-row';
import { useLessonOrder } from './use-lesson-order';

export function LessonList({ course, readOnly = false }: { course: StudioCourse; readOnly?: boolean }) {
  const headingId = useId();
  const hintId = useId();
  const lessons = course.lessons;
  const [announcement, setAnnouncement] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const order = useLessonOrder(course._id, lessons, setAnnouncement);
  const deletion = useDeleteLessonDialog(course._id, (lesson) => {
    setAnnouncement(`Deleted “${lesson.title}”.`);
    if (openId === lesson._id) setOpenId(null);
  });

  return (
    <section className="studio-lessons" aria-labelledby={headingId}>
      <div className="studio-section__head">
        <h2 id={headingId} className="studio-section__title">
          Lessons
        </h2>
        {!readOnly && (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Add lesson
          </button>
        )}
      </div>
      {!readOnly && (
        <p id={hintId} className="studio-hint">
          Change the order with the Move up and Move down buttons, or drag a lesson by its handle.
        </p>
      )}
      {lessons.length === 0 ? (
        <p className="empty-state">No lessons yet.</p>
      ) : (
        <ol className="lesson-list" aria-describedby={readOnly ? undefined : hintId}>
          {lessons.map((lesson, index) => (
            <LessonRow
              key={lesson._id}
              courseId={course._id}
              lesson={lesson}
              index={index}
              count={lessons.length}
              coursePublished={course.status === 'published'}
              readOnly={readOnly}
              open={openId === lesson._id}
              onToggle={() => setOpenId(openId === lesson._id ? null : lesson._id)}
              onDelete={() => deletion.ask(lesson)}
              order={order}
            />
          ))}
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
      {deletion.dialog}
    </section>
  );
}
