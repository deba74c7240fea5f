// The Studio's three kinds of authored content share five calls (list, get, create, patch, delete) under
// /api/studio/{kind}; this table gives each kind its types and its cache keys, so one hook per call serves all three.
import type {
  CreateBlogBody,
  CreateCourseBody,
  CreateTutorialBody,
  PatchBlogBody,
  PatchCourseBody,
  PatchTutorialBody,
  StudioBlog,
  StudioCourse,
  StudioTutorial,
} from '../../../../shared/studio';

export interface StudioKinds {
  courses: { item: StudioCourse; create: CreateCourseBody; patch: PatchCourseBody };
  tutorials: { item: StudioTutorial; create: CreateTutorialBody; patch: PatchTutorialBody };
  blogs: { item: StudioBlog; create: CreateBlogBody; patch: PatchBlogBody };
}
export type StudioKind = keyof StudioKinds;
export type ItemOf<K extends StudioKind> = StudioKinds[K]['item'];
export type CreateBodyOf<K extends StudioKind> = StudioKinds[K]['create'];
export type PatchBodyOf<K extends StudioKind> = StudioKinds[K]['patch'];

export const STUDIO_KINDS: StudioKind[] = ['courses', 'tutorials', 'blogs'];

/** How the screens name one item of a kind ('Delete this course?', 'New post'). */
export const NOUN: Record<StudioKind, string> = { courses: 'course', tutorials: 'tutorial', blogs: 'post' };

export const studioKeys = {
  all: ['studio'] as const,
  list: (kind: StudioKind) => ['studio', kind] as const,
  item: (kind: StudioKind, id: string) => ['studio', kind, id] as const,
};

export const itemPath = (kind: StudioKind, id?: string) =>
  id === undefined ? `/api/studio/${kind}` : `/api/studio/${kind}/${encodeURIComponent(id)}`;
