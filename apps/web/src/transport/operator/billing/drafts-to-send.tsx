import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { Link } from '../../../shared/router/link.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterBillingChange, afterTenantsChange } from '../../shared/transport-invalidation.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

type Invoice = TransportOutputs['billing']['listInvoices'][number];

/** "Week of 30 Nov 2026", and for a first week after Monday "3 of 5 school days". */
const weekOf = (invoice: Invoice) => (invoice.cycle_start ? `Week of ${formatDate(invoice.cycle_start)}` : '—');
const partOf = (invoice: Invoice) => (invoice.school_days === null ? 'Full week' : `${invoice.school_days} of 5 school days (first week)`);

/** The payer the invoice is mailed to, read from its household when the operator reviews it. */
const PayerLine = ({ invoice }: { invoice: Invoice }) => {
  const household = useQuery(transportTrpc.billing.getHousehold.queryOptions({ household_id: invoice.household_id }));
  const payer = household.data?.payers.find((candidate) => candidate.id === invoice.payer_id);
  if (!household.data) {
    return <p className="muted">Loading the payer…</p>;
  }

  return payer?.email ? (
    <p>
      Mailed to <strong>{payer.name}</strong> ({payer.email}) with a way to pay it.
    </p>
  ) : (
    <p>{payer ? `${payer.name} has no email address: add one on the household page first.` : 'This invoice has no payer.'}</p>
  );
};

/**
 * Weekly invoices made but not mailed: drafts of "Generate this week", and first invoices whose mail
 * could not go. Each is reviewed (payer, week, amount) before it is sent.
 */
export const DraftsToSend = ({ householdName }: { householdName: (id: string) => string }) => {
  const drafts = useQuery(transportTrpc.billing.listInvoices.queryOptions({ status: 'draft' }));
  const send = useMutation(
    transportTrpc.billing.sendInvoice.mutationOptions({
      onSuccess: async () => {
        await Promise.all([afterBillingChange(), afterTenantsChange()]);
      },
    }),
  );
  const [reviewing, setReviewing] = useState<Invoice | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const confirm = async () => {
    if (!reviewing) {
      return;
    }
    try {
      await send.mutateAsync({ invoice_id: reviewing.id });
      setOutcome({ tone: 'success', text: `${householdName(reviewing.household_id)}: ${weekOf(reviewing).toLowerCase()} sent.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: readAppError(error).message });
    } finally {
      setReviewing(null);
    }
  };

  const columns: readonly DataColumn<Invoice>[] = [
    {
      label: 'Household',
      isRowHeader: true,
      cell: (invoice) => <Link to={transportPaths.household(invoice.household_id)}>{householdName(invoice.household_id)}</Link>,
    },
    { label: 'Week', cell: weekOf },
    { label: 'Billed', cell: partOf },
    { label: 'Amount', numeric: true, cell: (invoice) => formatMoney(invoice.amount, invoice.currency) },
    {
      label: 'Action',
      cell: (invoice) => (
        <button
          type="button"
          className="button button--small button--primary"
          onClick={() => setReviewing(invoice)}
          aria-label={`Review and send ${weekOf(invoice).toLowerCase()} of ${householdName(invoice.household_id)}`}
        >
          Review and send
        </button>
      ),
    },
  ];

  return (
    <>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <QueryView query={drafts} loadingLabel="Loading drafts…" errorTitle="The drafts could not be loaded">
        {(rows) => {
          const weekly = rows.filter((invoice) => invoice.kind === 'transportation');

          return weekly.length === 0 ? (
            <EmptyState title="No drafts waiting" />
          ) : (
            <DataTable label="Drafts to send" columns={columns} rows={weekly} rowKey={(invoice) => invoice.id} />
          );
        }}
      </QueryView>
      {reviewing ? (
        <ConfirmDialog
          title={`Send ${formatMoney(reviewing.amount, reviewing.currency)} to ${householdName(reviewing.household_id)}?`}
          confirmLabel="Send invoice"
          busyLabel="Sending…"
          tone="primary"
          isBusy={send.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setReviewing(null)}
        >
          <p>
            {reviewing.cycle_start ? formatDate(reviewing.cycle_start) : '—'} –{' '}
            {reviewing.cycle_end ? formatDate(reviewing.cycle_end) : '—'}: {partOf(reviewing).toLowerCase()}.
          </p>
          <PayerLine invoice={reviewing} />
        </ConfirmDialog>
      ) : null}
    </>
  );
};
