// The server-side allowlists for HTML written by users (comments, bugs, solutions) and, wider, by Studio authors
// (descriptions, tutorials, posts), and plain-text titles. Why an allowlist and these tags:
// docs/decisions/0003-rich-text-sanitizing.md and 0034-authored-html-allowlist.md.
import sanitizeHtml from 'sanitize-html';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const LINK_REL = 'nofollow ugc noopener';

// Elements whose whole content goes with them: raw-text elements and foreign or embedding content, where
// keeping the text would only keep markup-looking noise (or, for a browser that parses differently, a payload).
// prettier-ignore
const DROP_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'title', 'svg', 'math', 'head',
];

/** An absolute http, https or mailto URL, normalized the way a browser reads it; anything else is null. */
export function safeLinkHref(value: string | undefined): string | null {
  if (!value) return null;
  try {
    // The WHATWG parser strips tabs, newlines and edge control characters exactly as the browser will,
    // so `java\tscript:` or ` JaVaScRiPt:` show their real scheme here.
    const url = new URL(value);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null; // relative or malformed: a user link must say where it goes
  }
}

const richTextOptions: sanitizeHtml.IOptions = {
  // prettier-ignore
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'code', 'pre',
    'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedClasses: { code: [/^language-[a-z0-9_+#-]{1,30}$/i] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  // Editors emit h1/h5/h6; keep their structure within the allowed range rather than flattening them.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (_tagName, attribs) => {
      const href = safeLinkHref(attribs.href);
      const out: Record<string, string> = { rel: LINK_REL };
      if (href) out.href = href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName: 'a', attribs: out };
    },
  },
};

/** An image address in authored HTML: an absolute http(s) URL, or a same-origin path under /media/. */
/** A width or height attribute kept on an image: a whole number of pixels from 1 to 10,000, else nothing. */
function imageDimension(value: string | undefined): string | null {
  const pixels = value?.trim() ?? '';
  return /^[1-9][0-9]{0,4}$/.test(pixels) && Number(pixels) <= 10_000 ? pixels : null;
}

export function safeImageSrc(value: string | undefined): string | null {
  if (!value) return null;
  // Uploaded files are content-addressed names under /media/: no dot segments, backslashes or odd characters
  // that a browser would resolve elsewhere.
  if (value.startsWith('/')) return /^\/media(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/.test(value) ? value : null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A table cell's colspan/rowspan: a small positive integer, else dropped. */
const CELL_SPAN = /^[1-9][0-9]?$/;
const tableCell = (tagName: string, attribs: sanitizeHtml.Attributes) => {
  const out: Record<string, string> = {};
  for (const name of ['colspan', 'rowspan']) if (CELL_SPAN.test(attribs[name] ?? '')) out[name] = attribs[name];
  return { tagName, attribs: out };
};

// Authored content (Studio): the user list plus images and tables, and nothing else. b/i/strike become their
// semantic equivalents, so the stored HTML has one spelling for each.
const authoredOptions: sanitizeHtml.IOptions = {
  // prettier-ignore
  allowedTags: [
    'p', 'br', 'strong', 'em', 'u', 's', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'a',
    'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,20}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: {
    ...richTextOptions.transformTags,
    b: 'strong',
    i: 'em',
    strike: 's',
    img: (_tagName, attribs) => {
      const src = safeImageSrc(attribs.src);
      const out: Record<string, string> = {};
      if (src) out.src = src;
      if (attribs.alt) out.alt = attribs.alt;
      // The image's own size in pixels, both or neither: the browser reserves its place (no layout shift when it
      // arrives) and CSS still scales it down (height: auto).
      const width = imageDimension(attribs.width);
      const height = imageDimension(attribs.height);
      if (width && height) Object.assign(out, { width, height });
      return { tagName: 'img', attribs: out };
    },
    th: tableCell,
    td: tableCell,
  },
  // An image whose address was refused is dropped whole rather than kept as an empty <img>.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const textOnlyOptions: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
};

// PostgreSQL text cannot hold NUL, and a lone surrogate is not valid UTF-8: neither is anything a person typed.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (s: string) => s.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd');

/** User rich text reduced to the allowlist. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(storable(html), richTextOptions).trim();
}

/** Studio-authored rich text reduced to the wider authored allowlist (headings, lists, code, links, images, tables). */
export function sanitizeAuthoredHtml(html: string): string {
  return sanitizeHtml(storable(html), authoredOptions).trim();
}

// sanitize-html escapes exactly these four in text it re-emits (entities were decoded while parsing),
// so reversing them answers the text as a reader sees it.
const unescapeText = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The visible text of some HTML: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return unescapeText(sanitizeHtml(storable(html), textOnlyOptions))
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A title is plain text: any markup in it is dropped, not escaped; the web renders it as text. */
export const sanitizeTitle = (title: string): string => htmlToText(title);

/** True when HTML shows no text at all (empty, only whitespace, or only markup that was dropped). */
export const isBlankHtml = (html: string): boolean => htmlToText(html) === '';

/** Sanitized authored HTML with nothing to show: no text and no image. */
export const isBlankAuthoredHtml = (html: string): boolean => isBlankHtml(html) && !/<img\s/i.test(html);
