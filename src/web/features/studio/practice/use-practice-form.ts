// The state of one practice form (an exercise or a quiz): the draft on screen, the item as last saved (null until
// the first save creates it), and the save: checked first against the shared schema (its message names the field),
// then POST (new) or PATCH with the version the form started from. A 409 (someone else saved meanwhile) stops the
// form until Reload; any other refusal is shown as the server worded it. Unsaved changes hold the leave guard.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { useUnsavedChanges } from '../components/leave-guard';
import { storePracticeItem, type PracticeOwner, type StudioPracticeItem } from './api/practice-keys';

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

  async function save() {
    if (state !== 'idle') return;
    const parsed = schema.safeParse(toBody(draft));
    if (!parsed.success) {
      setProblem(describeIssue(parsed.error.issues[0]));
      return;
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
    } catch (err) {
      if (isApiError(err, 409)) {
        setState('conflict');
      } else {
        setState('idle');
        setProblem(err instanceof Error ? err.message : String(err));
      }
    }
  }

  /** After a 409: the current version from the server replaces the form. */
  async function reload() {
    if (!item) return;
    try {
      const fresh = await read(item._id);
      storePracticeItem(queryClient, owner, fresh);
      const next = toDraft(fresh);
      setItem(fresh);
      setDraft(next);
      setBaseline(next);
      setProblem('');
      setState('idle');
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  }

  return { item, draft, setDraft, dirty, state, problem, save, reload };
}
