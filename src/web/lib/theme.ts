// The colour theme: 'dark' or 'light' on <html data-theme>, set before the first paint by index.html's inline script
// (starter/theme.ts: the reader's choice in this browser, else the system's). Choosing one here stores it; until the
// reader chooses, the page follows the system's setting as it changes.
import { useSyncExternalStore } from 'react';
import { storedTheme, systemDark, type Theme, THEME_STORAGE_KEY } from '../starter/theme';

export type { Theme };

const listeners = new Set<() => void>();

function apply(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  for (const listener of listeners) listener();
}

export function currentTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage off: the choice lasts for this page.
  }
  apply(theme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = systemDark();
  const followSystem = () => {
    if (!storedTheme()) apply(media.matches ? 'dark' : 'light');
  };
  media.addEventListener('change', followSystem);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', followSystem);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
