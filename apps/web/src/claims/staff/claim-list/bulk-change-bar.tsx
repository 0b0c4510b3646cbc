import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { staffBulkInput } from '@switchyard/domain/claims/bulk-change';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { CheckboxField } from '../../../shared/forms/checkbox-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { invalidates } from '../../../shared/query/query-client.ts';
import { statusOptions, tierOptions } from '../../shared/vocabulary-options.ts';
import { NOBODY, useAssigneeOptions } from '../assignee/assignee-options.ts';
import { staffTrpc } from '../staff-client.ts';
import type { ClaimsOutputs } from '../../shared/claims-client.ts';
import { claimFiltersOnly, type ClaimFilters } from './claim-filters.ts';
import { selectedCount, type ClaimSelection } from './claim-selection.ts';

type BulkResult = ClaimsOutputs['staff']['bulk'];

const UNCHANGED = { value: '', label: 'No change' };

type BulkChangeBarProps = {
  selection: ClaimSelection;
  filters: ClaimFilters;
  total: number;
  /** Called after a change went through, so the list can forget its selection. */
  onDone: () => void;
  result: BulkResult | null;
  onResult: (result: BulkResult | null) => void;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Status, tier and assignee for every selected claim at once, with one reason; shows what was changed and what was skipped. */
export const BulkChangeBar = ({ selection, filters, total, onDone, result, onResult }: BulkChangeBarProps) => {
  const [status, setStatus] = useState('');
  const [tier, setTier] = useState('');
  const [assignee, setAssignee] = useState('');
  const [reason, setReason] = useState('');
  const [notifyClient, setNotifyClient] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const assignees = useAssigneeOptions();
  const bulk = useMutation(staffTrpc.staff.bulk.mutationOptions({ onSuccess: invalidates(staffTrpc.staff.pathFilter()) }));
  const count = selectedCount(selection, total);
  // A new choice or reason starts over: the refusal of the last attempt no longer applies to it.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const check = staffBulkInput.safeParse({
      ...(selection.kind === 'matching' ? { filters: claimFiltersOnly(filters) } : { claim_numbers: [...selection.numbers] }),
      change: {
        status: status || undefined,
        tier: tier || undefined,
        assignee_id: assignee === '' ? undefined : assignee === NOBODY ? null : assignee,
      },
      reason,
      notify_client: notifyClient,
    });
    if (!check.success) {
      const issue = check.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      setError(
        field.startsWith('change')
          ? 'Choose a new status, tier or assignee first.'
          : field === 'reason'
            ? "Give a reason; it goes on every claim's audit trail."
            : (issue?.message ?? 'Check the change.'),
      );

      return;
    }
    try {
      const answer = await bulk.mutateAsync(check.data);
      onResult(answer);
      // The next selection starts from "no change", so nothing of this change is applied to it unseen.
      setStatus('');
      setTier('');
      setAssignee('');
      setReason('');
      setNotifyClient(false);
      onDone();
    } catch (failure) {
      setError(readAppError(failure).message);
    }
  };

  return (
    <section className="card bulk-bar" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="card__title">
        {count > 0 ? `Change ${plural(count, 'selected claim')}` : 'Bulk change'}
      </h2>
      {result ? <BulkResultView result={result} onDismiss={() => onResult(null)} /> : null}
      {count > 0 ? (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Change the selected claims">
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <div className="form-grid form-grid--three">
            <SelectField
              id="bulk-status"
              label="Status"
              value={status}
              options={[UNCHANGED, ...statusOptions]}
              onValueChange={edit(setStatus)}
            />
            <SelectField id="bulk-tier" label="Tier" value={tier} options={[UNCHANGED, ...tierOptions]} onValueChange={edit(setTier)} />
            <SelectField
              id="bulk-assignee"
              label="Assignee"
              value={assignee}
              options={[UNCHANGED, { value: NOBODY, label: 'Nobody' }, ...assignees.members]}
              onValueChange={edit(setAssignee)}
            />
            <div className="form-grid__wide">
              <TextAreaField
                id="bulk-reason"
                label="Reason"
                hint="Required; recorded on each claim's audit trail, not shown to clients."
                rows={2}
                maxLength={LIMITS.reason}
                value={reason}
                onValueChange={edit(setReason)}
              />
            </div>
          </div>
          <CheckboxField
            id="bulk-notify"
            name="Notify"
            label="Tell each client about a new status or recovery stage (by mail)"
            checked={notifyClient}
            onCheckedChange={setNotifyClient}
          />
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={bulk.isPending}>
              {bulk.isPending ? 'Changing…' : `Apply to ${plural(count, 'claim')}`}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
};

const BulkResultView = ({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) => (
  <FormAlert tone={result.skipped.length > 0 ? 'info' : 'success'} title={`Changed ${plural(result.changed.length, 'claim')}.`}>
    {result.skipped.length > 0 ? (
      <>
        <p>{result.skipped.length === 1 ? '1 claim was left as it was:' : `${result.skipped.length} claims were left as they were:`}</p>
        <ul className="bulk-bar__skipped">
          {result.skipped.map((skip) => (
            <li key={skip.claim_number}>
              <strong>{skip.claim_number}</strong>: {skip.message}
            </li>
          ))}
        </ul>
      </>
    ) : null}
    <button type="button" className="button button--small" onClick={onDismiss}>
      Dismiss
    </button>
  </FormAlert>
);
