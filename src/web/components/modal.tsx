// A modal dialog (aria-modal) with a title and a close button: the behaviour the search and add-bug dialogs share.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './page-icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  /** The close button's accessible name. */
  closeLabel: string;
  onClose: () => void;
  /** Extra class on the dialog box (its size and layout). */
  className?: string;
  /** A click on the dimmed page behind closes the dialog; off where closing would throw away typed text. */
  closeOnBackdrop?: boolean;
  /** Focus goes back to the element that had it before; off when the opener moves focus itself. */
  restoreFocus?: boolean;
  children: ReactNode;
}

export function Modal({
  title,
  closeLabel,
  onClose,
  className,
  closeOnBackdrop = false,
  restoreFocus = true,
  children,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Focus moves into the dialog (its first field, else its first button); the page behind does not scroll.
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>('input') ?? dialog?.querySelector<HTMLElement>('button'))?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (restoreFocus) opener?.focus?.();
    };
  }, [restoreFocus]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Keep Tab inside the dialog (aria-modal): wrap from the last control to the first and back.
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // The backdrop is no control of its own (role="presentation"): it catches the keys that bubble up from the dialog
  // (Escape, Tab) and, as a mouse convenience beside Escape and the close button, a press on itself.
  return (
    <div
      className="modal-backdrop"
      role="presentation"
      onKeyDown={onKeyDown}
      onMouseDown={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
