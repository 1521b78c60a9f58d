import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ApiError } from '../../src-shared/api/apiError';
import { ErrorNotice } from './ErrorNotice';
import './ConfirmDialog.css';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Destructive actions get a red button, and focus starts on Cancel. */
  danger?: boolean;
  busy?: boolean;
  /** Why the action failed; the dialog stays open so the person can retry or cancel. */
  error?: ApiError;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before an action that cannot be undone. The native `<dialog>` gives the focus trap,
 * Escape to cancel and the inert background for free. It is rendered into `<body>` (a portal), so it
 * inherits nothing from where it is used: a table cell's `nowrap`, right alignment or sibling margin
 * once pushed it to x=4 and cut its text off.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger = false, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Focus is placed here, once the dialog is open: React's autoFocus ran while it was still closed (nothing
      // in it can take focus then), and showModal() focuses its first button, Cancel, even when Cancel is not
      // the one meant to start.
      (danger ? cancelRef : confirmRef).current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, danger]);

  return createPortal(
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open ? (
        <>
          <div className="confirm-dialog-body">
            <h2 id={titleId} className="confirm-dialog-title">
              {title}
            </h2>
            <div id={messageId} className="confirm-dialog-message">
              {children}
            </div>
            {error ? <ErrorNotice error={error} /> : null}
          </div>
          <div className="confirm-dialog-actions">
            <button ref={cancelRef} type="button" className="btn" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button ref={confirmRef} type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={onConfirm} disabled={busy}>
              {busy ? 'Working…' : confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}
