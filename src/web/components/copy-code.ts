// A 'Copy' button on each code block of stored HTML, added to the DOM after React has rendered (or hydrated) the
// HTML, so the markup RichHtml renders stays the server's, byte for byte. 'Copied' is shown on the button and
// announced by a polite status region beside it. Pages that make examples runnable hand in a `CodeBlockRunner`: a
// block in one of its languages (the server's `code.language-x`) also gets a 'Run' button, which hands the block over.
const RESET_MS = 2000;

async function copy(button: HTMLButtonElement, status: HTMLElement, code: HTMLElement) {
  let said: string;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    said = 'Copied';
  } catch {
    // No clipboard access (permission, an insecure origin): select the code so the keyboard's copy works.
    getSelection()?.selectAllChildren(code);
    said = 'Selected: press Ctrl+C (⌘C on a Mac)';
  }
  button.textContent = said;
  status.textContent = said;
  setTimeout(() => {
    button.textContent = 'Copy';
    status.textContent = '';
  }, RESET_MS);
}

/** Turns code blocks of some languages into something runnable (the page's feature supplies it). */
export interface CodeBlockRunner {
  /** The `language-x` names whose blocks get a Run button. */
  languages: readonly string[];
  /** Run was pressed on `block` (the `.code-block` holding the `pre` and the buttons). */
  open(block: HTMLElement, language: string, code: string): void;
  /** The HTML under `root` is about to be replaced: whatever `open` made there is taken down. */
  closeAll?(root: HTMLElement): void;
}

/** The block's language, from the server's `code.language-x` class; null without one. */
function languageOf(pre: HTMLElement): string | null {
  const code = pre.querySelector('code');
  return code ? (/(?:^|\s)language-([a-z0-9_+#-]+)/.exec(code.className)?.[1] ?? null) : null;
}

/** Wraps each `pre` under `root` with a Copy button (and Run, for `runner`'s languages); blocks that have one
 *  already are left alone. */
export function addCopyButtons(root: HTMLElement | null, runner?: CodeBlockRunner): void {
  for (const pre of root?.querySelectorAll('pre') ?? []) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const block = document.createElement('div');
    block.className = 'code-block';
    const actions = document.createElement('div');
    actions.className = 'code-block__actions';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.textContent = 'Copy';
    const status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    const language = languageOf(pre);
    const code = pre.querySelector('code') ?? pre;
    if (runner && language && runner.languages.includes(language)) {
      const run = document.createElement('button');
      run.type = 'button';
      run.className = 'code-block__run';
      run.textContent = 'Run';
      run.addEventListener('click', () => runner.open(block, language, code.textContent ?? ''));
      actions.append(run);
    }
    actions.append(button);
    pre.replaceWith(block);
    block.append(pre, actions, status);
    button.addEventListener('click', () => void copy(button, status, code));
  }
}
