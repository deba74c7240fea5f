// The rich-text field (comments, bugs, solutions). Tiptap weighs ~120 KB gzip, so this wrapper is all a page
// imports: the editor itself is a separate chunk fetched only when a field is first shown, so it stays out of the
// first load.
import { lazy, Suspense } from 'react';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The HTML shown; '' clears the field (after a submit, say). */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the field. */
  label: string;
  placeholder?: string;
  /** A small formatting toolbar: bold, italic, inline code, code block, lists. */
  toolbar?: boolean;
  /** The field's value has a problem (aria-invalid). */
  invalid?: boolean;
  /** The id of the element that describes the field (its problem), for aria-describedby. */
  describedBy?: string;
}

const Editor = lazy(() => import('./rich-text-editor-impl'));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text-editor rich-text-editor--loading" aria-busy="true">
          <div className="rich-text-editor__content">{props.placeholder ?? ''}</div>
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
