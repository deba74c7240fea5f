// Runnable examples: a code block in JavaScript, TypeScript, Python or HTML gets a Run button beside Copy; pressed,
// the block becomes a playground in place (an editor, Run and Stop, the output below). Nothing is loaded before that:
// the playground, the editor and the runner's frame are separate chunks.
import type { CodeBlockRunner } from '../../../components/copy-code';

/** PRACTICE.runnableBlockLanguages, written out: that module brings zod, which the pages showing code need not load
 *  (runnable-examples.test.ts holds the two lists equal). */
export const RUNNABLE_LANGUAGES = ['javascript', 'typescript', 'python', 'html'] as const;

const load = () => import('./playground');

export const runnableExamples: CodeBlockRunner = {
  languages: RUNNABLE_LANGUAGES,
  open(block, language, code) {
    void load().then(({ mountPlayground }) => mountPlayground(block, language, code));
  },
  closeAll(root) {
    if (root.querySelector('.code-block--playground'))
      void load().then(({ unmountPlaygrounds }) => unmountPlaygrounds(root));
  },
};
