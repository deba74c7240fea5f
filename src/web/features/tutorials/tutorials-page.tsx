// '/tutorial': every tutorial as a card.
import { paths } from '../../app/paths';
import { CardGrid, ContentCard } from '../../components/content-card';
import { QueryView } from '../../components/query-view';
import { useTutorials } from './api/get-tutorials';

export default function TutorialsPage() {
  const tutorials = useTutorials();
  return (
    <section className="container section">
      <h1 className="page-title">Our Tutorials</h1>
      <QueryView query={tutorials} loadingLabel="Loading tutorials…" what="The tutorials">
        {(list) => (
          <CardGrid items={list} emptyText="No tutorials yet.">
            {(tutorial, i) => (
              <ContentCard
                key={tutorial._id}
                to={paths.tutorial(tutorial._id)}
                image={tutorial.image || '/og-card.png'}
                title={tutorial.title}
                eager={i < 3}
                linkLabel="Start learning!"
              />
            )}
          </CardGrid>
        )}
      </QueryView>
    </section>
  );
}
