// An author's name on what they wrote (comments, bugs, solutions): a link to their public profile when they made it
// public, plain text otherwise (and for a deleted account, 'unknown').
import type { ContentAuthor } from '../../shared/contract';
import { Link } from '../lib/router';

export function AuthorName({ author, className }: { author: ContentAuthor | null; className: string }) {
  if (!author) return <span className={className}>unknown</span>;
  if (!author.profilePublic || author._id === '') return <span className={className}>{author.name}</span>;
  return (
    <Link to={`/u/${encodeURIComponent(author._id)}`} className={className}>
      {author.name}
    </Link>
  );
}
