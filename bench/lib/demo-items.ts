// The demo content's items the benches read, found through the public API: the first course that has a lesson, its
// first lesson, and the first blog post.
export interface DemoItems {
  courseId: string;
  lessonId: string;
  postId: string;
}

export async function demoItems(url: string): Promise<DemoItems> {
  const get = async <T>(p: string) => (await (await fetch(url + p)).json()) as T;
  const courses = await get<{ _id: string; lessonCount: number }[]>('/api/course/getCourse');
  const course = courses.find((c) => c.lessonCount > 0);
  if (!course) throw new Error('The demo content has no lesson to measure');
  const { lessonlist } = await get<{ lessonlist: { _id: string }[] }>(`/api/lession/getLessionList/${course._id}`);
  const [post] = await get<{ _id: string }[]>('/api/blog/getBlog');
  return { courseId: course._id, lessonId: lessonlist[0]._id, postId: post._id };
}
