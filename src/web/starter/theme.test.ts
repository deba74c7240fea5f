// @vitest-environment happy-dom
// The theme before the first paint: the reader's stored choice, else the system's.
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import applyTheme, { THEME_STORAGE_KEY } from './theme';

const theme = () => document.documentElement.getAttribute('data-theme');
/** The system's setting (happy-dom's emulated device answers prefers-color-scheme from it). */
function systemIs(dark: boolean) {
  (window as unknown as HappyDomWindow).happyDOM.settings.device.prefersColorScheme = dark ? 'dark' : 'light';
}

afterEach(() => {
  systemIs(false);
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the theme before the first paint', () => {
  it("applies the reader's stored choice over the system's", () => {
    systemIs(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    applyTheme();
    expect(theme()).toBe('light');
    systemIs(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    applyTheme();
    expect(theme()).toBe('dark');
  });

  it('follows the system without a choice, with a value it does not know, or with storage off', () => {
    systemIs(true);
    applyTheme();
    expect(theme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    systemIs(false);
    applyTheme();
    expect(theme()).toBe('light');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    systemIs(true);
    applyTheme();
    expect(theme()).toBe('dark');
  });
});
