// '/tutorial/:tutorialId': the tutorial's title and content, then its practice items.
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { useParams } from '../../lib/router';
import { PracticeList, runnableExamples } from '../practice';
import { useTutorial } from './api/get-tutorial';

export default function TutorialPage() {
  const { tutorialId = '' } = useParams();
  const tutorial = useTutorial(tutorialId);
  return (
    <QueryView
      query={tutorial}
      loadingLabel="Loading the tutorial…"
      what="The tutorial"
      isEmpty={(list) => list.length === 0}
    >
      {([data]) => (
        <article className="container article">
          <h1 className="page-title">Tutorial on: {data.title}</h1>
          <RichHtml html={data.content} runnable={runnableExamples} />
          <PracticeList owner="tutorial" ownerId={tutorialId} />
        </article>
      )}
    </QueryView>
  );
}
