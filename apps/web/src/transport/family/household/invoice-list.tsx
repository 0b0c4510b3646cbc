import { formatDate } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { TableFrame } from '../../../shared/ui/table-frame.tsx';

type MyHousehold = TransportOutputs['billing']['myHouseholds'][number];

const describe = (invoice: MyHousehold['invoices'][number]): string =>
  invoice.kind === 'registration' ? 'Registration fee' : `Transport ${formatDate(invoice.cycle_start)} – ${formatDate(invoice.cycle_end)}`;

/** Every invoice of the household; a payment link shows while something is owed on it. */
export const InvoiceList = ({ invoices, payers }: { invoices: MyHousehold['invoices']; payers: MyHousehold['payers'] }) => {
  if (invoices.length === 0) {
    return <EmptyState title="No invoices yet" />;
  }

  return (
    <TableFrame label="Invoices" columns={['Invoice', 'Status', { label: 'Amount', numeric: true }, { label: 'Owed', numeric: true }, 'Pay']} compact>
      {invoices.map((invoice) => (
        <tr key={invoice.id}>
          <th scope="row">
            {describe(invoice)}
            <span className="table__sub">{payers.find((payer) => payer.id === invoice.payer_id)?.name ?? ''}</span>
          </th>
          <td>
            <StateBadge state={invoice.status} />
          </td>
          <td className="table__num">{formatDollars(invoice.amount)}</td>
          <td className="table__num">{formatDollars(invoice.outstanding)}</td>
          <td>
            {invoice.payment_url && invoice.outstanding > 0 ? (
              <a className="button button--small button--primary" href={invoice.payment_url} rel="noopener noreferrer">
                Pay now
              </a>
            ) : (
              <span className="muted">{invoice.outstanding > 0 ? 'Link in your email' : invoice.status === 'pending' ? 'After approval' : '—'}</span>
            )}
          </td>
        </tr>
      ))}
    </TableFrame>
  );
};
