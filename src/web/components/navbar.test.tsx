// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation, Router } from '../lib/router';
import { Navbar } from './navbar';

function show(searchOpen = false) {
  const onOpenSearch = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={memoryLocation().hook}>
        <Navbar searchOpen={searchOpen} onOpenSearch={onOpenSearch} />
        <input aria-label="Somewhere else" />
      </Router>
    </QueryClientProvider>,
  );
  return onOpenSearch;
}

afterEach(cleanup);

describe('Navbar', () => {
  it('the menu button opens the menu, and Escape closes it and gives focus back to the button', () => {
    show();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('/ and Ctrl+K open the search dialog; / typed in a text field stays text', () => {
    const onOpenSearch = show();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(onOpenSearch).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(onOpenSearch).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Somewhere else' }), { key: '/' });
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(onOpenSearch).toHaveBeenCalledTimes(2);
  });

  it('focus alone never opens the search dialog; a click or Enter does', () => {
    const onOpenSearch = show();
    const box = screen.getByRole('searchbox', { name: 'Search courses and tutorials' });
    fireEvent.focus(box);
    expect(onOpenSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(box);
    expect(onOpenSearch).toHaveBeenCalledTimes(2);
    expect(box.getAttribute('aria-keyshortcuts')).toBe('/ Control+K Meta+K');
  });

  it('the search button (the search box stands in for it from 1280 px) opens the dialog too', () => {
    const onOpenSearch = show();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    expect(onOpenSearch).toHaveBeenCalledTimes(1);
  });

  it('the theme toggle switches to dark and back, remembers the choice, and says whether it is on', async () => {
    document.documentElement.setAttribute('data-theme', 'light');
    show();
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    // Waits for React to draw the pressed state rather than assume it is drawn when the click returns (the lazy toggle
    // was once still 'false' there in CI, on a loaded machine).
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(toggle);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    localStorage.removeItem('theme');
  });

  it('shortcuts do nothing while the dialog is already open', () => {
    const onOpenSearch = show(true);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(onOpenSearch).not.toHaveBeenCalled();
  });
});
