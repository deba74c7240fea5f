// The two specified date formats (cards, comments and details); plain text from HTML is in ./excerpt, lengths in
// ./lengths, the title rule in ./document-title: each is loaded only by what uses it.
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
