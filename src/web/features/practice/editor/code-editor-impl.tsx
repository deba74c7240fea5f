// CodeMirror 6 as a controlled React component: syntax colours through CSS classes (`classHighlighter`'s `tok-*`,
// coloured in code-editor.css with the theme's variables, so both themes read it), line numbers, bracket matching and
// closing, undo and redo. Tab indents; Escape then Tab leaves the editor (CodeMirror's own rule), so the keyboard is
// never trapped. CodeMirror puts its base styles in a `<style>` element, which the app's CSP admits (style-src
// 'unsafe-inline'); it would take a nonce (EditorView.cspNonce) if that ever changed.
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { useEffect, useRef, useState } from 'react';
import type { CodeEditorProps, EditorLanguage } from './code-editor';

/** Each language's support, loaded with the editor (lang-html brings JavaScript and CSS for its script and style). */
async function languageSupport(language: EditorLanguage): Promise<Extension> {
  switch (language) {
    case 'python':
      return (await import('@codemirror/lang-python')).python();
    case 'html':
      return (await import('@codemirror/lang-html')).html();
    default:
      return (await import('@codemirror/lang-javascript')).javascript({ typescript: language === 'typescript' });
  }
}

function CodeEditorImpl({ value, onChange, language, label, readOnly = false, describedBy }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const [compartments] = useState(() => ({
    language: new Compartment(),
    readOnly: new Compartment(),
    attributes: new Compartment(),
  }));

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The view is made once; the props below reach it through compartments and transactions.
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          indentUnit.of(language === 'python' ? '    ' : '  '),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(classHighlighter),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.lineWrapping,
          compartments.language.of([]),
          compartments.readOnly.of([]),
          compartments.attributes.of([]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The document's later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [compartments]);

  useEffect(() => {
    let current = true;
    void languageSupport(language).then((support) => {
      if (current) view.current?.dispatch({ effects: compartments.language.reconfigure(support) });
    });
    return () => {
      current = false;
    };
  }, [compartments, language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        compartments.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        compartments.attributes.reconfigure(
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-multiline': 'true',
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
            ...(readOnly ? { 'aria-readonly': 'true' } : {}),
          }),
        ),
      ],
    });
  }, [compartments, label, readOnly, describedBy]);

  // A new value from outside (Reset, code restored) replaces the document; the editor's own edits already match it.
  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className="code-editor__view" />;
}

export default CodeEditorImpl;
