// '/bugs/:bg': a bug (title, 'Solved', description, author or 'unknown', time, 'edited', tags, the lesson moment it
// was asked at) and its solutions: accepted first, then by score, then newest, a page at a time, with votes, accept
// (the bug's author), edit and delete. Without a token: to '/'.
import { type FormEvent, useId, useState } from 'react';
import { TEXT } from '../../../shared/constants';
import type { Bug, Solution, VoteValue } from '../../../shared/contract';
import { paths } from '../../app/paths';
import { AuthorName } from '../../components/author-name';
import { showAlert } from '../../components/alert-banner';
import { TrashIcon } from '../../components/comment-list';
import { LoadMore } from '../../components/load-more';
import { Loading } from '../../components/loading';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useCommentActions } from '../../components/use-comment-actions';
import { formatDateTime } from '../../lib/format';
import { Link, Redirect, useParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { WatchButton } from '../notifications';
import { formatClock } from '../../lib/time-format';
import { linkTimes } from '../../lib/time-links';
import { confirmDelete, useIsAdmin } from '../../lib/use-me';
import { useAcceptSolution } from './api/accept-solution';
import { useAddSolution } from './api/add-solution';
import { useDeleteSolution } from './api/delete-solution';
import { useEditBug } from './api/edit-bug';
import { useEditSolution } from './api/edit-solution';
import { useBug } from './api/get-bug';
import { useSolutions } from './api/get-solutions';
import { useVote } from './api/vote';
import { BugTags, SolvedBadge } from './components/bug-bits';
import { TagInput } from './components/tag-input';
import './bugs.css';

export default function BugPage() {
  const { signedIn } = useSession();
  const { bg = '' } = useParams();
  if (!signedIn) return <Redirect to={paths.home()} replace />;
  return <BugScreen bugId={bg} />;
}

function BugScreen({ bugId }: { bugId: string }) {
  const bug = useBug(bugId);
  return (
    <QueryView query={bug} loadingLabel="Loading the bug…" what="The bug" isEmpty={(list) => list.length === 0}>
      {([data]) => (
        <article className="container article bug-detail">
          <BugView bug={data} />
          <Solutions bug={data} />
        </article>
      )}
    </QueryView>
  );
}

/** The lesson link of a time in text on a bug asked from a lesson. */
const lessonTimeHref = (bug: Bug) => (seconds: number) =>
  bug.lesson ? `${paths.lesson(bug.lesson.courseId, bug.lesson.id)}?t=${seconds}` : '';

function Edited({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <span className="edited">
      edited <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}

function BugView({ bug }: { bug: Bug }) {
  const { userId } = useSession();
  const isAdmin = useIsAdmin();
  const [editing, setEditing] = useState(false);
  const mayEdit = bug.user?._id === userId || isAdmin;
  if (editing) return <EditBugForm bug={bug} onDone={() => setEditing(false)} />;
  return (
    <>
      <h1 className="page-title">
        {bug.title} {bug.solved && <SolvedBadge />}
      </h1>
      <p className="article__meta bug-detail__meta">
        <AuthorName author={bug.user} className="bug-detail__author" />
        <time dateTime={bug.date}>{formatDateTime(bug.date)}</time>
        <Edited at={bug.editedAt} />
      </p>
      {bug.lesson && (
        <p className="bug-detail__moment">
          <Link to={`${paths.lesson(bug.lesson.courseId, bug.lesson.id)}?t=${Math.floor(bug.lesson.at)}`}>
            Asked at {formatClock(bug.lesson.at)} in {bug.lesson.title}
          </Link>
        </p>
      )}
      <BugTags tags={bug.tags} />
      <RichHtml html={bug.lesson ? linkTimes(bug.description, lessonTimeHref(bug)) : bug.description} />
      <div className="bug-detail__actions">
        {mayEdit && (
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
            Edit bug
          </button>
        )}
        <WatchButton bugId={bug._id} />
      </div>
    </>
  );
}

function EditBugForm({ bug, onDone }: { bug: Bug; onDone: () => void }) {
  const [title, setTitle] = useState(bug.title);
  const [description, setDescription] = useState(bug.description);
  const [tags, setTags] = useState(bug.tags);
  const edit = useEditBug(bug._id);
  const titleId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (edit.isPending) return;
    edit.mutate(
      { title, description, tags },
      {
        onSuccess: () => {
          showAlert('Your bug was saved');
          onDone();
        },
        onError: (err) => showAlert(err.message, 'danger'),
      },
    );
  }
  return (
    <form className="bug-form" onSubmit={submit} aria-label="Edit the bug" noValidate>
      <label htmlFor={titleId} className="bug-form__label">
        Bug title
      </label>
      <input id={titleId} className="input" value={title} onChange={(event) => setTitle(event.target.value)} />
      <RichTextEditor value={description} onChange={setDescription} label="Bug description" toolbar />
      <TagInput value={tags} onChange={setTags} />
      <div className="bug-form__actions">
        <button type="submit" className="button" aria-disabled={edit.isPending}>
          Save
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Solutions({ bug }: { bug: Bug }) {
  const headingId = useId();
  const solutions = useSolutions(bug._id);
  const { content, setContent, submit, onDelete, deleting, threadRef, adding } = useCommentActions({
    add: useAddSolution(bug._id),
    remove: useDeleteSolution(),
    addedText: TEXT.solutionAdded,
    deletedText: TEXT.solutionDeleted,
  });
  const items = solutions.data?.pages.flatMap((page) => page.solutions) ?? [];

  return (
    <section className="bug-solutions" aria-labelledby={headingId} ref={threadRef}>
      <h2 id={headingId} className="section__title" tabIndex={-1}>
        Solutions
      </h2>
      <form className="comment-form bug-solutions__form" onSubmit={submit}>
        <RichTextEditor value={content} onChange={setContent} label="Your solution" toolbar />
        <button type="submit" className="button" aria-disabled={adding}>
          My Solution
        </button>
      </form>
      {solutions.isPending && <Loading label="Loading solutions…" />}
      {solutions.isError && <p className="bugs-empty">The solutions could not be loaded.</p>}
      {solutions.data &&
        (items.length === 0 ? (
          <p className="bugs-empty">{TEXT.noSolutions}</p>
        ) : (
          <>
            <ul className="comment-list solution-list" aria-label="Solutions to this bug">
              {items.map((item) => (
                <SolutionItem
                  key={item._id}
                  bug={bug}
                  item={item}
                  onDelete={onDelete}
                  deleting={deleting === item._id}
                />
              ))}
            </ul>
            <LoadMore pages={solutions} label="Load more solutions" />
          </>
        ))}
    </section>
  );
}

interface SolutionItemProps {
  bug: Bug;
  item: Solution;
  onDelete: (item: Solution) => void;
  deleting: boolean;
}

function SolutionItem({ bug, item, onDelete, deleting }: SolutionItemProps) {
  const { userId } = useSession();
  const isAdmin = useIsAdmin();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.content);
  const vote = useVote(bug._id);
  const accept = useAcceptSolution(bug._id);
  const edit = useEditSolution(bug._id);
  const own = item.user._id === userId;
  const when = formatDateTime(item.date);
  const castVote = (value: VoteValue) =>
    vote.mutate(
      { id: item._id, value: item.myVote === value ? 0 : value },
      { onError: (err) => showAlert(err.message, 'danger') },
    );
  const setAccepted = (solution: string | null) =>
    accept.mutate(solution, {
      onSuccess: () => showAlert(solution ? 'Solution accepted' : 'Acceptance withdrawn'),
      onError: (err) => showAlert(err.message, 'danger'),
    });
  const html = bug.lesson ? linkTimes(item.content, lessonTimeHref(bug)) : item.content;

  return (
    <li
      id={`solution-${item._id}`}
      className={item.accepted ? 'comment solution solution--accepted' : 'comment solution'}
      data-comment-id={item._id}
      tabIndex={-1}
    >
      <div className="comment__head">
        <AuthorName author={item.user} className="comment__author" />
        <time className="comment__date" dateTime={item.date}>
          {when}
        </time>
        <Edited at={item.editedAt} />
        {item.accepted && (
          <span className="badge badge--solved">
            <span aria-hidden="true">✓ </span>Accepted
          </span>
        )}
      </div>
      {editing ? (
        <form
          className="comment-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (edit.isPending) return;
            edit.mutate(
              { id: item._id, content: draft },
              {
                onSuccess: () => {
                  showAlert('Your solution was saved');
                  setEditing(false);
                },
                onError: (err) => showAlert(err.message, 'danger'),
              },
            );
          }}
        >
          <RichTextEditor value={draft} onChange={setDraft} label={`Edit the solution by ${item.user.name}`} toolbar />
          <div className="bug-form__actions">
            <button type="submit" className="button" aria-disabled={edit.isPending}>
              Save
            </button>
            <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <RichHtml html={html} className="comment__content" />
      )}
      <div className="solution__actions">
        <span className="solution__score" aria-label={`Score ${item.score}`}>
          Score {item.score}
        </span>
        {!own && (
          <>
            <button
              type="button"
              className="button button--ghost bugs-button--small"
              aria-pressed={item.myVote === 1}
              aria-label={`Vote up the solution by ${item.user.name} from ${when}`}
              onClick={() => castVote(1)}
            >
              <span aria-hidden="true">▲</span> Up
            </button>
            <button
              type="button"
              className="button button--ghost bugs-button--small"
              aria-pressed={item.myVote === -1}
              aria-label={`Vote down the solution by ${item.user.name} from ${when}`}
              onClick={() => castVote(-1)}
            >
              <span aria-hidden="true">▼</span> Down
            </button>
          </>
        )}
        {bug.user?._id === userId &&
          (item.accepted ? (
            <button type="button" className="button button--ghost bugs-button--small" onClick={() => setAccepted(null)}>
              Withdraw acceptance
            </button>
          ) : (
            <button type="button" className="button bugs-button--small" onClick={() => setAccepted(item._id)}>
              Accept this solution
            </button>
          ))}
        {(own || isAdmin) && !editing && (
          <button
            type="button"
            className="button button--ghost bugs-button--small"
            aria-label={`Edit solution by ${item.user.name} from ${when}`}
            onClick={() => {
              setDraft(item.content);
              setEditing(true);
            }}
          >
            Edit
          </button>
        )}
        {(own || isAdmin) && (
          <button
            type="button"
            className="icon-button comment__delete"
            aria-label={`Delete solution by ${item.user.name} from ${when}`}
            disabled={deleting}
            onClick={() => {
              if (confirmDelete(own ? 'your solution' : `this solution by ${item.user.name}`, !own)) onDelete(item);
            }}
          >
            <TrashIcon />
          </button>
        )}
      </div>
    </li>
  );
}
