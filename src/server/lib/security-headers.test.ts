// The CSP's inline scripts are exactly the page template's own: each allowed by the hash of its text.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each classic inline script, not scripts with a source or empty ones', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module" src="/assets/index.js"></script>',
      '<script src="/x.js"></script>',
      '<script data-inline="src/x.ts"></script>',
      '<script>\nb()\n</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('\nb()\n')]);
  });

  it('takes no script named in an HTML comment for one: the script after it is hashed as the browser runs it', () => {
    const html = '<!-- Each <script data-inline> is written by the build. -->\n<script>theme()</script>';
    expect(inlineScriptHashes(html)).toEqual([hash('theme()')]);
  });
});
