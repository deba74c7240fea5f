import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import {
  htmlToText,
  isBlankAuthoredHtml,
  isBlankHtml,
  safeImageSrc,
  safeLinkHref,
  sanitizeAuthoredHtml,
  sanitizeRichText,
  sanitizeTitle,
} from './sanitize';
import { XSS_VECTORS } from './xss-vectors';

// Sanitized output is checked by parsing it with a real HTML parser, as a browser would, not by pattern alone.
const window = new Window();
afterAll(() => window.happyDOM.close());

const FORBIDDEN_ELEMENTS =
  'script, style, svg, math, iframe, frame, object, embed, applet, form, button, input, textarea, select, img, ' +
  'video, audio, meta, base, link, template, noscript, xmp, title, details, dialog, marquee, portal';
const ALLOWED_TAGS = new Set(
  'p br strong b em i u s strike code pre ul ol li blockquote h2 h3 h4 a'.split(' ').map((t) => t.toUpperCase()),
);

function parse(html: string) {
  const container = window.document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** Every reason the parsed output could still run script, style the page or leave the allowlist. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const root = parse(html);
  for (const el of root.querySelectorAll(FORBIDDEN_ELEMENTS)) found.push(`element <${el.tagName.toLowerCase()}>`);
  for (const el of root.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(el.tagName)) found.push(`tag outside the allowlist <${el.tagName.toLowerCase()}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a scheme, so compare without them.
      // eslint-disable-next-line no-control-regex -- a character range is the clearest way to strip what browsers ignore in a URL scheme
      const value = (attr.value ?? '').replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`event handler ${name}`);
      if (name === 'style') found.push('style attribute');
      if (!['href', 'rel', 'target', 'class'].includes(name)) found.push(`attribute ${name}`);
      if (/^(javascript|data|vbscript):/.test(value)) found.push(`${name} URL ${attr.value}`);
      if (name === 'href' && !/^(https?:|mailto:)/.test(value)) found.push(`href not http/https/mailto ${attr.value}`);
      if (name === 'class' && !/^language-[a-z0-9_+#-]+$/.test(value)) found.push(`class ${attr.value}`);
    }
  }
  // A belt to the parser's braces: no raw markup of a dangerous element survives as a tag.
  if (/<\s*(script|svg|math|iframe|object|embed|style|img|form)\b/i.test(html)) found.push('raw dangerous tag');
  return found;
}

describe('sanitizeRichText against the XSS corpus', () => {
  it('has at least 100 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_VECTORS).size).toBe(XSS_VECTORS.length);
  });

  it.each(XSS_VECTORS.map((v, i) => [i, v]))('vector %i is inert: %s', (_i, vector) => {
    const output = sanitizeRichText(vector);
    expect(dangers(output)).toEqual([]);
    // Sanitizing is stable: running it again changes nothing, so stored HTML stays what was checked.
    expect(sanitizeRichText(output)).toBe(output);
  });

  it('still finds dangers in unsanitized vectors (the checker itself works)', () => {
    const caught = XSS_VECTORS.filter((v) => dangers(v).length > 0).length;
    expect(caught).toBeGreaterThan(XSS_VECTORS.length * 0.9);
  });
});

describe('sanitizeRichText keeps what the editor writes', () => {
  it('keeps a code block with its language class and the text escaped', () => {
    const html = '<pre><code class="language-typescript">const a = 1 &lt; 2 &amp;&amp; b;</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps formatting, lists, quotes and headings', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>a <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <s>g</s> ' +
      '<strike>h</strike> <code>i</code><br />j</p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('forces rel on links, keeps http/https/mailto and _blank, drops other targets', () => {
    expect(sanitizeRichText('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="opener">x</a>')).toBe(
      '<a rel="nofollow ugc noopener" href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:me@example.com" target="_top">m</a>')).toBe(
      '<a rel="nofollow ugc noopener" href="mailto:me@example.com">m</a>',
    );
    expect(sanitizeRichText('<a href="/relative">r</a>')).toBe('<a rel="nofollow ugc noopener">r</a>');
  });

  it('maps h1 to h2 and h5/h6 to h4, and drops classes other than a code language', () => {
    expect(sanitizeRichText('<h1>a</h1><h6>b</h6><p class="x">c</p><code class="language-js other">d</code>')).toBe(
      '<h2>a</h2><h4>b</h4><p>c</p><code class="language-js">d</code>',
    );
  });
});

describe('titles and blank bodies', () => {
  it('turns a title into plain text: tags dropped, entities decoded, whitespace collapsed', () => {
    expect(sanitizeTitle('  <b>Null</b> pointer &amp; <i>friends</i>\n in  <code>a &lt; b</code> ')).toBe(
      'Null pointer & friends in a < b',
    );
    expect(sanitizeTitle('<script>alert(1)</script>Crash')).toBe('Crash');
    expect(sanitizeTitle('<img src=x onerror=alert(1)>')).toBe('');
  });

  it.each(['', '   ', '<p></p>', '<p> &nbsp; </p><br>', '<script>alert(1)</script>', '<img src=x>', '<p>\u200b</p>'])(
    'sees %j as blank',
    (html) => {
      expect(isBlankHtml(html)).toBe(true);
      expect(isBlankHtml(sanitizeRichText(html))).toBe(true);
    },
  );

  it('sees text as not blank', () => {
    expect(isBlankHtml('<p>0</p>')).toBe(false);
    expect(htmlToText('<p>a</p><p>b &amp; c</p>')).toBe('ab & c');
  });

  it('reads link schemes as the browser does', () => {
    expect(safeLinkHref('java\tscript:alert(1)')).toBeNull();
    expect(safeLinkHref(' https://example.com')).toBe('https://example.com/');
    expect(safeLinkHref('HTTPS://EXAMPLE.com/A')).toBe('https://example.com/A');
    expect(safeLinkHref('//evil.example')).toBeNull();
  });
});

// ---- the wider allowlist for Studio-authored HTML ----
const AUTHORED_FORBIDDEN_ELEMENTS =
  'script, style, svg, math, iframe, frame, object, embed, applet, form, button, input, textarea, select, ' +
  'video, audio, meta, base, link, template, noscript, xmp, title, details, dialog, marquee, portal';
const AUTHORED_TAGS = new Set(
  'p br strong em u s code pre ul ol li blockquote h2 h3 h4 a img table thead tbody tr th td'
    .split(' ')
    .map((t) => t.toUpperCase()),
);
const AUTHORED_ATTRIBUTES: Record<string, string[]> = {
  A: ['href', 'rel', 'target'],
  IMG: ['src', 'alt', 'width', 'height'],
  TH: ['colspan', 'rowspan'],
  TD: ['colspan', 'rowspan'],
  CODE: ['class'],
};

/** Every reason parsed authored output could run script, style the page or leave the authored allowlist. */
function authoredDangers(html: string): string[] {
  const found: string[] = [];
  const root = parse(html);
  for (const el of root.querySelectorAll(AUTHORED_FORBIDDEN_ELEMENTS))
    found.push(`element <${el.tagName.toLowerCase()}>`);
  for (const el of root.querySelectorAll('*')) {
    if (!AUTHORED_TAGS.has(el.tagName)) found.push(`tag outside the allowlist <${el.tagName.toLowerCase()}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // eslint-disable-next-line no-control-regex -- a character range is the clearest way to strip what browsers ignore in a URL scheme
      const value = (attr.value ?? '').replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
      if (!(AUTHORED_ATTRIBUTES[el.tagName] ?? []).includes(name)) found.push(`attribute ${name} on ${el.tagName}`);
      if (/^(javascript|data|vbscript):/.test(value)) found.push(`${name} URL ${attr.value}`);
      if (name === 'href' && !/^(https?:|mailto:)/.test(value)) found.push(`href not http/https/mailto ${attr.value}`);
      if (name === 'src' && !/^(https?:\/\/|\/media\/)/.test(value))
        found.push(`src not http(s) or /media/ ${attr.value}`);
      if (name === 'class' && !/^language-[a-z0-9+#-]{1,20}$/.test(value)) found.push(`class ${attr.value}`);
      if ((name === 'colspan' || name === 'rowspan') && !/^[1-9][0-9]?$/.test(value)) found.push(`${name} ${value}`);
      if ((name === 'width' || name === 'height') && !/^[1-9][0-9]{0,4}$/.test(value)) found.push(`${name} ${value}`);
    }
  }
  if (/<\s*(script|svg|math|iframe|object|embed|style|form)\b/i.test(html)) found.push('raw dangerous tag');
  return found;
}

describe('sanitizeAuthoredHtml against the XSS corpus', () => {
  it.each(XSS_VECTORS.map((v, i) => [i, v]))('vector %i is inert: %s', (_i, vector) => {
    const output = sanitizeAuthoredHtml(vector);
    expect(authoredDangers(output)).toEqual([]);
    expect(sanitizeAuthoredHtml(output)).toBe(output);
  });

  it.each([
    '<img src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<img src="//evil.example/x.png">',
    '<img src="/media/../api/auth/logout">',
    '<img src="/media/./x.png">',
    '<img src="/api/x.png">',
    '<img src="\\\\evil.example\\x.png">',
    '<img src="/media\\..\\x.png">',
    '<img src="x.png">',
    '<img src=" java\tscript:alert(1)">',
    '<img>',
  ])('drops the image %s whole', (html) => {
    expect(sanitizeAuthoredHtml(`<p>a${html}b</p>`)).toBe('<p>ab</p>');
  });

  it("keeps an image's size in whole pixels, both or neither", () => {
    const img = (attributes: string) => sanitizeAuthoredHtml(`<img src="/media/x.png" alt="x" ${attributes}>`);
    expect(img('width="640" height="360"')).toBe('<img src="/media/x.png" alt="x" width="640" height="360" />');
    expect(img('width="640" height="360" style="width:1px"')).toBe(img('width="640" height="360"'));
    for (const bad of [
      'width="640"',
      'width="640px" height="360"',
      'width="0" height="360"',
      'width="-5" height="360"',
      'width="99999" height="360"',
      'width="1e3" height="360"',
    ])
      expect(img(bad), bad).toBe('<img src="/media/x.png" alt="x" />');
  });

  it('answers a refused /media/ path quickly (no catastrophic backtracking)', () => {
    const started = performance.now();
    expect(safeImageSrc(`/media/${'a'.repeat(50_000)}!`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('sanitizeAuthoredHtml keeps what the Studio editor writes', () => {
  it('keeps images from uploads and http(s) with alt, and nothing else on them', () => {
    expect(
      sanitizeAuthoredHtml(
        '<img src="/media/uploads/ab12.png" alt="A &quot;chart&quot;" title="t" width="5" onerror="x()" style="a">' +
          '<img src="https://cdn.example/x.png">',
      ),
    ).toBe('<img src="/media/uploads/ab12.png" alt="A &quot;chart&quot;" /><img src="https://cdn.example/x.png" />');
  });

  it('keeps tables with small colspan/rowspan and drops the rest of their attributes', () => {
    const out = sanitizeAuthoredHtml(
      '<table style="x"><colgroup><col style="min-width:25px"></colgroup><thead><tr><th colspan="2" colwidth="100">h</th></tr></thead>' +
        '<tbody><tr><td rowspan="3">a</td><td colspan="0">b</td><td colspan="1000">c</td><td colspan="2x">d</td></tr></tbody></table>',
    );
    expect(out).toBe(
      '<table><thead><tr><th colspan="2">h</th></tr></thead>' +
        '<tbody><tr><td rowspan="3">a</td><td>b</td><td>c</td><td>d</td></tr></tbody></table>',
    );
  });

  it('keeps a code block language of [a-z0-9+#-]{1,20} only', () => {
    expect(sanitizeAuthoredHtml('<pre><code class="language-c++">a &lt; b</code></pre>')).toBe(
      '<pre><code class="language-c++">a &lt; b</code></pre>',
    );
    expect(sanitizeAuthoredHtml('<pre><code class="language-csharp#">x</code></pre>')).toBe(
      '<pre><code class="language-csharp#">x</code></pre>',
    );
    for (const bad of ['language-JS', 'language-a_b', `language-${'a'.repeat(21)}`, 'lang-js', 'x'])
      expect(sanitizeAuthoredHtml(`<pre><code class="${bad}">x</code></pre>`)).toBe('<pre><code>x</code></pre>');
    expect(sanitizeAuthoredHtml('<code class="language-js x">y</code>')).toBe('<code class="language-js">y</code>');
  });

  it('maps headings into h2–h4 and b/i/strike to strong/em/s; links follow the user rules', () => {
    expect(
      sanitizeAuthoredHtml(
        '<h1>a</h1><h5>b</h5><p><b>c</b><i>d</i><strike>e</strike><u>f</u></p>' +
          '<a href="javascript:alert(1)" target="_blank">g</a><a href="https://x.example">h</a>',
      ),
    ).toBe(
      '<h2>a</h2><h4>b</h4><p><strong>c</strong><em>d</em><s>e</s><u>f</u></p>' +
        '<a rel="nofollow ugc noopener" target="_blank">g</a><a rel="nofollow ugc noopener" href="https://x.example/">h</a>',
    );
  });

  it('keeps lists, quotes and the rest of the user allowlist unchanged', () => {
    const html =
      '<h2>T</h2><p>a <strong>b</strong> <em>c</em> <s>d</s> <code>e</code><br />f</p>' +
      '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>';
    expect(sanitizeAuthoredHtml(html)).toBe(html);
  });

  it('leaves the user allowlist as narrow as before: no images or tables in comments', () => {
    expect(sanitizeRichText('<p>a<img src="/media/uploads/x.png"></p><table><tr><td>b</td></tr></table>')).toBe(
      '<p>a</p>b',
    );
  });

  it('sees text or an image as content, and markup alone as blank', () => {
    expect(isBlankAuthoredHtml(sanitizeAuthoredHtml('<p><img src="/media/uploads/x.png"></p>'))).toBe(false);
    expect(isBlankAuthoredHtml(sanitizeAuthoredHtml('<p>x</p>'))).toBe(false);
    for (const blank of ['', '<p></p>', '<table><tr><td> </td></tr></table>', '<img src="javascript:x">'])
      expect(isBlankAuthoredHtml(sanitizeAuthoredHtml(blank))).toBe(true);
  });
});
