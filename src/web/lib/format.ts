// Text helpers shared by the screens: excerpts of stored HTML, the two specified date formats, and the title rule.
import { BRAND } from '../../shared/constants';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: tags (and script/style bodies) removed, entities decoded, whitespace collapsed. */
export function stripHtml(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Block boundaries become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab".
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|pre|blockquote|tr|td|th|table|section|article)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** The first `length` characters of the text of `html`, with an ellipsis when something was cut. */
export function excerpt(html: string, length: number): string {
  const text = stripHtml(html);
  // Array.from counts code points, so an emoji is never cut in half.
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('').trimEnd()}…`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** yyyy-mm-dd in the reader's time zone (blog and bug cards), or in UTC (what a server-rendered page shows until
 *  it has hydrated: the server cannot know the reader's zone; components/local-date.tsx). */
export function formatDate(iso: string, zone: 'local' | 'UTC' = 'local'): string {
  const date = toDate(iso);
  if (!date) return '';
  if (zone === 'UTC') return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'hh:MM:ss am/pm dd-mm-yyyy' in the reader's time zone (comments and bug detail); midnight is 12 am, noon 12 pm. */
export function formatDateTime(iso: string): string {
  const date = toDate(iso);
  if (!date) return '';
  const hours = date.getHours();
  const hh = pad(hours % 12 === 0 ? 12 : hours % 12);
  const meridiem = hours < 12 ? 'am' : 'pm';
  return `${hh}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${meridiem} ${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** The document title: the site's name and the first path segment, 'home' for '/'. */
export function documentTitle(pathname: string, siteName: string = BRAND): string {
  const first = pathname.split('/').find((segment) => segment !== '');
  let name = 'home';
  if (first) {
    try {
      name = decodeURIComponent(first);
    } catch {
      name = first;
    }
  }
  return `${siteName} | ${name}`;
}

/** A course's length for a card: '12 min', '1 h 5 min' (at least '1 min'). */
export function formatLength(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Words read per minute, for a text lesson's reading time. */
export const READING_WORDS_PER_MINUTE = 200;

/** A text's reading time in seconds: its words at 200 a minute, in whole minutes, at least one. */
export function readingSeconds(html: string): number {
  const words = stripHtml(html).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE)) * 60;
}

/** How long a lesson takes: its video's duration (null while unknown), or the reading time of a text lesson. */
export function lessonLength(lesson: { link: string; description: string; duration: number | null }): {
  kind: 'video' | 'reading';
  seconds: number | null;
} {
  return lesson.link
    ? { kind: 'video', seconds: lesson.duration }
    : { kind: 'reading', seconds: readingSeconds(lesson.description) };
}
