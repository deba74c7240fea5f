// The Tiptap editor behind AuthoredEditor (loaded lazily): headings, emphasis, links, lists, quotes, code blocks
// with a language, uploaded images and tables. The server sanitizes what it writes with the authored allowlist;
// this only decides what the toolbar offers. Toolbar buttons show their names as text (axe's
// label-content-name-mismatch: a visible '1.' would not match 'Numbered list'); toggles say aria-pressed.
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import type { AuthoredEditorProps } from './authored-editor';
import { EDITOR_LINK_OPTIONS } from '../../../components/editor-link-options';
import { FilePicker } from './file-picker';

/** Languages the server's highlighter knows; the value becomes the code block's `language-…` class. */
const CODE_LANGUAGES = [
  ['', 'Plain text'],
  ['javascript', 'JavaScript'],
  ['typescript', 'TypeScript'],
  ['jsx', 'JSX'],
  ['tsx', 'TSX'],
  ['html', 'HTML'],
  ['css', 'CSS'],
  ['json', 'JSON'],
  ['bash', 'Shell'],
  ['python', 'Python'],
  ['sql', 'SQL'],
  ['go', 'Go'],
  ['rust', 'Rust'],
  ['java', 'Java'],
  ['c', 'C'],
  ['cpp', 'C++'],
  ['csharp', 'C#'],
  ['php', 'PHP'],
  ['ruby', 'Ruby'],
  ['yaml', 'YAML'],
  ['markdown', 'Markdown'],
  ['diff', 'Diff'],
] as const;

/** An image file's size in pixels, stored on its <img> so a page keeps the image's place before it loads (no layout
 *  shift); nothing when the browser cannot decode it (the server judges the file anyway). */
async function naturalSize(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : undefined;
  } catch {
    return undefined;
  }
}

export default function AuthoredEditorImpl({
  value,
  onChange,
  label,
  uploadImage,
  placeholder,
  readOnly = false,
}: AuthoredEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        horizontalRule: false,
        link: EDITOR_LINK_OPTIONS,
      }),
      Image.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    editable: !readOnly,
    // The toolbar shows what is active at the cursor, so it re-renders as the selection moves.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: 'rich-text-editor__content authored-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // The parent owns the value: when it sets other HTML (a reload after a conflict), the document follows.
  useEffect(() => {
    // useEditor destroys its editor when React disconnects the effects of a hidden subtree (a Suspense boundary
    // showing its fallback during a route change) and makes a new one after; the old one has no schema left.
    if (!editor || editor.isDestroyed) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value !== shown) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <div className="rich-text-editor authored-editor">
      {editor && !readOnly && <Toolbar editor={editor} label={label} uploadImage={uploadImage} />}
      <EditorContent editor={editor} />
    </div>
  );
}

interface Toggle {
  label: string;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOGGLES: Toggle[] = [
  { label: 'Bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Code', active: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  {
    label: 'Quote',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'Bulleted list',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Code block',
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
];

const TABLE_ACTIONS: { label: string; run: (editor: Editor) => boolean }[] = [
  { label: 'Add row', run: (e) => e.chain().focus().addRowAfter().run() },
  { label: 'Delete row', run: (e) => e.chain().focus().deleteRow().run() },
  { label: 'Add column', run: (e) => e.chain().focus().addColumnAfter().run() },
  { label: 'Delete column', run: (e) => e.chain().focus().deleteColumn().run() },
  { label: 'Delete table', run: (e) => e.chain().focus().deleteTable().run() },
];

const paragraph = (text: string) => ({
  type: 'paragraph',
  content: text === '' ? [] : [{ type: 'text', text }],
});
const row = (cell: 'tableHeader' | 'tableCell', texts: string[]) => ({
  type: 'tableRow',
  content: texts.map((text) => ({ type: cell, content: [paragraph(text)] })),
});
/** A 3 × 3 table whose header row is named: an empty header cell is an accessibility fault (axe:
 *  empty-table-header) that the author may not notice. */
const newTable = () => ({
  type: 'table',
  content: [
    row('tableHeader', ['Column 1', 'Column 2', 'Column 3']),
    row('tableCell', ['', '', '']),
    row('tableCell', ['', '', '']),
  ],
});

// Keep the editor's selection: a mousedown on a toolbar button would otherwise blur it first.
const keepSelection = (event: { preventDefault: () => void }) => event.preventDefault();

function textStyle(editor: Editor): string {
  for (const level of [2, 3, 4]) if (editor.isActive('heading', { level })) return String(level);
  return 'p';
}

type Panel = 'link' | 'image' | null;

function Toolbar({
  editor,
  label,
  uploadImage,
}: {
  editor: Editor;
  label: string;
  uploadImage: (file: File) => Promise<string>;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const styleId = useId();
  const languageId = useId();
  const inCodeBlock = editor.isActive('codeBlock');
  const inTable = editor.isActive('table');
  const toggle = (next: Exclude<Panel, null>) => setPanel((open) => (open === next ? null : next));

  return (
    <div className="authored-editor__bar">
      <div className="rich-text-editor__toolbar" role="toolbar" aria-label={`Formatting: ${label}`}>
        <label className="visually-hidden" htmlFor={styleId}>
          Text style
        </label>
        <select
          id={styleId}
          className="authored-editor__select"
          value={textStyle(editor)}
          onChange={(event) => {
            const level = Number(event.target.value);
            const chain = editor.chain().focus();
            if (level === 2 || level === 3 || level === 4) chain.setHeading({ level }).run();
            else chain.setParagraph().run();
          }}
        >
          <option value="p">Paragraph</option>
          <option value="2">Heading 2</option>
          <option value="3">Heading 3</option>
          <option value="4">Heading 4</option>
        </select>
        {TOGGLES.map((item) => (
          <button
            key={item.label}
            type="button"
            className="rich-text-editor__tool authored-editor__tool"
            aria-pressed={item.active(editor)}
            onMouseDown={keepSelection}
            onClick={() => item.run(editor)}
          >
            {item.label}
          </button>
        ))}
        <button
          type="button"
          className="rich-text-editor__tool authored-editor__tool"
          aria-expanded={panel === 'link'}
          onMouseDown={keepSelection}
          onClick={() => toggle('link')}
        >
          Link
        </button>
        <button
          type="button"
          className="rich-text-editor__tool authored-editor__tool"
          aria-expanded={panel === 'image'}
          onClick={() => toggle('image')}
        >
          Insert image
        </button>
        <button
          type="button"
          className="rich-text-editor__tool authored-editor__tool"
          disabled={inTable}
          onMouseDown={keepSelection}
          onClick={() => editor.chain().focus().insertContent(newTable()).run()}
        >
          Insert table
        </button>
      </div>
      {(inCodeBlock || inTable) && (
        <div
          className="rich-text-editor__toolbar authored-editor__context"
          role="toolbar"
          aria-label={inTable ? 'Table' : 'Code block'}
        >
          {inCodeBlock && (
            <>
              <label htmlFor={languageId}>Code language</label>
              <select
                id={languageId}
                className="authored-editor__select"
                value={(editor.getAttributes('codeBlock').language as string | null | undefined) ?? ''}
                onChange={(event) =>
                  editor
                    .chain()
                    .focus()
                    .updateAttributes('codeBlock', { language: event.target.value || null })
                    .run()
                }
              >
                {CODE_LANGUAGES.map(([valueName, text]) => (
                  <option key={valueName} value={valueName}>
                    {text}
                  </option>
                ))}
              </select>
            </>
          )}
          {inTable &&
            TABLE_ACTIONS.map((action) => (
              <button
                key={action.label}
                type="button"
                className="rich-text-editor__tool authored-editor__tool"
                onMouseDown={keepSelection}
                onClick={() => action.run(editor)}
              >
                {action.label}
              </button>
            ))}
        </div>
      )}
      {panel === 'link' && <LinkPanel editor={editor} onDone={() => setPanel(null)} />}
      {panel === 'image' && <ImagePanel editor={editor} uploadImage={uploadImage} onDone={() => setPanel(null)} />}
    </div>
  );
}

function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const inputRef = useRef<HTMLInputElement>(null);
  // The panel opens on a click; the address field is where the person goes next.
  useEffect(() => inputRef.current?.focus(), []);

  function apply(event: { preventDefault: () => void }) {
    event.preventDefault();
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url === '') chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onDone();
  }

  return (
    // A div, not a form: the editor usually sits inside the page's own form.
    <div className="authored-editor__panel" role="group" aria-label="Link">
      <label htmlFor={inputId}>Link address</label>
      <input
        id={inputId}
        className="input"
        type="url"
        placeholder="https://"
        value={href}
        ref={inputRef}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
          if (event.key === 'Escape') onDone();
        }}
      />
      <div className="authored-editor__panel-actions">
        <button type="button" className="button" onClick={apply}>
          Apply link
        </button>
        {current !== '' && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            Remove link
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function ImagePanel({
  editor,
  uploadImage,
  onDone,
}: {
  editor: Editor;
  uploadImage: (file: File) => Promise<string>;
  onDone: () => void;
}) {
  const fileId = useId();
  const altId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function insert() {
    if (!file) {
      setMessage('Choose an image file first.');
      return;
    }
    setBusy(true);
    setMessage('Uploading…');
    try {
      const [src, size] = await Promise.all([uploadImage(file), naturalSize(file)]);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: alt.trim(), ...size })
        .run();
      onDone();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : 'The image could not be uploaded.');
      setBusy(false);
    }
  }

  return (
    <div className="authored-editor__panel" role="group" aria-label="Insert image">
      <label htmlFor={fileId}>Image file</label>
      <FilePicker
        id={fileId}
        kind="image"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setMessage('');
        }}
      />
      <label htmlFor={altId}>Alt text (what the image shows)</label>
      <input id={altId} className="input" value={alt} onChange={(event) => setAlt(event.target.value)} />
      <div className="authored-editor__panel-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void insert()}>
          Upload and insert
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      <p className="authored-editor__message" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
