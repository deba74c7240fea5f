// The cards of a list page (course, tutorial, blog post): the grid with its empty state, and one card (optional
// image, title, optional text, and one link).
import type { ReactNode } from 'react';
import { Link } from '../lib/router';

interface ContentCardProps {
  to: string;
  title: string;
  linkLabel: string;
  image?: string;
  /** Shown above the title (a date, say). */
  meta?: ReactNode;
  text?: string;
  headingLevel?: 2 | 3;
  /** Load the image at once and first (high priority, decoded with the page): cards in the first screenful hold the
   *  page's largest paint. */
  eager?: boolean;
  /** Below the link (a course's progress for the learner). */
  extra?: ReactNode;
}

export function ContentCard({
  to,
  title,
  linkLabel,
  image,
  meta,
  text,
  headingLevel = 2,
  eager = false,
  extra,
}: ContentCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      {image !== undefined && (
        <img
          className="card__image"
          src={image}
          alt={`Cover of ${title}`}
          width="640"
          height="360"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding={eager ? undefined : 'async'}
        />
      )}
      <div className="card__body">
        {meta && <p className="card__meta">{meta}</p>}
        <Heading className="card__title">{title}</Heading>
        {text && <p className="card__text">{text}</p>}
        <Link className="button card__link" to={to} aria-label={`${linkLabel} ${title}`}>
          {linkLabel}
        </Link>
        {extra}
      </div>
    </article>
  );
}

interface CardGridProps<T> {
  items: T[];
  /** Shown instead of the grid when there are no items. */
  emptyText: string;
  children: (item: T, index: number) => ReactNode;
}

export function CardGrid<T>({ items, emptyText, children }: CardGridProps<T>) {
  if (items.length === 0) return <p className="empty-state">{emptyText}</p>;
  return <div className="card-grid">{items.map(children)}</div>;
}
