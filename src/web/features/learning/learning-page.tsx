// '/learning' ('My learning'): the learner's courses in progress and completed, each with its bar and resume link.
// A visitor sees the progress kept in this browser, with an invitation to sign up to keep it.
import { paths, patterns } from '../../app/paths';
import { QueryView } from '../../components/query-view';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { MyCertificates } from '../certificates';
import { useCatalogue } from './api/get-catalogue';
import { useMyLearning } from './api/get-my-learning';
import { type LearningEntry, LearningSection } from './components/learning-card';
import { useLocalProgress } from './local-progress';
import { localCourseSummary } from './progress-model';
import './learning.css';

type Entry = LearningEntry;

function Sections({ entries }: { entries: Entry[] }) {
  const done = (entry: Entry) => entry.resume === null && entry.percent >= 99.5;
  const inProgress = entries.filter((entry) => !done(entry));
  const completed = entries.filter(done);
  if (entries.length === 0)
    return (
      <p className="empty-state">
        Nothing here yet. <Link to={paths.courses()}>Pick a course</Link> and your progress shows up here.
      </p>
    );
  return (
    <>
      {inProgress.length > 0 && <LearningSection id="learning-in-progress" title="In progress" entries={inProgress} />}
      {completed.length > 0 && <LearningSection id="learning-completed" title="Completed" entries={completed} />}
    </>
  );
}

function SignedInLearning() {
  const mine = useMyLearning(true);
  return (
    <QueryView query={mine} loadingLabel="Loading your courses…">
      {(data) => <Sections entries={data.courses} />}
    </QueryView>
  );
}

function VisitorLearning() {
  const local = useLocalProgress();
  const started = Object.keys(local).length > 0;
  const catalogue = useCatalogue(started);
  const entries: Entry[] = [];
  for (const course of catalogue.data ?? []) {
    const summary = localCourseSummary(local, course._id, course.duration);
    if (summary) entries.push({ course, ...summary });
  }
  return (
    <>
      <p className="learning-invite">
        Your progress is kept in this browser only. <Link to={paths.signup()}>Sign up</Link> or{' '}
        <Link to={paths.login()} state={{ from: patterns.learning }}>
          log in
        </Link>{' '}
        to keep it in your account and see it on every device.
      </p>
      {started && catalogue.isPending ? <p>Loading your courses…</p> : <Sections entries={entries} />}
    </>
  );
}

export default function LearningPage() {
  const { signedIn } = useSession();
  return (
    <div className="container section">
      <h1 className="page-title">My learning</h1>
      {signedIn ? <SignedInLearning /> : <VisitorLearning />}
      {signedIn && <MyCertificates />}
    </div>
  );
}
