// 'Nov 24, 2026, 2:30 PM' in the reader's locale and time zone: the Studio's dates (last edit, audit entries).
const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}
