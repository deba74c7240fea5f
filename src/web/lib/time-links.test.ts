import { describe, expect, it } from 'vitest';
import { linkTimes } from './time-links';

const href = (s: number) => `/course/c/l?t=${s}`;

describe('linkTimes', () => {
  it('links m:ss and h:mm:ss in text', () => {
    expect(linkTimes('<p>see 3:12 and 1:02:03.</p>', href)).toBe(
      '<p>see <a class="time-link" data-seek="192" href="/course/c/l?t=192">3:12</a> and ' +
        '<a class="time-link" data-seek="3723" href="/course/c/l?t=3723">1:02:03</a>.</p>',
    );
  });

  it('leaves links, code, attributes and things that are not times alone', () => {
    const html =
      '<p><a href="https://x.test/3:12">at 3:12</a> <code>a 1:00</code> 3:75 12:345 ratio 10:30:99 <img alt="4:00"></p>';
    expect(linkTimes(html, href)).toBe(html);
  });
});
