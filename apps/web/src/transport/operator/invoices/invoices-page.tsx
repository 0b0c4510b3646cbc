import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextAreaField } from '../../../shared/forms/text-area-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { navigate } from '../../../shared/router/browser-location.ts';
import { useLocation } from '../../../shared/router/use-location.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterBillingChange, afterTenantsChange } from '../../shared/transport-invalidation.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

type Invoice = TransportOutputs['billing']['listInvoices'][number];
type Asking = { kind: 'send' | 'payment' | 'void'; invoice: Invoice } | null;

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'outstanding', label: 'Outstanding' },
  ...['pending', 'draft', 'sent', 'partial', 'paid', 'void'].map((status) => ({
    value: status,
    label: `${status.charAt(0).toUpperCase()}${status.slice(1)}`,
  })),
];
const METHOD_OPTIONS = [
  { value: 'check', label: 'Cheque' },
  { value: 'cash', label: 'Cash' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'card', label: 'Card' },
  { value: 'other', label: 'Other' },
];
const OWED = new Set(['sent', 'unpaid', 'partial']);

const describe = (invoice: Invoice) =>
  invoice.kind === 'registration' ? 'Registration fee' : `Week of ${invoice.cycle_start ? formatDate(invoice.cycle_start) : '—'}`;
/** Today as the browser's calendar has it; the server checks the tenant's today and answers which day is allowed. */
const todayText = (): string => {
  const now = new Date();

  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const owedOn = (invoice: Invoice) => (invoice.status === 'void' ? 0 : Math.max(invoice.amount - invoice.amount_paid, 0));

/** Every invoice of the tenant: send drafts, record payments received outside the providers, void mistakes. */
export const InvoicesPage = () => {
  useDocumentTitle('Invoices');
  const { searchParams } = useLocation();
  const status = searchParams.get('status') ?? '';
  const invoices = useQuery(transportTrpc.billing.listInvoices.queryOptions(status ? { status: status as 'outstanding' } : {}));
  const households = useQuery(transportTrpc.billing.listHouseholds.queryOptions());
  const onChanged = async () => {
    await Promise.all([afterBillingChange(), afterTenantsChange()]);
  };
  const send = useMutation(transportTrpc.billing.sendInvoice.mutationOptions({ onSuccess: onChanged }));
  const pay = useMutation(transportTrpc.billing.recordPayment.mutationOptions({ onSuccess: onChanged }));
  const cancel = useMutation(transportTrpc.billing.voidInvoice.mutationOptions({ onSuccess: onChanged }));
  const [asking, setAsking] = useState<Asking>(null);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('check');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [excessAsCredit, setExcessAsCredit] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const nameOf = (householdId: string) => households.data?.find((household) => household.id === householdId)?.name ?? 'Household';

  const open = (kind: 'send' | 'payment' | 'void', invoice: Invoice) => {
    setAmount(kind === 'payment' ? owedOn(invoice).toFixed(2) : '');
    setReference('');
    setReason('');
    setPaidOn(todayText());
    setExcessAsCredit(false);
    setDialogError(null);
    setOutcome(null);
    setAsking({ kind, invoice });
  };

  const confirm = async () => {
    if (!asking) {
      return;
    }
    const { kind, invoice } = asking;
    const who = nameOf(invoice.household_id);
    try {
      if (kind === 'send') {
        await send.mutateAsync({ invoice_id: invoice.id });
        setOutcome({ tone: 'success', text: `Sent ${describe(invoice)} to ${who}.` });
      } else if (kind === 'payment') {
        const answer = await pay.mutateAsync({
          invoice_id: invoice.id,
          amount: Number(amount),
          method: method as 'check',
          excess_as_credit: excessAsCredit,
          ...(paidOn ? { paid_at: paidOn } : {}),
          ...(reference.trim() ? { reference: reference.trim() } : {}),
        });
        const kept = answer.payments.at(-1)?.credited ?? 0;
        setOutcome({
          tone: 'success',
          text: `Recorded ${formatDollars(Number(amount))} from ${who}. ${answer.balance > 0 ? `${formatDollars(answer.balance)} is still outstanding.` : 'The invoice is paid.'}${kept > 0 ? ` ${formatDollars(kept)} is kept as household credit.` : ''}`,
        });
      } else {
        await cancel.mutateAsync({ invoice_id: invoice.id, reason: reason.trim() });
        setOutcome({ tone: 'success', text: `Voided ${describe(invoice)} of ${who}.` });
      }
      setAsking(null);
    } catch (error) {
      // The dialog stays open with what was typed, the reason beside it.
      setDialogError(readAppError(error).message);
    }
  };

  const columns: readonly DataColumn<Invoice>[] = [
    {
      label: 'Invoice',
      isRowHeader: true,
      cell: (invoice) => (
        <>
          <a href={transportPaths.household(invoice.household_id)}>{nameOf(invoice.household_id)}</a>
          <span className="table__sub">
            <a href={transportPaths.invoice(invoice.id)} aria-label={`Details of ${describe(invoice)} of ${nameOf(invoice.household_id)}`}>
              {describe(invoice)}
            </a>
          </span>
        </>
      ),
    },
    { label: 'Status', cell: (invoice) => <StateBadge state={invoice.status} /> },
    { label: 'Amount', numeric: true, cell: (invoice) => formatDollars(invoice.amount) },
    { label: 'Paid', numeric: true, cell: (invoice) => formatDollars(invoice.amount_paid) },
    { label: 'Outstanding', numeric: true, cell: (invoice) => formatDollars(OWED.has(invoice.status) ? owedOn(invoice) : 0) },
    {
      label: 'Actions',
      cell: (invoice) => (
        <div className="row-actions">
          {invoice.status === 'draft' || invoice.status === 'pending' ? (
            <button
              type="button"
              className="button button--small button--primary"
              onClick={() => open('send', invoice)}
              aria-label={`Send ${describe(invoice)} to ${nameOf(invoice.household_id)}`}
            >
              Send
            </button>
          ) : null}
          {OWED.has(invoice.status) ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => open('payment', invoice)}
              aria-label={`Record a payment on ${describe(invoice)} from ${nameOf(invoice.household_id)}`}
            >
              Record payment
            </button>
          ) : null}
          {invoice.status === 'void' || invoice.status === 'paid' ? <span className="muted">Nothing to do</span> : null}
          {invoice.status !== 'void' && invoice.status !== 'paid' && invoice.amount_paid === 0 ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => open('void', invoice)}
              aria-label={`Void ${describe(invoice)} of ${nameOf(invoice.household_id)}`}
            >
              Void
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  const amountValue = Number(amount);
  const overBalance = asking?.kind === 'payment' && amountValue > owedOn(asking.invoice) + 1e-9;
  const busy = send.isPending || pay.isPending || cancel.isPending;

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Invoices"
        lead="Newest first. Send drafts, record cheques and cash, void an invoice sent by mistake."
      />
      <div className="filter-bar">
        <SelectField
          id="invoice-status"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onValueChange={(value) =>
            navigate(value ? `${transportPaths.invoices}?status=${value}` : transportPaths.invoices, { replace: true })
          }
        />
      </div>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <QueryView query={invoices} loadingLabel="Loading invoices…" errorTitle="The invoices could not be loaded">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No invoices match" />
          ) : (
            <DataTable label="Invoices" columns={columns} rows={rows} rowKey={(invoice) => invoice.id} compact />
          )
        }
      </QueryView>
      {asking?.kind === 'send' ? (
        <ConfirmDialog
          title={`Send ${describe(asking.invoice)} to ${nameOf(asking.invoice.household_id)}?`}
          confirmLabel="Send invoice"
          busyLabel="Sending…"
          tone="primary"
          isBusy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>The payer is emailed {formatDollars(asking.invoice.amount)} with a way to pay it.</p>
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'payment' ? (
        <ConfirmDialog
          title={`Record a payment from ${nameOf(asking.invoice.household_id)}`}
          confirmLabel="Record payment"
          busyLabel="Recording…"
          tone="primary"
          isBusy={busy}
          canConfirm={amountValue > 0 && (!overBalance || excessAsCredit)}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>
            {describe(asking.invoice)}: {formatDollars(owedOn(asking.invoice))} outstanding.
          </p>
          {dialogError ? <FormAlert>{dialogError}</FormAlert> : null}
          <TextField
            id="payment-amount"
            label="Amount received ($)"
            inputMode="decimal"
            value={amount}
            onValueChange={(value) => {
              setAmount(value);
              setDialogError(null);
            }}
            required
          />
          {overBalance ? (
            <div className="inline-note" role="status">
              <p>
                That is {formatDollars(amountValue - owedOn(asking.invoice))} more than the {formatDollars(owedOn(asking.invoice))} still
                owed.
                {excessAsCredit
                  ? ' The excess is kept as credit for the household and taken off its next invoice.'
                  : ' Change the amount, or keep the excess as household credit.'}
              </p>
              <label className="inline-note__check">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={excessAsCredit}
                  onChange={(event) => setExcessAsCredit(event.target.checked)}
                />
                <span>Record the excess as credit</span>
              </label>
            </div>
          ) : null}
          <TextField
            id="payment-date"
            label="Date received"
            type="date"
            value={paidOn}
            max={todayText()}
            onValueChange={(value) => {
              setPaidOn(value);
              setDialogError(null);
            }}
          />
          <SelectField id="payment-method" label="Method" value={method} options={METHOD_OPTIONS} onValueChange={setMethod} />
          <TextField id="payment-reference" label="Reference (cheque number)" value={reference} onValueChange={setReference} />
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'void' ? (
        <ConfirmDialog
          title={`Void ${describe(asking.invoice)} of ${nameOf(asking.invoice.household_id)}?`}
          confirmLabel="Void invoice"
          busyLabel="Voiding…"
          isBusy={busy}
          canConfirm={reason.trim().length > 0}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>The family no longer owes it. This cannot be undone.</p>
          <TextAreaField id="void-reason" label="Reason" value={reason} onValueChange={setReason} required rows={2} maxLength={500} />
        </ConfirmDialog>
      ) : null}
    </>
  );
};
