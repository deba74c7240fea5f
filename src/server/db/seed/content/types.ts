/** A single video lesson inside a course. `description` is HTML; `captions` a WebVTT file (the demo's narrated
 *  clips and their captions are made by scripts/make-demo-clips.sh). */
export interface SeedLesson {
  title: string;
  link: string;
  description: string;
  captions?: string;
}

/** A course with its ordered lessons. `description` is HTML. */
export interface SeedCourse {
  title: string;
  cover: string;
  description: string;
  lessons: SeedLesson[];
}

/** A standalone tutorial. `content` is HTML. */
export interface SeedTutorial {
  title: string;
  image: string;
  content: string;
}

/** A blog post. `date` is 'YYYY-MM-DD', `content` is HTML. */
export interface SeedBlog {
  title: string;
  date: string;
  content: string;
}
