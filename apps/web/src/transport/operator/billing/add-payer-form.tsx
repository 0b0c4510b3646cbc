import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { addPayerInput } from '@switchyard/domain/transport/billing/schemas';
import { SPLIT_TYPES } from '@switchyard/domain/transport/billing/billing-split';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';

const SPLIT_LABELS: Record<string, string> = {
  percentage: 'A percentage of the child’s rate',
  fixed: 'A fixed amount a week',
  per_child: 'All of what is left for the child',
};

const isShown = (path: string) =>
  ['name', 'email', 'phone', 'allocation.child_id', 'allocation.split_type', 'allocation.value'].includes(path);

type AddPayerFormProps = { householdId: string; children: readonly { id: string; name: string }[]; onAdded: (name: string) => void };

/** A further payer, optionally taking a share of one child: the billing split the API supports. */
export const AddPayerForm = ({ householdId, children, onAdded }: AddPayerFormProps) => {
  const [values, setValues] = useState({ name: '', email: '', phone: '', child_id: '', split_type: 'percentage', value: '' });
  const form = useFormSubmission(isShown);
  const addPayer = useMutation(transportTrpc.billing.addPayer.mutationOptions({ onSuccess: afterBillingChange }));
  const set = (field: keyof typeof values, value: string, path: string = field) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const allocation = values.child_id
      ? {
          child_id: values.child_id,
          split_type: values.split_type as (typeof SPLIT_TYPES)[number],
          value: values.value.trim() === '' ? 0 : Number(values.value),
        }
      : null;
    void form.submit(
      addPayerInput,
      { household_id: householdId, name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() || null, allocation },
      async (request) => {
        const answer = await addPayer.mutateAsync(request);
        setValues({ name: '', email: '', phone: '', child_id: '', split_type: 'percentage', value: '' });
        onAdded(answer.payer?.name ?? request.name);
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Add a payer">
      {form.formError ? <FormAlert title="The payer was not added">{form.formError}</FormAlert> : null}
      <div className="form-grid">
        <TextField
          id="payer-name"
          label="Payer name"
          required
          value={values.name}
          onValueChange={(value) => set('name', value)}
          error={form.errors.name}
        />
        <TextField
          id="payer-email"
          label="Payer email"
          type="email"
          required
          value={values.email}
          onValueChange={(value) => set('email', value)}
          error={form.errors.email}
        />
        <TextField
          id="payer-phone"
          label="Payer phone"
          type="tel"
          value={values.phone}
          onValueChange={(value) => set('phone', value)}
          error={form.errors.phone}
        />
        <SelectField
          id="payer-child"
          label="Pays for"
          value={values.child_id}
          options={[
            { value: '', label: 'Nothing yet (main payer pays all)' },
            ...children.map((child) => ({ value: child.id, label: child.name })),
          ]}
          onValueChange={(value) => set('child_id', value, 'allocation.child_id')}
          error={form.errors['allocation.child_id']}
        />
        {values.child_id ? (
          <>
            <SelectField
              id="payer-split"
              label="Share"
              value={values.split_type}
              options={SPLIT_TYPES.map((type) => ({ value: type, label: SPLIT_LABELS[type] ?? type }))}
              onValueChange={(value) => set('split_type', value, 'allocation.split_type')}
            />
            {values.split_type === 'per_child' ? null : (
              <TextField
                id="payer-value"
                label={values.split_type === 'percentage' ? 'Percent' : 'Dollars a week'}
                inputMode="decimal"
                value={values.value}
                onValueChange={(value) => set('value', value, 'allocation.value')}
                error={form.errors['allocation.value']}
              />
            )}
          </>
        ) : null}
      </div>
      <div className="form-actions">
        <SubmitButton label="Add payer" busyLabel="Adding…" isBusy={form.isBusy} />
      </div>
    </form>
  );
};
