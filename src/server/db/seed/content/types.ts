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

/** A test of a seeded exercise, as the Studio takes it. */
export interface SeedTest {
  name: string;
  code: string;
  hidden: boolean;
}

/** An exercise or a quiz, as the Studio takes them; seeded exercises are known to pass their check (practice.test.ts). */
export type SeedPracticeItem =
  | {
      kind: 'exercise';
      title: string;
      prompt: string;
      language: 'javascript' | 'typescript' | 'python';
      starterCode: string;
      solution: string;
      tests: SeedTest[];
      timeLimitMs?: number;
    }
  | {
      kind: 'quiz';
      title: string;
      passMark?: number;
      questions: {
        text: string;
        multiple: boolean;
        choices: { text: string; correct: boolean }[];
        explanation: string;
      }[];
    };

/** Practice items after one lesson of a course: the course by title, the lesson by its index. */
export interface SeedPractice {
  course: string;
  lesson: number;
  items: SeedPracticeItem[];
}
