// The Studio's screens for the router. They load together as one lazy chunk: one entry in the first load's
// preload map rather than six (the home page's budget has a few hundred bytes to spare), and moving between Studio
// screens loads nothing more. Only the Tiptap editor is a chunk of its own, fetched when a field shows it.
export { default as StudioPage } from './studio-page';
export { default as CourseEditorPage } from './course-editor-page';
export { default as TutorialEditorPage } from './tutorial-editor-page';
export { default as BlogEditorPage } from './blog-editor-page';
export { default as UsersPage } from './users-page';
export { default as AuditPage } from './audit-page';
export { default as CertificatesPage } from './certificates-page';
export { default as SettingsPage } from './settings-page';
