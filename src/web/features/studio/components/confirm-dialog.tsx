// 'Delete this course?': a question in the shared Modal with the action and Cancel; Cancel has the focus first.
import type { ReactNode } from 'react';
import { Modal } from '../../../components/modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's text ('Delete'). */
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} closeLabel="Close" onClose={onCancel} className="studio-dialog">
      <div className="studio-dialog__body">{children}</div>
      <div className="studio-dialog__actions">
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {busy ? `${confirmLabel}…` : confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
