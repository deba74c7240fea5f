// The submit of an account form: the button stays disabled while the call runs, and a call that fails shows a
// danger alert (the given text, or the error's own message). The handler catches every failure itself, so the form
// gets a plain void handler and nothing is left to await.
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../components/alert-banner';
import { isApiError } from '../../../lib/api';

export function useFormSubmit(action: () => Promise<void>, failureText?: string) {
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await action();
    } catch (err) {
      showAlert(failureText ?? (isApiError(err) ? err.message : String(err)), 'danger');
    } finally {
      setBusy(false);
    }
  }

  return { busy, onSubmit: (event: FormEvent) => void submit(event) };
}
