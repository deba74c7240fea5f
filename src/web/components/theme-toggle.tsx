// The navbar's dark-theme switch (the theme itself is applied before the first paint by index.html's inline script).
// Part of the entry: as a lazy chunk of its own it cost the first load more than its code (one more request, and a
// preload before hydration so that a navigation could not redraw it, decision 0020).
import { setTheme, useTheme } from '../lib/theme';
import { MoonIcon } from './page-icons';

export default function ThemeToggle() {
  const theme = useTheme();
  return (
    <button
      type="button"
      className="icon-button navbar__theme"
      aria-label="Dark theme"
      aria-pressed={theme === 'dark'}
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      <MoonIcon width="20" height="20" />
    </button>
  );
}
