// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSession, signIn, signOut, useSession } from './session';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    signOut();
  });

  it("stores the token and user id under 'auth-token' and 'user-id'", () => {
    signIn('tok-1', 'user-1');
    expect(localStorage.getItem('auth-token')).toBe('tok-1');
    expect(localStorage.getItem('user-id')).toBe('user-1');
    expect(getSession()).toEqual({ token: 'tok-1', userId: 'user-1' });
  });

  it('signOut removes only the token and keeps user-id', () => {
    signIn('tok-2', 'user-2');
    signOut();
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(localStorage.getItem('user-id')).toBe('user-2');
    expect(getSession()).toEqual({ token: null, userId: 'user-2' });
  });

  it('useSession re-renders on sign-in and sign-out', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(false);
    act(() => result.current.signIn('tok-3', 'user-3'));
    expect(result.current).toMatchObject({ signedIn: true, token: 'tok-3', userId: 'user-3' });
    act(() => result.current.signOut());
    expect(result.current).toMatchObject({ signedIn: false, token: null, userId: 'user-3' });
  });

  it('follows a change made by another tab (storage event)', () => {
    const { result } = renderHook(() => useSession());
    act(() => {
      localStorage.setItem('auth-token', 'from-other-tab');
      window.dispatchEvent(new Event('storage'));
    });
    expect(result.current.token).toBe('from-other-tab');
  });
});
