// The frame of the Studio's create dialogs ('New course', 'New lesson'): the fields, a line saying what is missing
// or what the server refused, and Create/Cancel. No close on a backdrop click: a stray click would throw away an
// uploaded file's address.
import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../../../components/modal';

interface CreateFormDialogProps {
  title: string;
  /** 'Create lesson'; 'Creating…' while the request runs. */
  submitLabel: string;
  pending: boolean;
  /** What stops the form, or ''. */
  problem: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

export function CreateFormDialog({
  title,
  submitLabel,
  pending,
  problem,
  onSubmit,
  onClose,
  children,
}: CreateFormDialogProps) {
  return (
    <Modal title={title} closeLabel="Close dialog" onClose={onClose} className="studio-dialog">
      <form className="studio-form" onSubmit={onSubmit} noValidate>
        {children}
        <p className="studio-field__error" role="status" aria-live="polite">
          {problem}
        </p>
        <div className="studio-dialog__actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Creating…' : submitLabel}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
