// The search dialog opened from the navbar: premium (signed-in) users search courses and tutorials.
import { useId, useState } from 'react';
import { EXCERPT, LIMITS, TEXT } from '../../../../shared/constants';
import type { SearchResult } from '../../../../shared/contract';
import { paths } from '../../../app/paths';
import { Loading } from '../../../components/loading';
import { Modal } from '../../../components/modal';
import { excerpt } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearch } from '../api/get-search';
import './search.css';

export const SEARCH_DEBOUNCE_MS = 250;

export default function SearchModal({ onClose }: { onClose: () => void }) {
  const { signedIn } = useSession();

  return (
    // The navbar puts focus back on its search box itself (without reopening the dialog).
    <Modal
      title="Search"
      closeLabel="Close search"
      onClose={onClose}
      className="search-modal"
      closeOnBackdrop
      restoreFocus={false}
    >
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
    </Modal>
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
      <HitGroup
        label="Courses"
        hits={result.course.map((course) => ({
          id: course._id,
          to: paths.course(course._id),
          title: course.title,
          text: course.description,
        }))}
      />
      <HitGroup
        label="Tutorials"
        hits={result.tutorial.map((tutorial) => ({
          id: tutorial._id,
          to: paths.tutorial(tutorial._id),
          title: tutorial.title,
          text: tutorial.content,
        }))}
      />
    </>
  );
}

interface Hit {
  id: string;
  to: string;
  title: string;
  /** Rich HTML; shown as a plain-text excerpt. */
  text: string;
}

/** One kind of result (courses or tutorials) under its heading; nothing when there are none. */
function HitGroup({ label, hits }: { label: string; hits: Hit[] }) {
  if (hits.length === 0) return null;
  return (
    <section aria-label={label}>
      <h3 className="search-modal__group">{label}</h3>
      <ul className="search-modal__list">
        {hits.map((hit) => (
          <li key={hit.id}>
            <Link to={hit.to} className="search-hit">
              <span className="search-hit__title">{hit.title}</span>
              <span className="search-hit__text">{excerpt(hit.text, EXCERPT.search)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
