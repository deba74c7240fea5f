// '/u/:id' (public, server-rendered): a learner's public profile: name, bio, member since, the courses they completed
// (with their certificates), their accepted solutions and the questions they asked, each linked. A private profile,
// or an account that is gone, shows the 404 view (the server answers 404).
import { ACCOUNT_TEXT, type PublicProfile } from '../../../shared/account';
import { certificatePaths } from '../../../shared/certificate-rules';
import { paths } from '../../app/paths';
import { QueryView } from '../../components/query-view';
import { formatDate } from '../../lib/format';
import { Link, useParams } from '../../lib/router';
import { useProfile } from './api';
import './account.css';

export default function ProfilePage() {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  return (
    <QueryView query={profile} loadingLabel="Loading the profile…" what="The profile">
      {(data) => <Profile profile={data} />}
    </QueryView>
  );
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function Profile({ profile: p }: { profile: PublicProfile }) {
  return (
    <article className="container section profile" aria-labelledby="profile-name">
      <h1 id="profile-name" className="page-title">
        {p.name}
      </h1>
      {p.bio && <p className="profile__bio">{p.bio}</p>}
      <p className="profile__since">
        {ACCOUNT_TEXT.memberSince} <time dateTime={p.memberSince}>{formatDate(p.memberSince, 'UTC')}</time>
      </p>

      <section aria-labelledby="profile-courses" className="profile__section">
        <h2 id="profile-courses">{ACCOUNT_TEXT.coursesCompleted}</h2>
        {p.coursesCompleted.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="profile__list">
            {p.coursesCompleted.map((course) => (
              <li key={course.certificate}>
                {course._id ? <Link to={paths.course(course._id)}>{course.title}</Link> : course.title}
                {' · '}
                <time dateTime={course.completedAt}>{formatDate(course.completedAt, 'UTC')}</time>
                {' · '}
                <Link to={certificatePaths.page(course.certificate)}>Certificate</Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="profile-solutions" className="profile__section">
        <h2 id="profile-solutions">
          {ACCOUNT_TEXT.acceptedSolutions} ({p.acceptedSolutionCount})
        </h2>
        {p.acceptedSolutions.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="profile__list">
            {p.acceptedSolutions.map((solution) => (
              <li key={solution._id}>
                <Link to={paths.bug(solution.bugId)}>{solution.bugTitle}</Link>
                {' · '}
                <time dateTime={solution.date}>{formatDate(solution.date, 'UTC')}</time>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="profile-questions" className="profile__section">
        <h2 id="profile-questions">
          {ACCOUNT_TEXT.questionsAsked} ({p.questionCount})
        </h2>
        {p.questions.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="profile__list">
            {p.questions.map((question) => (
              <li key={question._id}>
                <Link to={paths.bug(question._id)}>{question.title}</Link>
                {question.solved && ' · solved'}
                {' · '}
                <time dateTime={question.date}>{formatDate(question.date, 'UTC')}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="profile__summary">
        {count(p.coursesCompleted.length, 'course completed', 'courses completed')},{' '}
        {count(p.acceptedSolutionCount, 'accepted solution', 'accepted solutions')},{' '}
        {count(p.questionCount, 'question', 'questions')}.
      </p>
    </article>
  );
}
