import { formatDate } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { payTokenOf } from '../../shared/transport-paths.ts';

type MyHousehold = TransportOutputs['billing']['myHouseholds'][number];
type Invoice = MyHousehold['invoices'][number];

const describe = (invoice: Invoice): string =>
  invoice.kind === 'registration' ? 'Registration fee' : `Transport ${formatDate(invoice.cycle_start)} – ${formatDate(invoice.cycle_end)}`;

/**
 * A draft is the operator's invoice in preparation: nothing is owed on it until it is sent, so a
 * family reads it as "Not yet due", never as something to pay (and it counts nothing in what is owed).
 */
const NOT_YET_DUE = 'Not yet due';
const familyStatus = (invoice: Invoice): string | undefined => (invoice.status === 'draft' ? NOT_YET_DUE : undefined);

/**
 * The invoice's pay page is a page of this app: opened here by its path, whatever public address
 * the mails name. An older invoice's provider link is used as it is.
 */
const payHref = (url: string): string => {
  const path = URL.canParse(url) ? new URL(url).pathname : url;

  return payTokenOf(path) ? path : url;
};

const payment = (invoice: Invoice) =>
  invoice.payment_url && invoice.outstanding > 0 ? (
    <a className="button button--small button--primary" href={payHref(invoice.payment_url)} rel="noopener noreferrer">
      Pay now
    </a>
  ) : (
    <span className="muted">
      {invoice.outstanding > 0
        ? 'Link in your email'
        : invoice.status === 'pending'
          ? 'After approval'
          : invoice.status === 'draft'
            ? 'Emailed when due'
            : '—'}
    </span>
  );

/** Every invoice of the household; a payment link shows while something is owed on it. */
export const InvoiceList = ({ invoices, payers }: { invoices: MyHousehold['invoices']; payers: MyHousehold['payers'] }) => {
  if (invoices.length === 0) {
    return <EmptyState title="No invoices yet" />;
  }
  const columns: readonly DataColumn<Invoice>[] = [
    {
      label: 'Invoice',
      isRowHeader: true,
      cell: (invoice) => (
        <>
          {describe(invoice)}
          <span className="table__sub">{payers.find((payer) => payer.id === invoice.payer_id)?.name ?? ''}</span>
        </>
      ),
    },
    { label: 'Status', cell: (invoice) => <StateBadge state={invoice.status} text={familyStatus(invoice)} /> },
    { label: 'Amount', numeric: true, cell: (invoice) => formatDollars(invoice.amount) },
    { label: 'Owed', numeric: true, cell: (invoice) => formatDollars(invoice.outstanding) },
    { label: 'Pay', cell: payment },
  ];

  return <DataTable label="Invoices" columns={columns} rows={invoices} rowKey={(invoice) => invoice.id} compact />;
};
