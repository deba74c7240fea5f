// '/studio/blogs/:blogId': a post's title and content, saved as you type; its date is the first publish date.
import type { StudioBlog } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { useParams } from '../../lib/router';
import { formatWhen } from './components/format-when';
import { canChange, EditorFrame, ItemEditorScreen, useItemEditor } from './components/item-editor';
import { RichTextField, TitleField } from './components/studio-fields';

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
  const editor = useItemEditor('blogs', blog, pickBlog);
  const { draft, autosave } = editor;

  return (
    <EditorFrame
      kind="blogs"
      item={blog}
      editor={editor}
      readOnly={readOnly}
      viewHref={paths.blog(blog._id)}
      labels={LABELS}
      htmlFields={['content']}
      meta={
        <p className="studio-editor__meta">
          {blog.date ? (
            <>
              First published <time dateTime={blog.date}>{formatWhen(blog.date)}</time> (the post&apos;s date)
            </>
          ) : (
            'Not published yet: the post is dated when it is first published.'
          )}
        </p>
      }
    >
      <div className="studio-form">
        <TitleField value={draft.title} onChange={(title) => autosave.set('title', title)} />
        <RichTextField
          label="Content"
          value={draft.content}
          onChange={(html) => autosave.set('content', html)}
          readOnly={readOnly}
        />
      </div>
    </EditorFrame>
  );
}
