// The colour theme before the first paint, inlined into index.html's head by the build (vite.config.ts), so the first
// paint waits on no request and the CSP allows it by its hash: the reader's choice in this browser (the navbar's
// toggle), else the system's. lib/theme.ts owns the theme after it and reads the same choice through these.
// (Nothing from src/shared/constants.ts: bundled alone, its other constants would come along.)

export type Theme = 'light' | 'dark';

/** The localStorage key of the reader's choice. */
export const THEME_STORAGE_KEY = 'theme';

export const systemDark = () => matchMedia('(prefers-color-scheme: dark)');

/** The theme the reader chose in this browser, if any. */
export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    // Storage can be off (privacy settings): follow the system.
    return null;
  }
}

export default function applyTheme(): void {
  document.documentElement.dataset.theme = storedTheme() ?? (systemDark().matches ? 'dark' : 'light');
}
