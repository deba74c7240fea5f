// What other modules may use from the Studio: its rules of who changes what, its content-write transaction (the
// audit row and the cache NOTIFY), its calls' body and rate limits, and the working copies, Update, Discard and
// history of published items and their previews, so practice items follow the same rules.
export { cleanTitle, contentWrite, iso } from './content-write';
export { editorOf } from './editor-of';
export { assertMayChange, type Editor } from './studio-access';
export { STUDIO_BODY_BYTES_MAX, STUDIO_WRITES_PER_MINUTE, type StudioRoutesOptions } from './studio.routes';
export { previewRoutes } from './preview.routes';
export { discardChanges, listRevisions, publishChanges, restoreRevision } from './studio-revisions.service';
export { fieldText, forgetRevisions, itemState, REVISABLE, versionsOf, writeWorkingCopy } from './working-copy';
