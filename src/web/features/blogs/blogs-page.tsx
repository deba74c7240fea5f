// '/blog/' and '/blog': every post as a card with its date and the start of its text.
import { EXCERPT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { ContentCard } from '../../components/content-card';
import { QueryView } from '../../components/query-view';
import { excerpt, formatDate } from '../../lib/format';
import { useBlogs } from './api/get-blogs';

export default function BlogsPage() {
  const blogs = useBlogs();
  return (
    <section className="container section">
      <h1 className="page-title">Our Blogs</h1>
      <QueryView query={blogs} loadingLabel="Loading blog posts…">
        {(list) =>
          list.length === 0 ? (
            <p className="empty-state">No blog posts yet.</p>
          ) : (
            <div className="card-grid">
              {list.map((blog) => (
                <ContentCard
                  key={blog._id}
                  to={paths.blog(blog._id)}
                  meta={<time dateTime={blog.date}>{formatDate(blog.date)}</time>}
                  title={blog.title}
                  text={excerpt(blog.content, EXCERPT.blog)}
                  linkLabel="Read more"
                />
              ))}
            </div>
          )
        }
      </QueryView>
    </section>
  );
}
