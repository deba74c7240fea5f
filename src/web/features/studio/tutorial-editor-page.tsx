// '/studio/tutorials/:tutorialId': title, image and content, saved as you type.
import { useId } from 'react';
import { useParams } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import type { StudioTutorial } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { AuthoredEditor } from './components/authored-editor';
import {
  canChange,
  DeleteItem,
  EditorHead,
  ItemEditorScreen,
  ReadOnlyNotice,
  uploadImage,
  useItemEditor,
} from './components/item-editor';
import { MediaField } from './components/media-field';
import { RecoveredChanges } from './components/recovered-changes';

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
  const titleId = useId();
  const editor = useItemEditor('tutorials', tutorial, pickTutorial);
  const { draft, saved, autosave } = editor;

  return (
    <article className="studio-editor">
      <EditorHead
        kind="tutorials"
        status={saved.status}
        state={editor.state}
        error={editor.error}
        reloading={editor.reloading}
        onPublish={(next) => void editor.publish(next)}
        onReload={() => void editor.reload()}
        readOnly={readOnly}
        viewHref={paths.tutorial(tutorial._id)}
      />
      {editor.recovered && (
        <RecoveredChanges
          recovered={editor.recovered}
          labels={LABELS}
          htmlFields={['content']}
          onRestore={(field) => autosave.restore(field)}
          onDismiss={() => autosave.dismissRecovered()}
        />
      )}
      {readOnly && <ReadOnlyNotice kind="tutorials" author={tutorial.author} />}
      <fieldset className="studio-fieldset" disabled={readOnly}>
        <div className="studio-form">
          <div className="studio-field">
            <label htmlFor={titleId}>Title</label>
            <input
              id={titleId}
              className="input"
              required
              maxLength={LIMITS.titleMax}
              value={draft.title}
              onChange={(event) => autosave.set('title', event.target.value)}
            />
          </div>
          <MediaField
            legend="Image"
            kind="image"
            urlLabel="Image URL"
            uploadLabel="Upload an image"
            value={draft.image}
            onChange={(url) => autosave.set('image', url)}
          />
          <div className="studio-field">
            <span className="studio-field__label" aria-hidden="true">
              Content
            </span>
            <AuthoredEditor
              label="Content"
              value={draft.content}
              onChange={(html) => autosave.set('content', html)}
              uploadImage={uploadImage}
              readOnly={readOnly}
            />
          </div>
        </div>
        <DeleteItem kind="tutorials" id={tutorial._id} title={saved.title} />
      </fieldset>
    </article>
  );
}
