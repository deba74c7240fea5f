// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MS } from '../../shared/constants';
import { AlertBanner, showAlert } from './alert-banner';

/** Moves the fake clock inside act, so the banner's timeout re-renders before the next assertion. */
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('AlertBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a success alert for ALERT_MS (1000 ms) and then clears it', () => {
    expect(ALERT_MS).toBe(1000);
    render(<AlertBanner />);
    act(() => showAlert('Logged in Successfuly', 'success'));
    expect(screen.getByTestId('alert').textContent).toBe('Success: Logged in Successfuly');

    advance(999);
    expect(screen.queryByTestId('alert')).not.toBeNull();
    advance(1);
    expect(screen.queryByTestId('alert')).toBeNull();
  });

  it("labels a danger alert 'Error'", () => {
    render(<AlertBanner />);
    act(() => showAlert('You are logged out', 'danger'));
    const alert = screen.getByTestId('alert');
    expect(alert.textContent).toBe('Error: You are logged out');
    expect(alert.className).toContain('alert--danger');
    advance(ALERT_MS);
    expect(screen.queryByTestId('alert')).toBeNull();
  });

  it('replaces the alert on screen with a newer one and restarts the clock', () => {
    render(<AlertBanner />);
    act(() => showAlert('first', 'success'));
    advance(600);
    act(() => showAlert('second', 'danger'));
    expect(screen.getByTestId('alert').textContent).toBe('Error: second');
    advance(600);
    expect(screen.getByTestId('alert').textContent).toBe('Error: second');
    advance(400);
    expect(screen.queryByTestId('alert')).toBeNull();
  });

  it('keeps a polite live region in the page even when empty', () => {
    const { container } = render(<AlertBanner />);
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region?.textContent).toBe('');
  });
});
