// Renders stored HTML (course descriptions, tutorials, blog posts, comments) after DOMPurify on the client, on top
// of the server's sanitizer: defence in depth for the main attack surface. Code blocks arrive highlighted by the
// server (`span.hl-*`, decision 0017) and get a Copy button once mounted.
import DOMPurify, { type WindowLike } from 'dompurify';
import { useEffect, useMemo, useRef } from 'react';
import { addCopyButtons, type CodeBlockRunner } from './copy-code';
import './rich-html.css';

let instance = DOMPurify;
let hooked = false;

/** Server rendering: DOMPurify works on a DOM, so the server gives it one (jsdom) and pages carry the same markup
 *  as the browser makes of them (docs/decisions/0016). */
export function setPurifierWindow(window: WindowLike): void {
  instance = DOMPurify(window);
  hooked = false;
}

function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    instance.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        const rel = new Set((node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
        rel.add('noopener');
        if (node.getAttribute('target') === '_blank') rel.add('noreferrer');
        node.setAttribute('rel', [...rel].join(' '));
      }
      if (node.tagName === 'PRE') {
        // A code block scrolls sideways on a phone: focusable, so the keyboard can scroll it (WCAG 2.1.1).
        node.setAttribute('tabindex', '0');
      }
      if (node.tagName === 'IMG') {
        // Images in content are decorative unless their author said otherwise; lazy so long posts load fast.
        if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
        node.setAttribute('loading', 'lazy');
        node.setAttribute('decoding', 'async');
      }
    });
  }
  return instance;
}

export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

export function RichHtml({
  html,
  className,
  runnable,
}: {
  html: string;
  className?: string;
  /** Makes code blocks in its languages runnable: a Run button beside Copy (lessons, tutorials, posts). */
  runnable?: CodeBlockRunner;
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const ref = useRef<HTMLDivElement>(null);
  // After every render that set new HTML (React replaced the children, buttons included).
  useEffect(() => {
    const root = ref.current;
    addCopyButtons(root, runnable);
    return () => {
      if (root) runnable?.closeAll?.(root);
    };
  }, [clean, runnable]);
  return (
    <div
      ref={ref}
      className={className ? `rich-html ${className}` : 'rich-html'}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
