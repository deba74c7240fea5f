// The rich-text field for authored content (course and lesson descriptions, tutorials, posts): the full allowlist
// with a toolbar, images uploaded through the media call, tables. Like the comment editor it is a lazy chunk; the
// image and table extensions load only with it.
import { lazy, Suspense } from 'react';
import '../../../components/rich-text-editor.css';

export interface AuthoredEditorProps {
  /** The HTML shown. */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the field (its visible label says the same). */
  label: string;
  /** Uploads an image file and answers its URL. */
  uploadImage: (file: File) => Promise<string>;
  placeholder?: string;
  /** Shown but not editable (someone else's item): no toolbar either. */
  readOnly?: boolean;
}

const Editor = lazy(() => import('./authored-editor-impl'));

export function AuthoredEditor(props: AuthoredEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text-editor authored-editor rich-text-editor--loading" aria-busy="true">
          <div className="rich-text-editor__content authored-editor__content">Loading the editor…</div>
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
