// Inside a lesson of a published course: its edits wait in its own working copy until its Update (decision 0051), so
// the lesson says so, with Update and Discard changes (asked first) and a preview of the lesson page. A lesson added
// to the published course is a draft readers do not see until 'Publish lesson'; a published one can be taken off on
// its own ('Unpublish lesson', a status change that makes it a draft again).
import { useQueryClient } from '@tanstack/react-query';
import type { StudioCourse, StudioLesson } from '../../../../shared/studio';
import { paths } from '../../../app/paths';
import { api } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { studioKeys } from '../api/studio-kinds';
import { lessonPath, storeLesson, updateLesson } from '../api/update-lesson';
import { actionPath, type WorkingCopyCall, WorkingCopyChanges } from './working-copy-changes';

export function LessonChanges({
  lesson,
  coursePublished,
  unsaved,
  autosave,
  readOnly,
}: {
  lesson: StudioLesson;
  coursePublished: boolean;
  unsaved: boolean;
  autosave: { flush(): Promise<boolean> };
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const flush = async () => {
    if (!(await autosave.flush())) throw new Error('Your latest changes are not saved yet: see the save status.');
  };
  const act = async (what: WorkingCopyCall) => {
    await flush();
    const saved = await api<StudioLesson>(actionPath(lessonPath(lesson._id), what), { method: 'POST', auth: true });
    storeLesson(queryClient, saved);
  };
  const unpublish = async () => {
    await flush();
    // On the version the flush just stored, which the cached course holds by now.
    const course = queryClient.getQueryData<StudioCourse>(studioKeys.item('courses', lesson.courseId));
    const version = course?.lessons.find((l) => l._id === lesson._id)?.version ?? lesson.version;
    storeLesson(queryClient, await updateLesson(lesson._id, { status: 'draft', version }));
  };
  // A draft course's lessons are published with the course.
  if (!lesson.published && !coursePublished) return null;
  return (
    <WorkingCopyChanges
      noun="lesson"
      published={lesson.published}
      draft={!lesson.published}
      hasChanges={lesson.hasChanges}
      unsaved={unsaved}
      readOnly={readOnly}
      act={act}
      unpublish={unpublish}
      historyPath={lessonPath(lesson._id)}
    >
      <Link className="studio-editor__view" to={paths.previewLesson(lesson.courseId, lesson._id)}>
        Preview lesson
      </Link>
    </WorkingCopyChanges>
  );
}
