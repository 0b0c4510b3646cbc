import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../shared/api/read-app-error.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { formatDate } from '../../shared/format/format-date.ts';
import { formatMoney } from '../../shared/format/format-money.ts';
import { useDocumentTitle } from '../../shared/layout/use-document-title.ts';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { transportTrpc, type TransportOutputs } from '../shared/transport-client.ts';

type PayPageView = TransportOutputs['billing']['payPage'];

/** While the provider's notification has not arrived, the page asks again this often. */
const CONFIRMING_POLL_MS = 2_000;

const NOTHING_TO_PAY: Record<NonNullable<PayPageView['reason']>, (operator: string) => string> = {
  paid: () => 'This invoice is paid. Nothing is owed.',
  void: () => 'This invoice was cancelled. Nothing is owed.',
  not_due: (operator) => `This invoice is not due yet. ${operator} will email you when it is.`,
  no_provider: (operator) => `Online payment is not available. ${operator} will tell you how to pay.`,
};

/** What the invoice is for, in words a family reads (the mail's ISO dates are for reference). */
const titleOf = (view: PayPageView): string =>
  view.kind === 'registration'
    ? 'Registration fee'
    : `School transport, week of ${formatDate(view.cycle_start)} – ${formatDate(view.cycle_end)}`;

const Amounts = ({ view }: { view: PayPageView }) => (
  <dl className="pay-amounts">
    <div>
      <dt>Invoice</dt>
      <dd>{formatMoney(view.amount, view.currency)}</dd>
    </div>
    <div>
      <dt>Paid</dt>
      <dd>{formatMoney(view.amount_paid, view.currency)}</dd>
    </div>
    <div className="pay-amounts__due">
      <dt>Still owed</dt>
      <dd data-testid="pay-balance">{formatMoney(view.balance, view.currency)}</dd>
    </div>
  </dl>
);

/**
 * The page an invoice mail links to. "Pay" asks for a checkout for what is owed at this moment
 * (never the amount of an older mail) and goes to the provider's page; coming back, it says
 * whether the payment was received or is still being confirmed, asking again until it knows.
 */
export const PayPage = ({ token, checkout }: { token: string; checkout: string | null }) => {
  useDocumentTitle('Pay an invoice');
  const [leaving, setLeaving] = useState(false);
  const query = useQuery({
    ...transportTrpc.billing.payPage.queryOptions({ token, ...(checkout ? { checkout } : {}) }),
    refetchInterval: (current) => (current.state.data?.returned === 'confirming' ? CONFIRMING_POLL_MS : false),
  });
  const pay = useMutation(transportTrpc.billing.payCheckout.mutationOptions());

  const startCheckout = async () => {
    const answer = await pay.mutateAsync({ token });
    setLeaving(true);
    window.location.assign(answer.checkout_url);
  };

  return (
    <section className="card pay-card" aria-labelledby="pay-title">
      <QueryView query={query} loadingLabel="Loading the invoice…" errorTitle="This payment link could not be opened">
        {(view) => (
          <>
            <p className="pay-card__operator">{view.operator}</p>
            <h1 id="pay-title" className="pay-card__title">
              {view.returned === 'received'
                ? 'Payment received, thank you'
                : view.returned === 'confirming'
                  ? 'We are confirming your payment'
                  : titleOf(view)}
            </h1>
            {view.returned === 'received' ? (
              <FormAlert tone="success">
                <p>{view.operator} has received your payment. A receipt is on its way by email.</p>
              </FormAlert>
            ) : null}
            {view.returned === 'confirming' ? (
              <FormAlert tone="info">
                <p>
                  The payment provider is telling us about your payment. This page updates by itself in a moment; there is no need to pay
                  again.
                </p>
              </FormAlert>
            ) : null}
            {view.returned ? <p className="pay-card__for">{titleOf(view)}</p> : null}
            <Amounts view={view} />
            {view.payable && view.returned !== 'confirming' ? (
              <>
                {pay.error ? <FormAlert>{readAppError(pay.error).message}</FormAlert> : null}
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => void startCheckout().catch(() => undefined)}
                  disabled={pay.isPending || leaving}
                >
                  {pay.isPending || leaving ? 'Opening the payment page…' : `Pay ${formatMoney(view.balance, view.currency)}`}
                </button>
                <p className="muted pay-card__note">
                  You pay on {view.provider === 'square' ? 'Square' : 'Stripe'}'s secure page, for what is owed now.
                </p>
              </>
            ) : view.reason && view.returned !== 'received' ? (
              <FormAlert tone="info">
                <p>{NOTHING_TO_PAY[view.reason](view.operator)}</p>
              </FormAlert>
            ) : null}
          </>
        )}
      </QueryView>
    </section>
  );
};
