// The browser session: the auth token and user id in localStorage (keys `auth-token`, `user-id`), observable by React.
import { useSyncExternalStore } from 'react';
import { STORAGE } from '../../shared/first-load';

export interface SessionSnapshot {
  token: string | null;
  userId: string | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when disabled by the browser's privacy settings; the site still works signed out.
    return null;
  }
}

function read(): SessionSnapshot {
  const store = storage();
  return { token: store?.getItem(STORAGE.token) ?? null, userId: store?.getItem(STORAGE.userId) ?? null };
}

function refresh(): void {
  const next = read();
  // A new object only when something changed, so useSyncExternalStore does not re-render for nothing.
  if (next.token === snapshot.token && next.userId === snapshot.userId) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function signIn(token: string, userId: string): void {
  const store = storage();
  store?.setItem(STORAGE.token, token);
  store?.setItem(STORAGE.userId, userId);
  refresh();
}

/** Removes only the token: `user-id` stays after logout, as specified. */
export function signOut(): void {
  storage()?.removeItem(STORAGE.token);
  refresh();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes what this tab may do.
if (typeof window !== 'undefined') window.addEventListener('storage', refresh);

export interface Session extends SessionSnapshot {
  signedIn: boolean;
  signIn: typeof signIn;
  signOut: typeof signOut;
}

// What the server renders (it has no session) and what hydration therefore starts from: signed out. The signed-in
// parts (comments box, progress, account menu) fill in right after hydration (docs/decisions/0016).
const SIGNED_OUT: SessionSnapshot = { token: null, userId: null };
const signedOutSnapshot = () => SIGNED_OUT;

export function useSession(): Session {
  const current = useSyncExternalStore(subscribe, getSession, signedOutSnapshot);
  return { ...current, signedIn: current.token !== null, signIn, signOut };
}

/** The localStorage key of a visitor's learning progress (features/learning keeps it). */
export const LOCAL_PROGRESS_KEY = 'devcourses-progress';

/** Whether this browser holds a visitor's learning progress, answered without loading the learning feature: course
 *  cards load their progress line (a lazy chunk) only for a signed-in learner or a visitor who has started. */
export function hasLocalProgress(): boolean {
  return Boolean(storage()?.getItem(LOCAL_PROGRESS_KEY));
}

const noSubscription = () => () => {};
const never = () => false;

/** `hasLocalProgress()` for rendering: false on the server and while hydrating, then the browser's answer. */
export function useHasLocalProgress(): boolean {
  return useSyncExternalStore(noSubscription, hasLocalProgress, never);
}
