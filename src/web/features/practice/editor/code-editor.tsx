// The code editor (CodeMirror 6). CodeMirror and its languages weigh ~100 KB gzip, so this wrapper is all a page
// imports: the editor is a separate chunk fetched when the component first renders, and until it arrives the code is
// shown in a `<pre>`, as the server-rendered page shows it.
import { lazy, Suspense } from 'react';
import { RUNNER_TEXTS } from '../../../../shared/practice-runner';
import '../../../components/rich-html.css';
import './code-editor.css';

export type EditorLanguage = 'javascript' | 'typescript' | 'python' | 'html';

export interface CodeEditorProps {
  value: string;
  onChange: (code: string) => void;
  language: EditorLanguage;
  /** The editor's accessible name. */
  label: string;
  readOnly?: boolean;
  /** The id of an element that describes the editor (a prompt, a problem), for aria-describedby. */
  describedBy?: string;
}

const Editor = lazy(() => import('./code-editor-impl'));

/** The code as plain text: what the page shows before the editor has loaded (and without JavaScript). */
export function CodePreview({ value }: { value: string }) {
  return (
    // A block that scrolls sideways is reachable by keyboard (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre className="code-editor__preview" tabIndex={0}>
      <code>{value}</code>
    </pre>
  );
}

export function CodeEditor(props: CodeEditorProps) {
  return (
    <div className="code-editor">
      <Suspense fallback={<CodePreview value={props.value} />}>
        <Editor {...props} />
      </Suspense>
      {!props.readOnly && <p className="code-editor__hint">{RUNNER_TEXTS.escapeHint}</p>}
    </div>
  );
}
