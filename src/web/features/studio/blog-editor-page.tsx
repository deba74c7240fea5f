// '/studio/blogs/:blogId': a post's title and content, saved as you type; its date is the first publish date.
import { useId } from 'react';
import { useParams } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import type { StudioBlog } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { AuthoredEditor } from './components/authored-editor';
import { formatWhen } from './components/format-when';
import {
  canChange,
  DeleteItem,
  EditorHead,
  ItemEditorScreen,
  ReadOnlyNotice,
  uploadImage,
  useItemEditor,
} from './components/item-editor';
import { RecoveredChanges } from './components/recovered-changes';

export default function BlogEditorPage() {
  const { blogId = '' } = useParams();
  return (
    <ItemEditorScreen kind="blogs" id={blogId} key={blogId}>
      {(blog, me) => <BlogEditor blog={blog} readOnly={!canChange(me, blog.author)} />}
    </ItemEditorScreen>
  );
}

const pickBlog = (blog: StudioBlog) => ({ title: blog.title, content: blog.content, status: blog.status });
const LABELS = { title: 'Title', content: 'Content' };

function BlogEditor({ blog, readOnly }: { blog: StudioBlog; readOnly: boolean }) {
  const titleId = useId();
  const editor = useItemEditor('blogs', blog, pickBlog);
  const { draft, saved, autosave } = editor;

  return (
    <article className="studio-editor">
      <EditorHead
        kind="blogs"
        status={saved.status}
        state={editor.state}
        error={editor.error}
        reloading={editor.reloading}
        onPublish={(next) => void editor.publish(next)}
        onReload={() => void editor.reload()}
        readOnly={readOnly}
        viewHref={paths.blog(blog._id)}
      >
        <p className="studio-editor__meta">
          {blog.date ? (
            <>
              First published <time dateTime={blog.date}>{formatWhen(blog.date)}</time> (the post&apos;s date)
            </>
          ) : (
            'Not published yet: the post is dated when it is first published.'
          )}
        </p>
      </EditorHead>
      {editor.recovered && (
        <RecoveredChanges
          recovered={editor.recovered}
          labels={LABELS}
          htmlFields={['content']}
          onRestore={(field) => autosave.restore(field)}
          onDismiss={() => autosave.dismissRecovered()}
        />
      )}
      {readOnly && <ReadOnlyNotice kind="blogs" author={blog.author} />}
      <fieldset className="studio-fieldset" disabled={readOnly}>
        <div className="studio-form">
          <div className="studio-field">
            <label htmlFor={titleId}>Title</label>
            <input
              id={titleId}
              className="input"
              required
              maxLength={LIMITS.titleMax}
              value={draft.title}
              onChange={(event) => autosave.set('title', event.target.value)}
            />
          </div>
          <div className="studio-field">
            <span className="studio-field__label" aria-hidden="true">
              Content
            </span>
            <AuthoredEditor
              label="Content"
              value={draft.content}
              onChange={(html) => autosave.set('content', html)}
              uploadImage={uploadImage}
              readOnly={readOnly}
            />
          </div>
        </div>
        <DeleteItem kind="blogs" id={blog._id} title={saved.title} />
      </fieldset>
    </article>
  );
}
