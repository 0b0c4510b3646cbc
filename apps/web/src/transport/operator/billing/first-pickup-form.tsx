import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstPickupInput } from '@switchyard/domain/transport/billing/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';

export const FirstPickupForm = ({
  householdId,
  current,
  onSaved,
}: {
  householdId: string;
  current: string | null;
  onSaved: () => void;
}) => {
  const [date, setDate] = useState(current ?? '');
  const form = useFormSubmission((path) => path === 'first_pickup_date');
  const setFirstPickup = useMutation(transportTrpc.billing.setFirstPickup.mutationOptions({ onSuccess: afterBillingChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(firstPickupInput, { household_id: householdId, first_pickup_date: date }, async (request) => {
      await setFirstPickup.mutateAsync(request);
      onSaved();
    });
  };

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <TextField
        id="first_pickup_date"
        label="First pickup date"
        type="date"
        value={date}
        onValueChange={setDate}
        error={form.errors.first_pickup_date}
      />
      <SubmitButton label="Save date" busyLabel="Saving…" isBusy={form.isBusy} variant="plain" />
    </form>
  );
};
