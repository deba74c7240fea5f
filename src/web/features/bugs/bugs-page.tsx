// '/bugs' (BugsWorld): signed in, share a bug, search, filter by tag (`?tag=`) and 'unsolved', and read your bugs
// and everyone else's a page at a time ('Load more'); signed out, an invitation.
import { type RefObject, useId, useRef, useState } from 'react';
import { BUG_TAG } from '../../../shared/constants';
import { TEXT } from '../../../shared/constants';
import type { Bug } from '../../../shared/contract';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { LoadMore } from '../../components/load-more';
import { Loading } from '../../components/loading';
import { focusElement } from '../../lib/focus';
import { Link, useSearchParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { confirmDelete, useIsAdmin } from '../../lib/use-me';
import { useDeleteBug } from './api/delete-bug';
import { useTagSuggestions } from './api/get-tags';
import { type BugListFilter, useBugList } from './api/get-bug-list';
import { AddBugModal } from './components/add-bug-modal';
import { BugCard } from './components/bug-card';
import './bugs.css';

export default function BugsPage() {
  const { signedIn } = useSession();
  return signedIn ? <BugBoard /> : <PremiumOnly />;
}

function PremiumOnly() {
  return (
    <section className="container section bugs-premium">
      <h1 className="page-title">{TEXT.premiumOnly}</h1>
      <p>
        <Link to={paths.login()} state={{ from: paths.bugs() }}>
          Log in
        </Link>{' '}
        to share your bugs and help others with theirs.
      </p>
    </section>
  );
}

function BugBoard() {
  const [adding, setAdding] = useState(false);
  const [params, setParams] = useSearchParams();
  const rawTag = params.get('tag')?.toLowerCase() ?? '';
  const tag = BUG_TAG.test(rawTag) ? rawTag : undefined;
  const unsolved = params.get('unsolved') === 'true';
  const [q, setQ] = useState(params.get('q') ?? '');
  const query = useDebouncedValue(q, 250);
  const searchId = useId();
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const filter = { tag, unsolved, q: query.trim() || undefined };

  return (
    <section className="container section">
      <div className="bugs-header">
        <h1 className="page-title">Share your bugs</h1>
        <button
          type="button"
          className="button bugs-header__add"
          aria-label="Add a bug"
          aria-haspopup="dialog"
          onClick={() => setAdding(true)}
        >
          +
        </button>
      </div>
      {adding && <AddBugModal onClose={() => setAdding(false)} />}
      <form className="bugs-filters" role="search" aria-label="Find bugs" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={searchId} className="visually-hidden">
          Search bugs
        </label>
        <input
          id={searchId}
          type="search"
          className="input bugs-filters__search"
          placeholder="Search bugs…"
          value={q}
          maxLength={200}
          onChange={(event) => {
            setQ(event.target.value);
            setParam('q', event.target.value.trim() || null);
          }}
        />
        <label className="bugs-filters__check">
          <input
            type="checkbox"
            name="unsolved"
            checked={unsolved}
            onChange={(event) => setParam('unsolved', event.target.checked ? 'true' : null)}
          />
          Unsolved only
        </label>
        <TagFilter tag={tag} onChange={(value) => setParam('tag', value)} />
        {tag && (
          <p className="bugs-filters__tag">
            Tagged <span className="tag-chip">{tag}</span>{' '}
            <button type="button" className="link-button" onClick={() => setParam('tag', null)}>
              Show all tags
            </button>
          </p>
        )}
      </form>
      <BugSection id="your-bugs" title="Your bugs here" empty={TEXT.noUserBugs} filter={{ ...filter, mine: true }} />
      <BugSection
        id="other-bugs"
        title="Other user's bugs here"
        empty={TEXT.noBugs}
        filter={{ ...filter, mine: false }}
      />
    </section>
  );
}

/** A field to filter by a tag, with the tags in use suggested while typing; Enter (or leaving it) applies it. */
function TagFilter({ tag, onChange }: { tag: string | undefined; onChange: (tag: string | null) => void }) {
  const [text, setText] = useState(tag ?? '');
  const [shown, setShown] = useState(tag);
  // A tag chosen elsewhere (a chip, 'Show all tags') shows in the field.
  if (shown !== tag) {
    setShown(tag);
    setText(tag ?? '');
  }
  const prefix = useDebouncedValue(text.trim().toLowerCase(), 150);
  const suggestions = useTagSuggestions(BUG_TAG.test(prefix) ? prefix : '');
  const inputId = useId();
  const listId = useId();
  const apply = () => {
    const value = text.trim().toLowerCase();
    if (value === (tag ?? '')) return;
    if (value === '' || BUG_TAG.test(value)) onChange(value || null);
  };
  return (
    <span className="bugs-filters__tag-field">
      <label htmlFor={inputId}>Tag</label>
      <input
        id={inputId}
        className="input"
        list={listId}
        autoComplete="off"
        value={text}
        maxLength={24}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && apply()}
        onBlur={apply}
      />
      <datalist id={listId}>
        {(suggestions.data?.tags ?? []).map((t) => (
          <option key={t.name} value={t.name}>{`${t.name} (${t.count})`}</option>
        ))}
      </datalist>
    </span>
  );
}

function BugSection({ id, title, empty, filter }: { id: string; title: string; empty: string; filter: BugListFilter }) {
  const list = useBugList(filter);
  const remove = useDeleteBug();
  const isAdmin = useIsAdmin();
  const heading = useRef<HTMLHeadingElement>(null);
  const bugs = list.data?.pages.flatMap((page) => page.bugs) ?? [];
  // After a delete the card and its button are gone: focus goes to the heading of the list it was in.
  const onDelete = (bug: Bug, to: RefObject<HTMLHeadingElement | null>) =>
    remove.mutate(bug._id, {
      onSuccess: () => {
        showAlert(TEXT.bugDeleted);
        if (to.current) focusElement(to.current);
      },
      onError: (err) => showAlert(err.message, 'danger'),
    });
  const mayDelete = filter.mine || isAdmin;

  return (
    <section className="bugs-section" aria-labelledby={id}>
      <h2 id={id} className="section__title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {list.isPending ? (
        <Loading label="Loading bugs…" />
      ) : list.isError ? (
        <p className="bugs-empty">The bugs could not be loaded: {list.error.message}</p>
      ) : bugs.length === 0 ? (
        <p className="bugs-empty">{empty}</p>
      ) : (
        <>
          <div className="card-grid">
            {bugs.map((bug) => (
              <BugCard
                key={bug._id}
                bug={bug}
                onDelete={
                  mayDelete
                    ? (b) =>
                        confirmDelete(filter.mine ? `your bug “${b.title}”` : `the bug “${b.title}”`, !filter.mine) &&
                        onDelete(b, heading)
                    : undefined
                }
                deleting={remove.isPending && remove.variables === bug._id}
              />
            ))}
          </div>
          <LoadMore pages={list} label={`Load more: ${title.replace(/ here$/, '').toLowerCase()}`} />
        </>
      )}
    </section>
  );
}
