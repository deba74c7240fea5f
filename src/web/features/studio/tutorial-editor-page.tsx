// '/studio/tutorials/:tutorialId': title, image and content, saved as you type; then its practice items.
import type { StudioTutorial } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { useParams } from '../../lib/router';
import { canChange, EditorFrame, ItemEditorScreen, useItemEditor } from './components/item-editor';
import { MediaField } from './components/media-field';
import { MEDIA, RichTextField, TitleField } from './components/studio-fields';
import { PracticeSection } from './practice/practice-section';

export default function TutorialEditorPage() {
  const { tutorialId = '' } = useParams();
  return (
    <ItemEditorScreen kind="tutorials" id={tutorialId} key={tutorialId}>
      {(tutorial, me) => <TutorialEditor tutorial={tutorial} readOnly={!canChange(me, tutorial.author)} />}
    </ItemEditorScreen>
  );
}

const pickTutorial = (tutorial: StudioTutorial) => ({
  title: tutorial.title,
  image: tutorial.image,
  content: tutorial.content,
  status: tutorial.status,
});
const LABELS = { title: 'Title', image: 'Image', content: 'Content' };

function TutorialEditor({ tutorial, readOnly }: { tutorial: StudioTutorial; readOnly: boolean }) {
  const editor = useItemEditor('tutorials', tutorial, pickTutorial);
  const { draft, autosave } = editor;

  return (
    <EditorFrame
      kind="tutorials"
      item={tutorial}
      editor={editor}
      readOnly={readOnly}
      viewHref={paths.tutorial(tutorial._id)}
      labels={LABELS}
      htmlFields={['content']}
    >
      <div className="studio-form">
        <TitleField value={draft.title} onChange={(title) => autosave.set('title', title)} />
        <MediaField {...MEDIA.image} value={draft.image} onChange={(url) => autosave.set('image', url)} />
        <RichTextField
          label="Content"
          value={draft.content}
          onChange={(html) => autosave.set('content', html)}
          readOnly={readOnly}
        />
      </div>
      <PracticeSection
        owner={{ kind: 'tutorials', id: tutorial._id }}
        noun="tutorial"
        headingLevel={2}
        readOnly={readOnly}
      />
    </EditorFrame>
  );
}
