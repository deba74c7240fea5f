import { describe, expect, it } from 'vitest';
import { excerpt, stripHtml } from './excerpt';
import { formatDate, formatDateTime } from './format';

const localIso = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(y, mo - 1, d, h, mi, s).toISOString();

describe('stripHtml', () => {
  it('removes tags, script and style bodies, and comments', () => {
    expect(stripHtml('<p>Hello <b>world</b></p><script>alert(1)</script><style>p{}</style><!-- x -->')).toBe(
      'Hello world',
    );
  });

  it('keeps words of adjacent blocks apart and collapses whitespace', () => {
    expect(stripHtml('<h2>Title</h2><p>one\n\n  two</p><ul><li>a</li><li>b</li></ul>')).toBe('Title one two a b');
  });

  it('decodes named and numeric entities once', () => {
    expect(stripHtml('x &lt; 1 &amp;&amp; y &gt; 2 &quot;q&quot; &#39;s&#x27; &nbsp;&hellip; &amp;lt;')).toBe(
      'x < 1 && y > 2 "q" \'s\' … &lt;',
    );
  });

  it('leaves unknown entities alone', () => {
    expect(stripHtml('a &bogus; b')).toBe('a &bogus; b');
  });
});

describe('excerpt', () => {
  const long = `<p>${'abcdefghij'.repeat(15)}</p>`;

  it('cuts the stripped text at 90 characters (course cards, search results)', () => {
    expect(excerpt(long, 90)).toBe(`${'abcdefghij'.repeat(9)}…`);
  });

  it('cuts the stripped text at 120 characters (blog and bug cards)', () => {
    expect(excerpt(long, 120)).toBe(`${'abcdefghij'.repeat(12)}…`);
  });

  it('counts characters of the text, not of the markup', () => {
    const html = `<p><strong>${'a'.repeat(50)}</strong> <em>${'b'.repeat(50)}</em></p>`;
    const result = excerpt(html, 90);
    expect(result).toBe(`${'a'.repeat(50)} ${'b'.repeat(39)}…`);
    expect(result).not.toContain('<');
  });

  it('returns short text whole, without an ellipsis', () => {
    expect(excerpt('<p>About <b>A</b></p>', 90)).toBe('About A');
  });

  it('does not cut an emoji in half', () => {
    expect(excerpt('😀'.repeat(5), 3)).toBe('😀😀😀…');
  });
});

describe('formatDate', () => {
  it('is yyyy-mm-dd with zero padding', () => {
    expect(formatDate(localIso(2023, 3, 5, 14, 7, 9))).toBe('2023-03-05');
    expect(formatDate(localIso(2023, 12, 31, 23, 59, 59))).toBe('2023-12-31');
  });

  it('is empty for a value that is no date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('can answer in UTC (a server-rendered page before it hydrates), whatever the local zone', () => {
    expect(formatDate('2023-06-30T00:30:00.000Z', 'UTC')).toBe('2023-06-30');
    expect(formatDate('2023-12-31T23:59:59.000Z', 'UTC')).toBe('2023-12-31');
  });
});

describe('formatDateTime', () => {
  it("is 'hh:MM:ss am/pm dd-mm-yyyy'", () => {
    expect(formatDateTime(localIso(2023, 6, 30, 9, 5, 7))).toBe('09:05:07 am 30-06-2023');
    expect(formatDateTime(localIso(2023, 6, 30, 21, 45, 0))).toBe('09:45:00 pm 30-06-2023');
  });

  it('shows midnight as 12 am and noon as 12 pm', () => {
    expect(formatDateTime(localIso(2023, 1, 1, 0, 0, 0))).toBe('12:00:00 am 01-01-2023');
    expect(formatDateTime(localIso(2023, 1, 1, 12, 0, 0))).toBe('12:00:00 pm 01-01-2023');
    expect(formatDateTime(localIso(2023, 1, 1, 0, 30, 0))).toBe('12:30:00 am 01-01-2023');
    expect(formatDateTime(localIso(2023, 1, 1, 12, 59, 59))).toBe('12:59:59 pm 01-01-2023');
  });

  it('is empty for a value that is no date', () => {
    expect(formatDateTime('')).toBe('');
  });
});
