// '/blog/' and '/blog': every post as a card with its date and the start of its text.
import { EXCERPT } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { CardGrid, ContentCard } from '../../components/content-card';
import { QueryView } from '../../components/query-view';
import { LocalDate } from '../../components/local-date';
import { excerpt } from '../../lib/excerpt';
import { useBlogs } from './api/get-blogs';

export default function BlogsPage() {
  const blogs = useBlogs();
  return (
    <section className="container section">
      <h1 className="page-title">Our Blogs</h1>
      <QueryView query={blogs} loadingLabel="Loading blog posts…" what="The blog posts">
        {(list) => (
          <CardGrid items={list} emptyText="No blog posts yet.">
            {(blog) => (
              <ContentCard
                key={blog._id}
                to={paths.blog(blog._id)}
                meta={<LocalDate iso={blog.date} />}
                title={blog.title}
                text={excerpt(blog.content, EXCERPT.blog)}
                linkLabel="Read more"
              />
            )}
          </CardGrid>
        )}
      </QueryView>
    </section>
  );
}
