// The state of one practice form (an exercise or a quiz): the draft on screen, the item as last saved (null until
// the first save creates it), and the save: checked first against the shared schema (its message names the field),
// then POST (new) or PATCH with the version the form started from. A 409 (someone else saved meanwhile) stops the
// form until Reload; any other refusal is shown as the server worded it. Unsaved changes hold the leave guard. An
// item of a published lesson or tutorial is saved into its working copy; Update and Discard changes act on it after
// what is typed is saved.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { useUnsavedChanges } from '../components/leave-guard';
import type { WorkingCopyCall } from '../components/working-copy-changes';
import { storePracticeItem, type PracticeOwner, type StudioPracticeItem } from './api/practice-keys';
import { practiceItemAction } from './api/save-practice-item';

export type SaveState = 'idle' | 'saving' | 'conflict';

interface PracticeFormOptions<I extends StudioPracticeItem, D, B> {
  owner: PracticeOwner;
  initial: I | null;
  toDraft: (item: I | null) => D;
  /** The draft as the call's body; parsed with `schema` before it is sent. */
  toBody: (draft: D) => unknown;
  schema: z.ZodType<B>;
  create: (owner: PracticeOwner, body: B) => Promise<I>;
  update: (id: string, patch: B & { version: number }) => Promise<I>;
  read: (id: string) => Promise<I>;
  /** After each successful save; `created` on the first. */
  onSaved: (item: I, created: boolean) => void;
}

/** The schema's first complaint, led by which test, question or choice it is about ('Question 2, choice 1: …'). */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const where: string[] = [];
  const path = issue.path;
  for (let i = 0; i < path.length - 1; i++) {
    const name = path[i];
    const index = path[i + 1];
    if (typeof index !== 'number') continue;
    if (name === 'tests') where.push(`Test ${index + 1}`);
    if (name === 'questions') where.push(`Question ${index + 1}`);
    if (name === 'choices') where.push(`choice ${index + 1}`);
  }
  return where.length > 0 ? `${where.join(', ')}: ${issue.message}` : issue.message;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function usePracticeForm<I extends StudioPracticeItem, D, B>(options: PracticeFormOptions<I, D, B>) {
  const { owner, initial, toDraft, toBody, schema, create, update, read, onSaved } = options;
  const queryClient = useQueryClient();
  const [item, setItem] = useState<I | null>(initial);
  const [draft, setDraft] = useState<D>(() => toDraft(initial));
  const [baseline, setBaseline] = useState<D>(draft);
  const [state, setState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState('');
  const dirty = !same(draft, baseline);
  useUnsavedChanges(dirty);

  /** Answers the item as saved, or null when it was not (the reason is shown). */
  async function save(): Promise<I | null> {
    if (state !== 'idle') return null;
    const parsed = schema.safeParse(toBody(draft));
    if (!parsed.success) {
      setProblem(describeIssue(parsed.error.issues[0]));
      return null;
    }
    setProblem('');
    setState('saving');
    const sent = draft;
    try {
      const saved = item
        ? await update(item._id, { ...parsed.data, version: item.version })
        : await create(owner, parsed.data);
      storePracticeItem(queryClient, owner, saved);
      setItem(saved);
      setBaseline(sent);
      setState('idle');
      onSaved(saved, item === null);
      return saved;
    } catch (err) {
      if (isApiError(err, 409)) {
        setState('conflict');
      } else {
        setState('idle');
        setProblem(err instanceof Error ? err.message : String(err));
      }
      return null;
    }
  }

  /** The server's version replaces the form and its copy in the list. */
  function replace(fresh: I) {
    storePracticeItem(queryClient, owner, fresh);
    const next = toDraft(fresh);
    setItem(fresh);
    setDraft(next);
    setBaseline(next);
    setProblem('');
  }

  /** Update or Discard changes, after what is typed is saved (its refusal is already shown). */
  async function act(what: WorkingCopyCall) {
    const current = dirty && what === 'update' ? await save() : item;
    if (!current) throw new Error('Your latest changes are not saved yet: see the message above Save.');
    replace(await practiceItemAction(current, what));
  }

  /** After a 409: the current version from the server replaces the form. */
  async function reload() {
    if (!item) return;
    try {
      replace(await read(item._id));
      setState('idle');
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  }

  return { item, draft, setDraft, dirty, state, problem, save, reload, act };
}
