// The bug being written in the add dialog: kept (in this tab) when the dialog closes by Escape or Close, until it
// is sent or discarded on purpose, so an accidental Escape loses nothing.
export interface BugDraft {
  title: string;
  description: string;
  tags: string[];
  /** The lesson moment the bug is asked about ('Ask about this moment'), shown and removable. */
  lesson: { id: string; at: number; title: string } | null;
}

const KEY = 'bug-draft';
export const emptyDraft = (): BugDraft => ({ title: '', description: '', tags: [], lesson: null });

export function loadDraft(): BugDraft {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return { ...emptyDraft(), ...(JSON.parse(stored) as Partial<BugDraft>) };
  } catch {
    // Storage off or a broken value: start empty.
  }
  return emptyDraft();
}

export function saveDraft(draft: BugDraft): void {
  try {
    const empty = !draft.title && !draft.description && draft.tags.length === 0 && !draft.lesson;
    if (empty) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or off: the draft lives as long as the dialog.
  }
}

export const clearDraft = () => saveDraft(emptyDraft());
