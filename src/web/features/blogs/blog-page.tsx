// '/blog/:blogId': a blog post.
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { LocalDate } from '../../components/local-date';
import { useParams } from '../../lib/router';
import { useBlog } from './api/get-blog';
import { runnableExamples } from '../practice';

export default function BlogPage() {
  const { blogId = '' } = useParams();
  const blog = useBlog(blogId);
  return (
    <QueryView query={blog} loadingLabel="Loading the post…" what="The post" isEmpty={(list) => list.length === 0}>
      {([data]) => (
        <article className="container article">
          <p className="article__meta">
            <LocalDate iso={data.date} />
          </p>
          <h1 className="page-title">{data.title}</h1>
          <RichHtml html={data.content} runnable={runnableExamples} />
        </article>
      )}
    </QueryView>
  );
}
