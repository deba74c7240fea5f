// '/bugs' (BugsWorld): signed in, share a bug and read your bugs and everyone else's; signed out, an invitation.
import { type RefObject, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TEXT } from '../../../shared/constants';
import type { Bug, BugList } from '../../../shared/contract';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { QueryView } from '../../components/query-view';
import { focusElement } from '../../lib/focus';
import { useSession } from '../../lib/session';
import { confirmDelete, useIsAdmin } from '../../lib/use-me';
import { useDeleteBug } from './api/delete-bug';
import { useBugs } from './api/get-bugs';
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
        <Link to={paths.login()}>Log in</Link> to share your bugs and help others with theirs.
      </p>
    </section>
  );
}

function BugBoard() {
  const [adding, setAdding] = useState(false);
  const bugs = useBugs();
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
      <QueryView query={bugs} loadingLabel="Loading bugs…" what="The bugs" section>
        {(lists) => <BugLists lists={lists} />}
      </QueryView>
    </section>
  );
}

function BugLists({ lists }: { lists: BugList }) {
  const remove = useDeleteBug();
  const isAdmin = useIsAdmin();
  const yourBugs = useRef<HTMLHeadingElement>(null);
  const otherBugs = useRef<HTMLHeadingElement>(null);
  // After a delete the card and its button are gone: focus goes to the heading of the list it was in.
  const onDelete = (bug: Bug, list: RefObject<HTMLHeadingElement | null>) =>
    remove.mutate(bug._id, {
      onSuccess: () => {
        showAlert(TEXT.bugDeleted);
        if (list.current) focusElement(list.current);
      },
      onError: (err) => showAlert(err.message, 'danger'),
    });
  return (
    <>
      <section className="bugs-section" aria-labelledby="your-bugs">
        <h2 id="your-bugs" className="section__title" ref={yourBugs}>
          Your bugs here
        </h2>
        {lists.userBugs.length === 0 ? (
          <p className="bugs-empty">{TEXT.noUserBugs}</p>
        ) : (
          <div className="card-grid">
            {lists.userBugs.map((bug) => (
              <BugCard
                key={bug._id}
                bug={bug}
                onDelete={(b) => confirmDelete(`your bug “${b.title}”`) && onDelete(b, yourBugs)}
                deleting={remove.isPending && remove.variables === bug._id}
              />
            ))}
          </div>
        )}
      </section>
      <section className="bugs-section" aria-labelledby="other-bugs">
        <h2 id="other-bugs" className="section__title" ref={otherBugs}>
          Other user's bugs here
        </h2>
        {lists.otherBugs.length === 0 ? (
          <p className="bugs-empty">{TEXT.noBugs}</p>
        ) : (
          <div className="card-grid">
            {lists.otherBugs.map((bug) =>
              // Admins moderate: a delete control on everyone's bugs, after a confirmation.
              isAdmin ? (
                <BugCard
                  key={bug._id}
                  bug={bug}
                  onDelete={(b) => confirmDelete(`the bug “${b.title}”`, true) && onDelete(b, otherBugs)}
                  deleting={remove.isPending && remove.variables === bug._id}
                />
              ) : (
                <BugCard key={bug._id} bug={bug} />
              ),
            )}
          </div>
        )}
      </section>
    </>
  );
}
