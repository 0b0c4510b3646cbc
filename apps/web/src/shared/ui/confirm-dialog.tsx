import { useEffect, useRef, type ReactNode } from 'react';

type ConfirmDialogProps = {
  /** The question, e.g. "Reject Pat Parent's registration?". */
  title: string;
  /** What happens, and any field the action needs (a reason). */
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  isBusy?: boolean;
  /** Destructive actions are red; the text stays white on it (contrast above 4.5:1). */
  tone?: 'danger' | 'primary';
  /** False while a required field is empty. */
  canConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before an action that cannot be undone. A modal `<dialog>`: focus stays inside, Escape and
 * Cancel close it, and the confirming button names the action again.
 */
export const ConfirmDialog = ({
  title,
  children,
  confirmLabel,
  busyLabel,
  isBusy = false,
  tone = 'danger',
  canConfirm = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
    }

    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (canConfirm && !isBusy) {
            onConfirm();
          }
        }}
      >
        <h2 id="confirm-dialog-title" className="confirm-dialog__title">
          {title}
        </h2>
        <div className="confirm-dialog__body">{children}</div>
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={onCancel} disabled={isBusy}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            disabled={!canConfirm || isBusy}
          >
            {isBusy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
};
