// What other features may use from practice: the Practice list of a lesson or tutorial, the ✓ mark, the 'Practice
// 3 / 5' count, the merge of a visitor's code at login, and runnable examples on code blocks (the playground, its
// editor and the runner's frame load only when a reader first presses Run). The code editor is not offered here: its
// wrapper imports its stylesheet, and a module with a stylesheet stays in the bundle of every page that imports this
// index, used or not (the lesson page carried the editor's 4 KB of CSS in its HTML).
export { mergeLocalPractice } from './api/merge-practice';
export { PassedMark } from './components/passed-mark';
export { PracticeCountLabel } from './components/practice-count';
export { PracticeList } from './components/practice-list';
export { runnableExamples } from './examples/runnable-examples';
