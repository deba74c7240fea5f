// React's handle on an Autosave: one per edited item, fed with the server's copy as the query cache changes.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Autosave, AUTOSAVE_DELAY_MS, type Fields, type Saved } from './autosave';
import { useUnsavedChanges } from './leave-guard';

export function useAutosave<F extends Fields>(
  server: Saved<F>,
  save: (patch: Partial<F> & { version: number }) => Promise<Saved<F>>,
  delay = AUTOSAVE_DELAY_MS,
) {
  const [autosave] = useState(() => new Autosave<F>(server, { save, delay }));
  useEffect(() => autosave.setSave(save), [autosave, save]);
  const snapshot = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot, autosave.getSnapshot);

  useEffect(() => {
    autosave.start();
    const online = () => autosave.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      autosave.stop();
    };
  }, [autosave]);

  useEffect(() => autosave.serverChanged(server), [autosave, server]);

  useUnsavedChanges(snapshot.unsaved);
  return { ...snapshot, autosave };
}
