// What other features may use from practice: the Practice list of a lesson or tutorial, the ✓ mark, the 'Practice
// 3 / 5' count and the merge of a visitor's code at login; the code editor, the sandboxed code runner and runnable
// examples on code blocks (the editor and the runner's frame load only when they are first shown or run).
export { mergeLocalPractice } from './api/merge-practice';
export { PassedMark } from './components/passed-mark';
export { PracticeCountLabel } from './components/practice-count';
export { PracticeList } from './components/practice-list';
export { CodeEditor, CodePreview, type CodeEditorProps, type EditorLanguage } from './editor/code-editor';
export { runnableExamples } from './examples/runnable-examples';
export { createRunner, RUNNER_FRAME_URL, type RunEvents, type Runner, type RunnerOptions } from './runner/runner-host';
