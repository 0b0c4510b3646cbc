import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { payerSplitInput, type PayerSplitType } from '@switchyard/domain/transport/billing/payer-split';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';

type Household = TransportOutputs['billing']['getHousehold'];

/**
 * How much a second payer pays of the whole household: a percentage of the week or a fixed amount
 * a week; the main payer pays the rest. It applies from the next invoices generated.
 */
export const PayerSplitForm = ({ household, currency }: { household: Household; currency: string }) => {
  const others = household.payers.filter((payer) => !payer.is_primary);
  const [payerId, setPayerId] = useState(others[0]?.id ?? '');
  const [splitType, setSplitType] = useState<PayerSplitType>('percentage');
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const form = useFormSubmission((path) => ['payer_id', 'split_type', 'value'].includes(path));
  const update = useMutation(transportTrpc.billing.setPayerSplit.mutationOptions({ onSuccess: afterBillingChange }));
  if (others.length === 0) {
    return <p className="muted">Add a second payer to share this household’s invoices.</p>;
  }
  const shareOf = (id: string) => household.payer_splits.find((split) => split.payer_id === id)?.amount ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const amount = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    void form.submit(
      payerSplitInput,
      { household_id: household.id, payer_id: payerId, split_type: splitType, value: amount as number },
      async (request) => {
        const answer = await update.mutateAsync(request);
        const name = answer.payers.find((payer) => payer.id === payerId)?.name ?? 'The payer';
        setSaved(
          `${name} now pays ${formatMoney(answer.payer_splits.find((split) => split.payer_id === payerId)?.amount ?? 0, currency)} a week, from the next invoices.`,
        );
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Second payer's share">
      {form.formError ? <FormAlert title="The share was not changed">{form.formError}</FormAlert> : null}
      {saved ? <FormAlert tone="success">{saved}</FormAlert> : null}
      <SelectField
        id="payer_id"
        label="Payer"
        value={payerId}
        onValueChange={(next) => {
          setPayerId(next);
          setSaved(null);
        }}
        options={others.map((payer) => ({
          value: payer.id,
          label: `${payer.name} (now ${formatMoney(shareOf(payer.id), currency)} a week)`,
        }))}
      />
      <div className="form-grid">
        <SelectField
          id="split_type"
          label="Share"
          value={splitType}
          onValueChange={(next) => setSplitType(next as PayerSplitType)}
          options={[
            { value: 'percentage', label: 'Percent of the week' },
            { value: 'fixed', label: 'Fixed amount a week' },
          ]}
        />
        <TextField
          id="value"
          label={splitType === 'percentage' ? 'Percent' : 'Amount a week'}
          hint={
            splitType === 'percentage' ? '0 to 100; the main payer pays the rest.' : 'Up to the weekly total; the main payer pays the rest.'
          }
          inputMode="decimal"
          required
          value={value}
          onValueChange={(next) => {
            setValue(next);
            form.clearError('value');
          }}
          error={form.errors.value}
        />
      </div>
      <div className="form-actions">
        <SubmitButton label="Save share" busyLabel="Saving…" isBusy={form.isBusy} />
      </div>
    </form>
  );
};
