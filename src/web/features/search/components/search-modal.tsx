// The search dialog opened from the navbar: premium (signed-in) users search courses and tutorials.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { EXCERPT, LIMITS, TEXT } from '../../../../shared/constants';
import type { SearchResult } from '../../../../shared/contract';
import { paths } from '../../../app/paths';
import { CloseIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { excerpt } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearch } from '../api/get-search';
import './search.css';

export const SEARCH_DEBOUNCE_MS = 250;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function SearchModal({ onClose }: { onClose: () => void }) {
  const { signedIn } = useSession();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Focus moves into the dialog; the page behind does not scroll while it is open.
    const first = dialogRef.current?.querySelector<HTMLElement>('input, button');
    first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Keep Tab inside the dialog (aria-modal): wrap from the last control to the first and back.
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className="modal search-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            Search
          </h2>
          <button type="button" className="icon-button" aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {signedIn ? (
          <SearchForm />
        ) : (
          <div className="search-modal__premium">
            <p className="search-modal__premium-title">{TEXT.premiumOnly}</p>
            <p>
              <Link to={paths.login()}>Log in</Link> to search courses and tutorials.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function SearchForm() {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const inputId = useId();
  const query = useSearch(debounced);
  const active = debounced.trim() !== '';

  return (
    <div className="search-modal__body">
      <p className="search-modal__note">{TEXT.searchNote}</p>
      <label htmlFor={inputId} className="visually-hidden">
        Search text
      </label>
      <input
        id={inputId}
        type="search"
        className="input"
        placeholder={TEXT.searchPlaceholder}
        autoComplete="off"
        maxLength={LIMITS.searchMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="search-modal__results" aria-live="polite">
        {active && query.isPending && <Loading label="Searching…" />}
        {active && query.isError && <p className="search-modal__empty">{query.error.message}</p>}
        {active && query.data && <SearchResults result={query.data} />}
      </div>
    </div>
  );
}

function SearchResults({ result }: { result: SearchResult }) {
  if (result.course.length === 0 && result.tutorial.length === 0)
    return <p className="search-modal__empty">{TEXT.searchEmpty}</p>;
  return (
    <>
      {result.course.length > 0 && (
        <section aria-label="Courses">
          <h3 className="search-modal__group">Courses</h3>
          <ul className="search-modal__list">
            {result.course.map((course) => (
              <li key={course._id}>
                <Link to={paths.course(course._id)} className="search-hit">
                  <span className="search-hit__title">{course.title}</span>
                  <span className="search-hit__text">{excerpt(course.description, EXCERPT.search)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.tutorial.length > 0 && (
        <section aria-label="Tutorials">
          <h3 className="search-modal__group">Tutorials</h3>
          <ul className="search-modal__list">
            {result.tutorial.map((tutorial) => (
              <li key={tutorial._id}>
                <Link to={paths.tutorial(tutorial._id)} className="search-hit">
                  <span className="search-hit__title">{tutorial.title}</span>
                  <span className="search-hit__text">{excerpt(tutorial.content, EXCERPT.search)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
