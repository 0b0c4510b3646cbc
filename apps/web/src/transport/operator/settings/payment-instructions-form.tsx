import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { paymentSettingsInput } from '@switchyard/domain/transport/tenants/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterTenantsChange } from '../../shared/transport-invalidation.ts';

/** How families pay by cheque or bank transfer; mailed on approval when no card provider is set up. */
export const PaymentInstructionsForm = ({ current }: { current: string | null }) => {
  const [text, setText] = useState(current ?? '');
  const [saved, setSaved] = useState(false);
  const form = useFormSubmission((path) => path === 'payment_instructions');
  const update = useMutation(transportTrpc.tenants.updatePaymentSettings.mutationOptions({ onSuccess: afterTenantsChange }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void form.submit(paymentSettingsInput, { payment_instructions: text }, async (request) => {
      await update.mutateAsync(request);
      setSaved(true);
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Payment instructions">
      {form.formError ? <FormAlert title="The payment instructions were not saved">{form.formError}</FormAlert> : null}
      {saved ? (
        <FormAlert tone="success">
          {text.trim() ? 'Approved families are told how to pay this way.' : 'The payment instructions are cleared.'}
        </FormAlert>
      ) : null}
      <TextAreaField
        id="payment_instructions"
        label="Payment instructions"
        hint="For cheque or bank transfer: who to pay, account details, what to write as the reference. Up to 2000 characters."
        maxLength={2000}
        rows={5}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setSaved(false);
          form.clearError('payment_instructions');
        }}
        error={form.errors.payment_instructions}
      />
      <div className="form-actions">
        <SubmitButton label="Save payment instructions" busyLabel="Saving…" isBusy={form.isBusy} />
      </div>
    </form>
  );
};
