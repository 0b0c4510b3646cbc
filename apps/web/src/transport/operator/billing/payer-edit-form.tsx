import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { updatePayerInput } from '@switchyard/domain/transport/billing/schemas';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { ConfirmChanges, ReviewActions } from './confirm-changes.tsx';
import { transportTrpc, type TransportInputs, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';

type Payer = TransportOutputs['billing']['getHousehold']['payers'][number];
type PayerRequest = TransportInputs['billing']['updatePayer'];
type Values = { name: string; email: string; phone: string; relationship: string };

const LABELS: Record<keyof Values, string> = { name: 'Name', email: 'Email', phone: 'Phone', relationship: 'Relationship' };
const FIELDS = Object.keys(LABELS) as (keyof Values)[];

/** Corrects a payer's contact details; the changes are listed for confirmation before they are saved. */
export const PayerEditForm = ({
  householdId,
  payer,
  onDone,
}: {
  householdId: string;
  payer: Payer;
  onDone: (message: string | null) => void;
}) => {
  const before: Values = { name: payer.name, email: payer.email ?? '', phone: payer.phone ?? '', relationship: payer.relationship ?? '' };
  const [values, setValues] = useState(before);
  const [pending, setPending] = useState<{ request: PayerRequest; lines: string[] } | null>(null);
  const form = useFormSubmission((path) => path in LABELS);
  const update = useMutation(transportTrpc.billing.updatePayer.mutationOptions({ onSuccess: afterBillingChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = FIELDS.filter((field) => values[field].trim() !== before[field]);
    if (changed.length === 0) {
      form.setFormError('Nothing was changed.');

      return;
    }
    const request: PayerRequest = { household_id: householdId, payer_id: payer.id };
    for (const field of changed) {
      const text = values[field].trim();
      // Name and email are required of a payer; phone and relationship may be cleared.
      request[field] = (field === 'name' || field === 'email' ? text : text || null) as never;
    }
    const lines = changed.map((field) => `${LABELS[field]}: ${before[field] || 'none'} → ${values[field].trim() || 'none'}`);
    void form.submit(updatePayerInput, request, async () => {
      setPending({ request, lines });
    });
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      await update.mutateAsync(pending.request);
      setPending(null);
      onDone(`${pending.request.name ?? payer.name}'s details were saved.`);
    } catch (error) {
      setPending(null);
      form.setFormError(readAppError(error).message);
    }
  };

  // The confirmation is a form of its own, so it sits beside this one, not inside it.
  return (
    <>
      <form className="form payer-edit" onSubmit={submit} noValidate aria-label={`Edit ${payer.name}`}>
        {form.formError ? <FormAlert title="The payer was not saved">{form.formError}</FormAlert> : null}
        <div className="form-grid">
          {FIELDS.map((field) => (
            <TextField
              key={field}
              id={`payer-${payer.id}-${field}`}
              label={LABELS[field]}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : undefined}
              required={field === 'name' || field === 'email'}
              value={values[field]}
              onValueChange={(value) => {
                setValues((current) => ({ ...current, [field]: value }));
                form.clearError(field);
              }}
              error={form.errors[field]}
            />
          ))}
        </div>
        <ReviewActions isBusy={form.isBusy} onCancel={() => onDone(null)} />
      </form>
      {pending ? (
        <ConfirmChanges
          title={`Save ${payer.name}'s details?`}
          confirmLabel="Save details"
          lines={pending.lines}
          isBusy={update.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
};

/** Removing a payer, after a confirmation saying where their share goes; the server's refusal (the main payer, open invoices) is shown as it says it. */
export const RemovePayerDialog = ({
  householdId,
  payer,
  onDone,
}: {
  householdId: string;
  payer: Payer;
  onDone: (outcome: { tone: 'success' | 'error'; text: string } | null) => void;
}) => {
  const remove = useMutation(transportTrpc.billing.removePayer.mutationOptions({ onSuccess: afterBillingChange }));

  return (
    <ConfirmDialog
      title={`Remove ${payer.name} as a payer?`}
      confirmLabel={`Remove ${payer.name}`}
      busyLabel="Removing…"
      isBusy={remove.isPending}
      onCancel={() => onDone(null)}
      onConfirm={() => {
        remove.mutateAsync({ household_id: householdId, payer_id: payer.id }).then(
          () => onDone({ tone: 'success', text: `${payer.name} no longer pays for this household; the main payer takes their share.` }),
          (error: unknown) => onDone({ tone: 'error', text: readAppError(error).message }),
        );
      }}
    >
      <p>Their shares of the children go back to the main payer. The removal is recorded in the audit log.</p>
    </ConfirmDialog>
  );
};
