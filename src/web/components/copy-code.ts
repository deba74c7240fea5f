// A 'Copy' button on each code block of stored HTML, added to the DOM after React has rendered (or hydrated) the
// HTML, so the markup RichHtml renders stays the server's, byte for byte. 'Copied' is shown on the button and
// announced by a polite status region beside it.
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

/** Wraps each `pre` under `root` with a Copy button; blocks that have one already are left alone. */
export function addCopyButtons(root: HTMLElement | null): void {
  for (const pre of root?.querySelectorAll('pre') ?? []) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const block = document.createElement('div');
    block.className = 'code-block';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.textContent = 'Copy';
    const status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    pre.replaceWith(block);
    block.append(pre, button, status);
    const code = pre.querySelector('code') ?? pre;
    button.addEventListener('click', () => void copy(button, status, code));
  }
}
