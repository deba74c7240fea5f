// Every colour a highlighted code block can show keeps WCAG AA contrast (4.5:1 for body text) against the block's
// background, in the light and in the dark theme. Read from the stylesheet itself, so a new colour is checked too.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_TOKEN_KINDS as TOKEN_KINDS } from '../../shared/code-highlight';

const css = fs.readFileSync(new URL('./rich-html.css', import.meta.url), 'utf8');

/** The `--hl-*` custom properties declared in the rule whose selector is exactly `selector`. */
function variables(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, `rule ${selector}`).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/--hl-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}

const THEMES = { light: variables(':root'), dark: variables(":root[data-theme='dark']") };

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('code block colours', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('styles every token kind the highlighter emits, through a themed colour', () => {
    for (const kind of TOKEN_KINDS)
      expect(css).toMatch(new RegExp(`\\.hl-${kind} \\{\\s*color: var\\(--hl-${kind}\\);`));
  });

  it.each(Object.entries(THEMES))('%s theme: text, tokens and the Copy button meet AA on the block', (_theme, vars) => {
    const background = vars.get('bg') ?? '';
    expect(background).toMatch(/^#[0-9a-f]{6}$/);
    const colours = ['fg', ...TOKEN_KINDS];
    const failing = colours
      .map((name) => ({ name, colour: vars.get(name), ratio: contrast(vars.get(name) ?? '#000000', background) }))
      .filter(({ colour, ratio }) => !colour || ratio < 4.5)
      .map(({ name, colour, ratio }) => `${name} ${colour ?? 'missing'} ${ratio.toFixed(2)}:1`);
    expect(failing).toEqual([]);
  });
});
