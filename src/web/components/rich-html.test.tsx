// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichHtml } from './rich-html';

const HIGHLIGHTED =
  '<p>Run:</p><pre><code class="language-javascript"><span class="hl-keyword">const </span>a = ' +
  '<span class="hl-constant">1</span>;</code></pre><pre><code>plain &lt;text&gt;</code></pre>';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RichHtml with code blocks', () => {
  it("keeps the server's token classes through DOMPurify, and renders the same HTML on every render", () => {
    const html = renderToString(<RichHtml html={HIGHLIGHTED} />);
    expect(html).toContain('<span class="hl-keyword">const </span>');
    expect(html).toContain('<code class="language-javascript">');
    expect(html).not.toContain('Copy');
    expect(renderToString(<RichHtml html={HIGHLIGHTED} />)).toBe(html);
  });

  it('adds one Copy button per block after mounting, which copies the code and says Copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container, rerender } = render(<RichHtml html={HIGHLIGHTED} />);
    const buttons = screen.getAllByRole('button', { name: 'Copy' });
    expect(buttons).toHaveLength(2);
    const blocks = Array.from(container.querySelectorAll('pre'));
    expect(blocks.map((pre) => pre.parentElement?.className)).toEqual(['code-block', 'code-block']);

    rerender(<RichHtml html={HIGHLIGHTED} />);
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);

    fireEvent.click(buttons[0]);
    await waitFor(() => expect(buttons[0].textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
    expect(screen.getAllByRole('status')[0].textContent).toBe('Copied');
  });

  it('selects the code and says how to copy it when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    render(<RichHtml html={HIGHLIGHTED} />);
    const [, second] = screen.getAllByRole('button', { name: 'Copy' });
    fireEvent.click(second);
    await waitFor(() => expect(second.textContent).toBe('Selected: press Ctrl+C (⌘C on a Mac)'));
    expect(getSelection()?.toString()).toBe('plain <text>');
  });
});
