// '/preview/tutorial/:tutorialId': a draft or unpublished changes of a tutorial, as its page will show them
// (decision 0051).
import { PreviewFrame } from '../../components/preview-frame';
import { useParams } from '../../lib/router';
import TutorialPage from './tutorial-page';

export default function TutorialPreview() {
  const { tutorialId = '' } = useParams();
  return <PreviewFrame kind="tutorials" id={tutorialId} queryKey={['tutorial', tutorialId]} Page={TutorialPage} />;
}
