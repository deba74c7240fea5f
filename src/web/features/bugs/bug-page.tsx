// '/bugs/:bg': a bug (title, description, author or 'unknown', time) and its solutions. Without a token: to '/'.
import { useId } from 'react';
import { Navigate, useParams } from 'react-router';
import { TEXT } from '../../../shared/constants';
import type { Bug } from '../../../shared/contract';
import { paths } from '../../app/paths';
import { CommentList } from '../../components/comment-list';
import { Loading } from '../../components/loading';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useCommentActions } from '../../components/use-comment-actions';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useAddSolution } from './api/add-solution';
import { useDeleteSolution } from './api/delete-solution';
import { useBug } from './api/get-bug';
import { useSolutions } from './api/get-solutions';
import './bugs.css';

export default function BugPage() {
  const { signedIn } = useSession();
  const { bg = '' } = useParams();
  if (!signedIn) return <Navigate to={paths.home()} replace />;
  return <BugScreen bugId={bg} />;
}

function BugScreen({ bugId }: { bugId: string }) {
  const bug = useBug(bugId);
  return (
    <QueryView query={bug} loadingLabel="Loading the bug…" what="The bug" isEmpty={(list) => list.length === 0}>
      {([data]) => (
        <article className="container article bug-detail">
          <BugView bug={data} />
          <Solutions bugId={data._id} />
        </article>
      )}
    </QueryView>
  );
}

function BugView({ bug }: { bug: Bug }) {
  return (
    <>
      <h1 className="page-title">{bug.title}</h1>
      <p className="article__meta bug-detail__meta">
        <span className="bug-detail__author">{bug.user?.name ?? 'unknown'}</span>
        <time dateTime={bug.date}>{formatDateTime(bug.date)}</time>
      </p>
      <RichHtml html={bug.description} />
    </>
  );
}

function Solutions({ bugId }: { bugId: string }) {
  const headingId = useId();
  const solutions = useSolutions(bugId);
  const { content, setContent, submit, onDelete, deleting, threadRef, adding } = useCommentActions({
    add: useAddSolution(bugId),
    remove: useDeleteSolution(bugId),
    addedText: TEXT.solutionAdded,
    deletedText: TEXT.solutionDeleted,
  });

  return (
    <section className="bug-solutions" aria-labelledby={headingId} ref={threadRef}>
      <h2 id={headingId} className="section__title">
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
        (solutions.data.length === 0 ? (
          <p className="bugs-empty">{TEXT.noSolutions}</p>
        ) : (
          <CommentList
            items={solutions.data}
            noun="solution"
            label="Solutions to this bug"
            onDelete={onDelete}
            deleting={deleting}
          />
        ))}
    </section>
  );
}
