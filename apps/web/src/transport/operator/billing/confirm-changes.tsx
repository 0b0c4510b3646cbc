import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';

type ConfirmChangesProps = {
  title: string;
  confirmLabel: string;
  lines: readonly string[];
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A correction of a record, each changed field as "Field: before → after", confirmed before it is saved. */
export const ConfirmChanges = ({ title, confirmLabel, lines, isBusy, onConfirm, onCancel }: ConfirmChangesProps) => (
  <ConfirmDialog
    title={title}
    confirmLabel={confirmLabel}
    busyLabel="Saving…"
    tone="primary"
    isBusy={isBusy}
    onConfirm={onConfirm}
    onCancel={onCancel}
  >
    <ul className="change-list">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
    <p className="muted">The change is recorded in the audit log.</p>
  </ConfirmDialog>
);

/** The form's own buttons: review the changes (opening the confirmation) or leave the record as it is. */
export const ReviewActions = ({ isBusy, onCancel }: { isBusy: boolean; onCancel: () => void }) => (
  <div className="row-actions">
    <SubmitButton label="Review changes" busyLabel="Checking…" isBusy={isBusy} size="small" />
    <button type="button" className="button button--small" onClick={onCancel}>
      Cancel
    </button>
  </div>
);
