// '/': the hero with the rotating word and the three latest courses.
import { FIRST_LOAD_TEXT, HOME_LATEST_COURSES } from '../../../shared/first-load';
import { paths } from '../../app/paths';
import { CardGrid } from '../../components/content-card';
import { QueryView } from '../../components/query-view';
import { Link } from '../../lib/router';
import { ContinueLearning, CourseCard, useCourses } from '../courses';
import { TypingWord } from './typing-word';
import './home.css';

/** A decorative code window beside the hero text on wide screens. */
function CodeCard() {
  return (
    <pre className="hero__code" aria-hidden="true">
      <code>
        <span className="tok-k">const</span> learner = {'{'}
        {'\n  '}goal: <span className="tok-s">'ship it'</span>,{'\n  '}courses: <span className="tok-n">Infinity</span>,
        {'\n  '}cost: <span className="tok-n">0</span>,{'\n'}
        {'};\n\n'}
        <span className="tok-k">while</span> (learner.curious) {'{'}
        {'\n  '}learner.<span className="tok-f">practice</span>();{'\n'}
        {'}'}
      </code>
    </pre>
  );
}

export default function HomePage() {
  const courses = useCourses();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="hero__eyebrow">Free courses, tutorials and blogs for programmers</p>
          <h1 className="hero__title">
            Learn to build with <TypingWord words={FIRST_LOAD_TEXT.heroWords} />
          </h1>
          <p className="hero__lead">
            Watch short video lessons, follow hands-on tutorials, read the blog, and share the bugs that bite you on
            BugsWorld.
          </p>
          <div className="hero__actions">
            <Link className="button button--large" to={paths.courses()}>
              Free Courses
            </Link>
            <Link className="button button--large button--ghost" to={paths.blogs()}>
              Explore blogs
            </Link>
          </div>
          <CodeCard />
        </div>
      </section>
      {/* Signed in only, and loaded only then: a visitor's home page carries none of it (decision 0005). */}
      <ContinueLearning />
      <section className="container section" aria-labelledby="latest-courses">
        <h2 id="latest-courses" className="section__title">
          Latest Courses
        </h2>
        <QueryView query={courses} loadingLabel="Loading the latest courses…" what="The latest courses" section>
          {(list) => (
            <CardGrid items={list.slice(-HOME_LATEST_COURSES)} emptyText="No courses yet.">
              {(course, i) => <CourseCard key={course._id} course={course} headingLevel={3} eager={i === 0} />}
            </CardGrid>
          )}
        </QueryView>
      </section>
    </>
  );
}
