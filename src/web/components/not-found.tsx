import { TEXT } from '../../shared/constants';
import { useMarkNotFound } from '../lib/page-status';
import { Link } from '../lib/router';

/** The 404 view: unknown paths and any data screen whose call did not answer 200 (as specified). */
export function NotFound() {
  useMarkNotFound();
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{TEXT.notFoundTitle}</h1>
      <p>{TEXT.notFoundBody}</p>
      <Link className="button" to="/">
        Back to home
      </Link>
    </section>
  );
}

export default NotFound;
