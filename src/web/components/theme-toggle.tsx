// The navbar's dark-theme switch. Its own lazy chunk, like the Studio link: the theme itself is already applied
// before the first paint by the inline script in index.html, so nothing waits for this button.
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
