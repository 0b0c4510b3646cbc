import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '@switchyard/domain/claims/limits';
import { staffPatchInput } from '@switchyard/domain/claims/schemas';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { CheckboxField } from '../../../shared/forms/checkbox-field.tsx';
import { toFieldErrors, type FieldErrors } from '../../../shared/forms/field-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { statusOptions, tierOptions } from '../../shared/vocabulary-options.ts';
import { invalidates } from '../../../shared/query/query-client.ts';
import { staffTrpc } from '../staff-client.ts';
import type { StaffClaim } from './staff-claim-types.ts';

/** A new status or tier shows everywhere at once: the claim, the claims list and the statistics are refetched. */
export const ChangeStatusForm = ({ claim }: { claim: StaffClaim }) => {
  const [status, setStatus] = useState(claim.status);
  const [tier, setTier] = useState(claim.tier);
  const [reason, setReason] = useState('');
  const [notifyClient, setNotifyClient] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const update = useMutation(staffTrpc.staff.update.mutationOptions({ onSuccess: invalidates(staffTrpc.staff.pathFilter()) }));

  // A new choice starts over: the refusal of the last one no longer applies to it.
  const choose = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
    setMessage(null);
  };
  const statusChanged = status !== claim.status;
  const tierChanged = tier !== claim.tier;
  const notifyLabel = statusChanged
    ? `Tell the client about the new status${tierChanged ? ' and recovery stage' : ''} (adds a shared update note)`
    : 'Tell the client about the new recovery stage (by mail)';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // Only what changed is sent, so the audit trail records real changes only.
    const check = staffPatchInput.safeParse({
      claim_number: claim.claim_number,
      status: status === claim.status ? undefined : status,
      tier: tier === claim.tier ? undefined : tier,
      reason: reason.trim() || undefined,
      notify_client: status === claim.status && tier === claim.tier ? undefined : notifyClient,
    });
    if (!check.success) {
      const issues = check.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      const fieldErrors = toFieldErrors(issues);
      setErrors(fieldErrors);
      if (fieldErrors.status && !fieldErrors.reason) {
        setMessage({ tone: 'error', text: 'Choose a new status or tier first.' });
        setErrors({});
      }

      return;
    }
    try {
      const updated = await update.mutateAsync(check.data);
      setReason('');
      setErrors({});
      setMessage({ tone: 'success', text: `Saved: ${updated.status_label}, ${updated.tier_label}.` });
    } catch (error) {
      const info = readAppError(error);
      setErrors(toFieldErrors(info.issues));
      setMessage({ tone: 'error', text: info.message });
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Change status and tier">
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      <div className="form-grid">
        <SelectField
          id="patch-status"
          label="Status"
          value={status}
          options={statusOptions}
          onValueChange={choose(setStatus)}
          error={errors.status}
        />
        <SelectField id="patch-tier" label="Tier" value={tier} options={tierOptions} onValueChange={choose(setTier)} error={errors.tier} />
        <div className="form-grid__wide">
          <TextAreaField
            id="patch-reason"
            label="Reason"
            hint="Recorded in the audit trail; not shown to the client."
            rows={2}
            maxLength={LIMITS.reason}
            value={reason}
            onValueChange={setReason}
            error={errors.reason}
          />
        </div>
      </div>
      {statusChanged || tierChanged ? (
        <CheckboxField id="patch-notify" name="Notify" label={notifyLabel} checked={notifyClient} onCheckedChange={setNotifyClient} />
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
};
