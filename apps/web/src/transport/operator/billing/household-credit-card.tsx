import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { afterBillingChange, afterTenantsChange } from '../../shared/transport-invalidation.ts';

const KIND_LABELS: Record<string, string> = {
  overpayment: 'Overpayment kept',
  refund: 'Refunded',
  applied: 'Applied to an invoice',
  released: 'Given back by a voided invoice',
};

/** The household's credit, how it came and went, and a refund of it. */
export const HouseholdCreditCard = ({ householdId }: { householdId: string }) => {
  const credit = useQuery(transportTrpc.billing.householdCredit.queryOptions({ household_id: householdId }));
  const refund = useMutation(
    transportTrpc.billing.recordRefund.mutationOptions({
      onSuccess: async () => {
        await Promise.all([afterBillingChange(), afterTenantsChange()]);
      },
    }),
  );
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await refund.mutateAsync({ household_id: householdId, amount: Number(amount), note: note.trim() });
      setOutcome({
        tone: 'success',
        text: `Refund of ${formatDollars(Number(amount))} recorded. ${formatDollars(answer.credit)} of credit is left.`,
      });
      setAmount('');
      setNote('');
    } catch (error) {
      setOutcome({ tone: 'error', text: readAppError(error).message });
    }
  };

  return (
    <section className="card" aria-labelledby="credit-title">
      <h2 id="credit-title" className="card__title">
        Credit
      </h2>
      <QueryView query={credit} loadingLabel="Loading the credit…" errorTitle="The credit could not be loaded">
        {(answer) => (
          <div className="stack stack--tight">
            <p>
              <strong data-testid="household-credit">{formatDollars(answer.credit)}</strong>{' '}
              {answer.credit > 0 ? 'is taken off the next invoice of this household.' : 'of credit.'}
            </p>
            {answer.entries.length > 0 ? (
              <ul className="credit-list">
                {answer.entries.map((entry) => (
                  <li key={entry.id}>
                    <span>
                      {formatDate(entry.occurred_at)} · {KIND_LABELS[entry.kind] ?? entry.kind}
                      {entry.note ? ` · ${entry.note}` : ''}
                    </span>
                    <span>{formatDollars(entry.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
            {answer.credit > 0 ? (
              <form className="form" onSubmit={(event) => void submit(event)} aria-label="Refund credit">
                <TextField id="refund-amount" label="Refund ($)" inputMode="decimal" value={amount} onValueChange={setAmount} required />
                <TextField id="refund-note" label="How it was paid back" value={note} onValueChange={setNote} required maxLength={500} />
                <div className="form-actions">
                  <button type="submit" className="button" disabled={refund.isPending}>
                    {refund.isPending ? 'Recording…' : 'Record refund'}
                  </button>
                </div>
              </form>
            ) : null}
          </div>
        )}
      </QueryView>
    </section>
  );
};
