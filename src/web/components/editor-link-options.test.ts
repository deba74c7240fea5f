// @vitest-environment happy-dom
// The editors never turn code into links. Text typed or pasted inside inline code or a code block stays
// code; the same text in a paragraph becomes a link.
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { EDITOR_LINK_OPTIONS } from './editor-link-options';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

/** An editor with the editors' link options, the cursor after the first character of `content`. */
function editorWith(content: string): Editor {
  const editor = new Editor({ extensions: [StarterKit.configure({ link: EDITOR_LINK_OPTIONS })], content });
  editors.push(editor);
  editor.commands.setTextSelection(2);
  return editor;
}

/** Types `text` one character at a time, as a keyboard does (autolink runs after each). */
function type(editor: Editor, text: string) {
  for (const ch of text) {
    const { from, to } = editor.state.selection;
    editor.view.dispatch(editor.state.tr.insertText(ch, from, to));
  }
}

const URL_TEXT = 'see https://example.com and www.example.org ok ';

describe('links and code in the editors', () => {
  it.each([
    ['a code block', '<pre><code>x</code></pre>'],
    ['inline code', '<p><code>x</code></p>'],
  ])('URLs typed or pasted inside %s stay code', (_where, content) => {
    const typed = editorWith(content);
    type(typed, URL_TEXT);
    expect(typed.getHTML()).not.toContain('<a');
    expect(typed.getHTML()).toContain(`x${URL_TEXT}`);

    const pasted = editorWith(content);
    pasted.view.pasteText(URL_TEXT);
    expect(pasted.getHTML()).not.toContain('<a');
  });

  it('the same URL typed in a paragraph becomes a link', () => {
    const editor = editorWith('<p>x</p>');
    type(editor, 'go https://example.com ');
    expect(editor.getHTML()).toContain('<a');
    expect(editor.getHTML()).toContain('href="https://example.com"');
  });
});
