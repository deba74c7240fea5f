// A time written in a comment or solution on a lesson ('3:12', '1:02:03') becomes a link to that moment of the
// video. Works on the stored (sanitized) HTML before it is rendered: only text between tags changes, never text
// already inside a link or in code.

const TIME = /(?<![\d:])(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)(?![\d:])/g;
const SKIP_OPEN = /^<(a|code|pre)[\s>]/i;
const SKIP_CLOSE = /^<\/(a|code|pre)\s*>/i;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `html` with each time in its text wrapped in `<a class="time-link" data-seek="192" href="{href(192)}">`. */
export function linkTimes(html: string, href: (seconds: number) => string): string {
  let skipping = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (SKIP_OPEN.test(part)) skipping += 1;
        else if (SKIP_CLOSE.test(part)) skipping = Math.max(0, skipping - 1);
        return part;
      }
      if (skipping > 0) return part;
      return part.replace(TIME, (match: string, h: string | undefined, m: string, s: string) => {
        const seconds = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
        return `<a class="time-link" data-seek="${seconds}" href="${escapeAttribute(href(seconds))}">${match}</a>`;
      });
    })
    .join('');
}

/** The seconds of a time link a click landed in, or null. */
export function seekTarget(target: EventTarget | null): number | null {
  const link = target instanceof Element ? target.closest<HTMLElement>('a.time-link[data-seek]') : null;
  const seconds = link ? Number(link.dataset.seek) : NaN;
  return Number.isFinite(seconds) ? seconds : null;
}
