// A blog post on the server: the post is read in process; its head has the post's own description, and
// BlogPosting and BreadcrumbList JSON-LD.
import type { Blog } from '../../../shared/contract';
import { patterns, paths } from '../../app/paths';
import { stripHtml } from '../../lib/excerpt';
import { breadcrumbs, describe, provider } from '../../ssr/head';
import { declarePage } from '../../ssr/page-declaration';
import { blogQueryOptions } from './api/get-blog';

export const page = declarePage({
  pattern: patterns.blog,
  reads: ['/api/blog/getBlogDetail/'],
  head: ({ client, params, publicUrl, url, card, site }) => {
    const id = params.blogId ?? '';
    const post = client.getQueryData<Blog[]>(blogQueryOptions(id).queryKey)?.[0];
    if (!post) return null;
    const canonical = url(paths.blog(id));
    const description = describe(post.content, `${post.title}, on the ${site.siteName} blog.`);
    return {
      shareTitle: post.title,
      description,
      canonical,
      type: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: Array.from(stripHtml(post.title)).slice(0, 110).join(''),
          description,
          datePublished: post.date,
          url: canonical,
          mainEntityOfPage: canonical,
          image: [card.image],
          author: provider(publicUrl, site.siteName),
          publisher: provider(publicUrl, site.siteName),
        },
        breadcrumbs(publicUrl, [
          ['Home', paths.home()],
          ['Blog', paths.blogs()],
          [post.title, paths.blog(id)],
        ]),
      ],
    };
  },
});
