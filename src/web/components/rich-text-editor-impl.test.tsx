// @vitest-environment happy-dom
// The editor follows its parent's value without ever undoing typing: under load the parent re-renders with a value
// the editor sent a keystroke ago (once, "`run()` " typed fast was stored as `<code> run()</code>`).
import type { Editor } from '@tiptap/react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RichTextEditorImpl from './rich-text-editor-impl';

afterEach(cleanup);

/** Tiptap keeps its editor on the editable element (`view.dom.editor`). */
async function editorIn(container: HTMLElement): Promise<Editor> {
  return waitFor(() => {
    const dom = container.querySelector<HTMLElement & { editor?: Editor }>('.ProseMirror');
    if (!dom?.editor) throw new Error('the editor has not mounted yet');
    return dom.editor;
  });
}

function mount(value: string) {
  const onChange = vi.fn<(html: string) => void>();
  const props = { label: 'Bug description', onChange, toolbar: true };
  const view = render(<RichTextEditorImpl {...props} value={value} />);
  const show = (next: string) => view.rerender(<RichTextEditorImpl {...props} value={next} />);
  return { ...view, onChange, show };
}

describe('RichTextEditorImpl and its parent’s value', () => {
  it('keeps what was typed when the parent re-renders with a value the editor sent earlier', async () => {
    const { container, onChange, show } = mount('');
    const editor = await editorIn(container);
    editor.commands.insertContent('It fails when calling ');
    const first = onChange.mock.lastCall?.[0] ?? '';
    editor.chain().toggleCode().insertContent('run()').run();
    const second = onChange.mock.lastCall?.[0] ?? '';
    expect(second).toBe('<p>It fails when calling <code>run()</code></p>');

    // The parent catches up one update late, then with the latest: the document never goes back.
    show(first);
    expect(editor.getHTML()).toBe(second);
    show(second);
    expect(editor.getHTML()).toBe(second);
  });

  it('follows the parent when it clears the field or sets other HTML', async () => {
    const { container, onChange, show } = mount('<p>draft</p>');
    const editor = await editorIn(container);
    expect(editor.getHTML()).toBe('<p>draft</p>');
    editor.commands.insertContent(' more');
    show(onChange.mock.lastCall?.[0] ?? '');
    show('');
    expect(editor.isEmpty).toBe(true);
    // An empty field the user once emptied is still followed when the parent sets it again.
    show('<p>draft</p>');
    expect(editor.getHTML()).toBe('<p>draft</p>');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
