import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { invalidates } from '../../../shared/query/query-client.ts';
import { staffTrpc } from '../staff-client.ts';
import type { StaffClaim } from '../claim-detail/staff-claim-types.ts';
import { NOBODY, useAssigneeOptions } from './assignee-options.ts';

/** Who has the claim, and a small form to give it to someone else (or nobody). */
export const ClaimAssignee = ({ claim }: { claim: StaffClaim }) => {
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState(claim.assignee?.id ?? NOBODY);
  const [error, setError] = useState<string | null>(null);
  const assignees = useAssigneeOptions();
  const update = useMutation(staffTrpc.staff.update.mutationOptions({ onSuccess: invalidates(staffTrpc.staff.pathFilter()) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ claim_number: claim.claim_number, assignee_id: choice === NOBODY ? null : choice });
      setEditing(false);
    } catch (failure) {
      setError(readAppError(failure).message);
    }
  };

  if (!editing) {
    return (
      <span className="assignee">
        <span data-testid="claim-assignee">{claim.assignee?.name ?? 'Nobody yet'}</span>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            setChoice(claim.assignee?.id ?? NOBODY);
            setEditing(true);
          }}
        >
          Change
        </button>
      </span>
    );
  }

  return (
    <form className="assignee__form" onSubmit={(event) => void submit(event)} aria-label="Assign the claim">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <SelectField
        id="claim-assignee-select"
        label="Give the claim to"
        value={choice}
        options={[{ value: NOBODY, label: 'Nobody' }, ...assignees.members]}
        onValueChange={setChoice}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Assign'}
        </button>
        <button type="button" className="button button--small" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
};
