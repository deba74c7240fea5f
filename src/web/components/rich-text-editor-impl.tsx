// The Tiptap editor behind RichTextEditor (loaded lazily). Its extensions write only what the server's allowlist
// keeps (docs/decisions/0003-rich-text-sanitizing.md): paragraphs, emphasis, code, code blocks, lists, quotes,
// h2–h4 and links.
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import { EDITOR_LINK_OPTIONS } from './editor-link-options';

/** At most this many updates wait for the parent to echo them (a parent that never re-renders keeps none). */
const UNECHOED_MAX = 200;

export default function RichTextEditorImpl({
  value,
  onChange,
  label,
  placeholder,
  toolbar,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  // What this editor sent the parent that the parent's renders have not handed back yet, oldest first. The parent
  // re-renders after the editor has moved on when typing is fast (its state update waits for React while the next
  // keystroke lands), so `value` may be one of these, older than the document: an echo, not a change to apply.
  const unechoed = useRef<string[]>([]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        horizontalRule: false,
        link: EDITOR_LINK_OPTIONS,
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    // The toolbar shows which marks are active, so it re-renders as the selection moves.
    shouldRerenderOnTransaction: Boolean(toolbar),
    editorProps: {
      attributes: {
        class: 'rich-text-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        // Only when set: ProseMirror would write an unset attribute as the text 'undefined'. The options are handed
        // to the editor again on each render, so these follow the props.
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      const sent = unechoed.current;
      sent.push(html);
      if (sent.length > UNECHOED_MAX) sent.shift();
      onChange(html);
    },
  });

  // The parent owns the value: when it clears it (or sets other HTML), the document follows. A value the editor
  // sent itself is an echo: applying a stale one would undo the keystrokes typed since (and give the text typed
  // next the marks of the wrong place). The parent's renders hand values back in the order they were sent.
  useEffect(() => {
    if (!editor) return;
    const sent = unechoed.current;
    const echoed = sent.indexOf(value);
    if (echoed !== -1) {
      sent.splice(0, echoed + 1);
      return;
    }
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value === shown) return;
    sent.length = 0;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rich-text-editor">
      {toolbar && editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolbarButton {
  label: string;
  text: string;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const BUTTONS: ToolbarButton[] = [
  { label: 'Bold', text: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  {
    label: 'Italic',
    text: 'I',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Inline code',
    text: '</>',
    active: (e) => e.isActive('code'),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    label: 'Code block',
    text: '{ }',
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    label: 'Bulleted list',
    text: '•',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    text: '1.',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

function Toolbar({ editor }: { editor: Editor }) {
  return (
    <div className="rich-text-editor__toolbar" role="toolbar" aria-label="Formatting">
      {BUTTONS.map((button) => (
        <button
          key={button.label}
          type="button"
          className="rich-text-editor__tool"
          title={button.label}
          aria-pressed={button.active(editor)}
          // Keep the editor's selection: a mousedown on the button would otherwise blur it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => button.run(editor)}
        >
          {/* The name comes from the hidden text: a symbol ('1.') in an aria-label's place would not be part of the
              name that voice control users speak (axe label-content-name-mismatch). */}
          <span aria-hidden="true">{button.text}</span>
          <span className="visually-hidden">{button.label}</span>
        </button>
      ))}
    </div>
  );
}
