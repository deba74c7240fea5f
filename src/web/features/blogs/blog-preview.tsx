// '/preview/blog/:blogId': a draft or unpublished changes of a post, as its page will show them (decision 0051).
import { PreviewFrame } from '../../components/preview-frame';
import { useParams } from '../../lib/router';
import BlogPage from './blog-page';

export default function BlogPreview() {
  const { blogId = '' } = useParams();
  return <PreviewFrame kind="blogs" id={blogId} queryKey={['blog', blogId]} Page={BlogPage} />;
}
