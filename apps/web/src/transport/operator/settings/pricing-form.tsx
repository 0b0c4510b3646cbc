import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { pricingChanges, pricingSettingsInput, type PricingSettingsInput } from '@switchyard/domain/transport/tenants/pricing';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterPricingChange } from '../../shared/transport-invalidation.ts';

type Field = 'one_way' | 'two_way' | 'registration_fee' | 'currency';
const FIELDS: readonly Field[] = ['one_way', 'two_way', 'registration_fee', 'currency'];
const LABELS: Record<Field, string> = {
  one_way: 'One-way weekly rate',
  two_way: 'Two-way weekly rate',
  registration_fee: 'Registration fee',
  currency: 'Currency',
};

/** Typed text to the request: an amount field that is not a plain number stays text, so the schema names it. */
const toRequest = (text: Record<Field, string>): Record<Field, unknown> => {
  const amount = (value: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

  return {
    one_way: amount(text.one_way),
    two_way: amount(text.two_way),
    registration_fee: amount(text.registration_fee),
    currency: text.currency.trim(),
  };
};

const shown = (field: Field, value: number | string, currency: string) =>
  field === 'currency' ? String(value) : formatMoney(Number(value), currency);

/**
 * The operator's own prices. Saving lists each change (old -> new) and asks once more: the new
 * rates apply to every invoice generated afterwards, while invoices already made keep theirs.
 */
export const PricingForm = ({ current }: { current: PricingSettingsInput }) => {
  const [text, setText] = useState<Record<Field, string>>(() => ({
    one_way: current.one_way.toFixed(2),
    two_way: current.two_way.toFixed(2),
    registration_fee: current.registration_fee.toFixed(2),
    currency: current.currency,
  }));
  const [pending, setPending] = useState<PricingSettingsInput | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useFormSubmission((path) => (FIELDS as readonly string[]).includes(path));
  const update = useMutation(transportTrpc.tenants.updatePricingSettings.mutationOptions({ onSuccess: afterPricingChange }));
  const changes = pending ? pricingChanges(current, pending) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void form.submit(pricingSettingsInput, toRequest(text) as PricingSettingsInput, async (request) => {
      const parsed = pricingSettingsInput.parse(request);
      if (Object.keys(pricingChanges(current, parsed)).length === 0) {
        setSaved(true);

        return;
      }
      setPending(parsed);
    });
  };

  const confirm = async () => {
    if (!pending) {
      return;
    }
    try {
      const answer = await update.mutateAsync(pending);
      // The stored spelling (CAD for cad, 140.00 for 140).
      setText({
        one_way: answer.one_way.toFixed(2),
        two_way: answer.two_way.toFixed(2),
        registration_fee: answer.registration_fee.toFixed(2),
        currency: answer.currency,
      });
      setSaved(true);
    } finally {
      setPending(null);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Prices">
      {form.formError ? <FormAlert title="The prices were not changed">{form.formError}</FormAlert> : null}
      {update.error ? <FormAlert title="The prices were not changed">{update.error.message}</FormAlert> : null}
      {saved ? <FormAlert tone="success">Invoices generated from now on use these prices.</FormAlert> : null}
      <div className="form-grid">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={field}
            label={LABELS[field]}
            hint={
              field === 'currency'
                ? 'An ISO 4217 code such as USD, CAD or EUR.'
                : field === 'registration_fee'
                  ? 'Charged once, when a registration is approved.'
                  : 'Per child, Monday to Sunday.'
            }
            required
            inputMode={field === 'currency' ? 'text' : 'decimal'}
            autoComplete="off"
            spellCheck={false}
            maxLength={field === 'currency' ? 3 : 12}
            value={text[field]}
            onValueChange={(value) => {
              setText((before) => ({ ...before, [field]: value }));
              setPending(null);
              setSaved(false);
              form.clearError(field);
            }}
            error={form.errors[field]}
          />
        ))}
      </div>
      {pending ? (
        <div className="alert alert--info" role="group" aria-labelledby="pricing-confirm">
          <p className="alert__title" id="pricing-confirm">
            Change your prices?
          </p>
          <ul className="plain-list">
            {Object.entries(changes).map(([field, change]) => (
              <li key={field}>
                {LABELS[field as Field]}: {shown(field as Field, change.from, current.currency)} →{' '}
                <strong>{shown(field as Field, change.to, pending.currency)}</strong>
              </li>
            ))}
          </ul>
          <p>Invoices generated and registrations made from now on use the new prices; invoices already made keep their amounts.</p>
          <div className="form-actions">
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Use the new prices'}
            </button>
            <button type="button" className="button" onClick={() => setPending(null)} disabled={update.isPending}>
              Keep the current prices
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <SubmitButton label="Save prices" busyLabel="Saving…" isBusy={form.isBusy} />
        </div>
      )}
    </form>
  );
};
