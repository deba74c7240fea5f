// The submit of an account form: one call at a time, and a call that fails shows a danger alert (the given text,
// or the error's own message) and keeps it on the page as the form's problem. The handler catches every failure
// itself, so the form gets a plain void handler and nothing is left to await. The submit button stays enabled
// while the call runs (a disabled button would drop focus to <body>); `busy` is for aria-disabled.
import { type FormEvent, useRef, useState } from 'react';
import { showAlert } from '../../../components/alert-banner';
import { isApiError } from '../../../lib/api';

/** `action` gets `keep(text)`, which keeps a text as the form's problem (an answer that is not a thrown failure). */
export function useFormSubmit(action: (keep: (text: string | null) => void) => Promise<void>, failureText?: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await action(setProblem);
    } catch (err) {
      const text = failureText ?? (isApiError(err) ? err.message : String(err));
      showAlert(text, 'danger');
      setProblem(text);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { busy, problem, onSubmit: (event: FormEvent) => void submit(event) };
}
