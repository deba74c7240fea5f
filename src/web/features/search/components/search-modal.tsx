// The search dialog opened from the navbar: premium (signed-in) users search courses and tutorials. By keyboard,
// ArrowDown from the text moves to the first result and on through them, ArrowUp back (to the text from the first),
// Home and End to the first and last, and Enter opens the one that has focus; the typed words are marked in the hits.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { EXCERPT, LIMITS, TEXT } from '../../../../shared/constants';
import type { SearchResult } from '../../../../shared/contract';
import { searchWords } from '../../../../shared/search-words';
import { paths } from '../../../app/paths';
import { Loading } from '../../../components/loading';
import { Modal } from '../../../components/modal';
import { excerpt } from '../../../lib/excerpt';
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

/** ArrowDown from the text to the first hit and on, ArrowUp back (to the text from the first), Home and End (from a
 *  hit) to the first and last. */
function moveThroughHits(event: KeyboardEvent, input: HTMLInputElement | null, results: HTMLElement | null) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const hits = [...(results?.querySelectorAll<HTMLAnchorElement>('a.search-hit') ?? [])];
  if (hits.length === 0) return;
  const at = hits.indexOf(document.activeElement as HTMLAnchorElement);
  // Home and End move the caret while the text has focus.
  if (at === -1 && (event.key === 'Home' || event.key === 'End')) return;
  event.preventDefault();
  if (event.key === 'Home') hits[0].focus();
  else if (event.key === 'End') hits[hits.length - 1].focus();
  else if (event.key === 'ArrowDown') hits[Math.min(at + 1, hits.length - 1)].focus();
  else if (at <= 0) input?.focus();
  else hits[at - 1].focus();
}

function SearchForm() {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const inputId = useId();
  const query = useSearch(debounced);
  const active = debounced.trim() !== '';
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  // Arrow keys move focus through the hits (links, so Enter opens one as a click does): one listener for the text and
  // the hits, which are all native controls.
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = bodyRef.current;
    const onKeyDown = (event: KeyboardEvent) => moveThroughHits(event, inputRef.current, resultsRef.current);
    body?.addEventListener('keydown', onKeyDown);
    return () => body?.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div ref={bodyRef} className="search-modal__body">
      <p className="search-modal__note">{TEXT.searchNote}</p>
      <label htmlFor={inputId} className="visually-hidden">
        Search text
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        className="input"
        placeholder={TEXT.searchPlaceholder}
        autoComplete="off"
        maxLength={LIMITS.searchMax}
        value={text}
        aria-describedby={`${inputId}-keys`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${inputId}-keys`} className="visually-hidden">
        Use the down arrow to move through the results.
      </p>
      <div ref={resultsRef} className="search-modal__results" aria-live="polite">
        {active && query.isPending && <Loading label="Searching…" />}
        {active && query.isError && <p className="search-modal__empty">{query.error.message}</p>}
        {active && query.data && <SearchResults result={query.data} words={searchWords(debounced)} />}
      </div>
    </div>
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every word that starts with one of `words` (any case) marked. */
export function markWords(text: string, words: string[]): ReactNode {
  if (words.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join('|')})`, 'giu');
  const parts = text.split(pattern);
  if (parts.length === 1) return text;
  // split() with one capture group: the matches are at the odd places.
  return parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part));
}

function SearchResults({ result, words }: { result: SearchResult; words: string[] }) {
  if (result.course.length === 0 && result.tutorial.length === 0)
    return <p className="search-modal__empty">{TEXT.searchEmpty}</p>;
  return (
    <>
      <HitGroup
        words={words}
        label="Courses"
        hits={result.course.map((course) => ({
          id: course._id,
          to: paths.course(course._id),
          title: course.title,
          text: course.description,
        }))}
      />
      <HitGroup
        words={words}
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
function HitGroup({ label, hits, words }: { label: string; hits: Hit[]; words: string[] }) {
  if (hits.length === 0) return null;
  return (
    <section aria-label={label}>
      <h3 className="search-modal__group">{label}</h3>
      <ul className="search-modal__list">
        {hits.map((hit) => (
          <li key={hit.id}>
            <Link to={hit.to} className="search-hit">
              <span className="search-hit__title">{markWords(hit.title, words)}</span>
              <span className="search-hit__text">{markWords(excerpt(hit.text, EXCERPT.search), words)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
