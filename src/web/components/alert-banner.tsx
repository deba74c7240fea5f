// The transient alert banner: one message at a time, shown for ALERT_MS, danger labelled 'Error'.
import { useSyncExternalStore } from 'react';
import { ALERT_MS } from '../../shared/first-load';

export type AlertKind = 'success' | 'danger';
export interface Alert {
  id: number;
  message: string;
  kind: AlertKind;
}

const listeners = new Set<() => void>();
let current: Alert | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;

function emit(next: Alert | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows `message` for ALERT_MS; a newer alert replaces the one on screen and restarts the clock. */
export function showAlert(message: string, kind: AlertKind = 'success'): void {
  clearTimeout(timer);
  emit({ id: nextId++, message, kind });
  timer = setTimeout(() => emit(null), ALERT_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getAlert = () => current;
// Server-rendered pages and their hydration start without an alert (decision 0016).
const noAlert = () => null;

export function useAlert(): { showAlert: typeof showAlert } {
  return { showAlert };
}

export const ALERT_LABEL: Record<AlertKind, string> = { success: 'Success', danger: 'Error' };

export function AlertBanner() {
  const alert = useSyncExternalStore(subscribe, getAlert, noAlert);
  // The live region stays in the page so screen readers announce each message as it is inserted.
  return (
    <div className="alert-region" role="status" aria-live="polite">
      {alert && (
        <div key={alert.id} className={`alert alert--${alert.kind}`} data-testid="alert">
          <strong>{ALERT_LABEL[alert.kind]}</strong>: {alert.message}
        </div>
      )}
    </div>
  );
}
