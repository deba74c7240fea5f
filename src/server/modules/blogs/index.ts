// What other modules may use from blogs: the feed (modules/pages) lists the published posts as readers see them.
export { listBlogs } from './blogs.service';
