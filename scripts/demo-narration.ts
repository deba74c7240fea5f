// Prints the demo lessons' narration for scripts/make-demo-clips.sh, one lesson a line, tab-separated:
// the clip's name, the lesson's title, then its sentences (the title, then the first sentences of the lesson's
// prose, without code), each spoken and captioned as one cue.
import { courses } from '../src/server/db/seed/content';

const SLUGS = ['html', 'css', 'javascript', 'python', 'git', 'react'];
const SENTENCES = 3;

function prose(html: string): string {
  return html
    .replace(/:\s*<\/p>\s*<pre[\s\S]*?<\/pre>/g, '.</p>')
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code>([\s\S]*?)<\/code>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&rsquo;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

for (const [c, course] of courses.entries()) {
  for (const [l, lesson] of course.lessons.entries()) {
    const sentences = (prose(lesson.description).match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [])
      .map((s) => s.trim().replace(/\t/g, ' '))
      .filter((s) => s.length > 0)
      .slice(0, SENTENCES);
    const name = `${SLUGS[c] ?? `course-${c + 1}`}-${l + 1}`;
    console.log([name, lesson.title, `${lesson.title}.`, ...sentences].join('\t'));
  }
}
