import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { AuditEntryList } from '../../shared/audit-entry-list.tsx';
import { useKnownTenant } from '../../shared/session/known-tenant.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

type InvoiceDetail = TransportOutputs['billing']['getInvoice'];
type Payment = InvoiceDetail['payments'][number];
type Checkout = InvoiceDetail['checkouts'][number];

const METHOD_LABELS: Record<string, string> = {
  check: 'Cheque',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  other: 'Other',
};

const titleOf = (invoice: InvoiceDetail): string =>
  invoice.kind === 'registration' ? 'Registration fee' : `Week of ${formatDate(invoice.cycle_start)} – ${formatDate(invoice.cycle_end)}`;

const paymentColumns: readonly DataColumn<Payment>[] = [
  { label: 'Received', isRowHeader: true, cell: (payment) => formatDate(payment.paid_at) },
  {
    label: 'Method',
    cell: (payment) => `${METHOD_LABELS[payment.method] ?? payment.method}${payment.reference ? ` · ${payment.reference}` : ''}`,
  },
  { label: 'Amount', numeric: true, cell: (payment) => formatDollars(payment.amount) },
  { label: 'Recorded by', cell: (payment) => payment.recorded_by },
  {
    label: 'Note',
    cell: (payment) => (payment.flag_text ? <span className="flag-text">{payment.flag_text}</span> : <span className="muted">—</span>),
  },
];

const checkoutColumns: readonly DataColumn<Checkout>[] = [
  { label: 'Made', isRowHeader: true, cell: (checkout) => formatDateTime(checkout.created_at) },
  { label: 'For', numeric: true, cell: (checkout) => formatDollars(checkout.amount) },
  { label: 'Provider', cell: (checkout) => (checkout.provider === 'square' ? 'Square' : 'Stripe') },
  {
    label: 'State',
    cell: (checkout) => (
      <StateBadge
        state={checkout.status === 'completed' ? 'paid' : checkout.status === 'expired' ? 'void' : 'sent'}
        text={checkout.status === 'open' ? 'Open' : checkout.status === 'completed' ? 'Paid' : 'Expired'}
      />
    ),
  },
];

/** One invoice as the operator checks it: what it is for, what was paid and how, credit, checkouts made and every change. */
export const InvoiceDetailPage = ({ invoiceId }: { invoiceId: string }) => {
  useDocumentTitle('Invoice');
  const tenant = useKnownTenant() ?? 'demo';
  const invoice = useQuery(transportTrpc.billing.getInvoice.queryOptions({ invoice_id: invoiceId }));
  const audit = useQuery(transportTrpc.tenants.tenantLogs.queryOptions({ tenant, limit: '200', resource: `invoice:${invoiceId}` }));

  return (
    <QueryView query={invoice} loadingLabel="Loading the invoice…" errorTitle="The invoice could not be loaded">
      {(detail) => (
        <>
          <p className="breadcrumbs">
            <Link to={transportPaths.invoices}>Invoices</Link> / {titleOf(detail)}
          </p>
          <PageHeader
            eyebrow="Invoice"
            title={titleOf(detail)}
            lead={<Link to={transportPaths.household(detail.household_id)}>Open the household</Link>}
          />
          <div className="stack">
            <section className="card" aria-label="Invoice summary">
              <dl className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <StateBadge state={detail.status} />
                  </dd>
                </div>
                <div>
                  <dt>Amount</dt>
                  <dd>{formatDollars(detail.amount)}</dd>
                </div>
                {detail.credit_applied > 0 ? (
                  <div>
                    <dt>Credit applied</dt>
                    <dd>{formatDollars(detail.credit_applied)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Paid</dt>
                  <dd>{formatDollars(detail.amount_paid - detail.credit_applied)}</dd>
                </div>
                <div>
                  <dt>Still owed</dt>
                  <dd data-testid="invoice-balance">{formatDollars(detail.status === 'void' ? 0 : detail.balance)}</dd>
                </div>
                {detail.credited > 0 ? (
                  <div>
                    <dt>Kept as household credit</dt>
                    <dd>{formatDollars(detail.credited)}</dd>
                  </div>
                ) : null}
              </dl>
              {detail.void_reason ? <p className="muted">Voided: {detail.void_reason}</p> : null}
            </section>
            <section className="card" aria-labelledby="payments-title">
              <h2 id="payments-title" className="card__title">
                Payments
              </h2>
              {detail.payments.length === 0 ? (
                <EmptyState title="No payments yet" />
              ) : (
                <DataTable label="Payments" columns={paymentColumns} rows={detail.payments} rowKey={(row) => row.id} compact />
              )}
            </section>
            <section className="card" aria-labelledby="checkouts-title">
              <h2 id="checkouts-title" className="card__title">
                Checkouts made
              </h2>
              {detail.checkouts.length === 0 ? (
                <EmptyState title="No checkout made" />
              ) : (
                <DataTable label="Checkouts" columns={checkoutColumns} rows={detail.checkouts} rowKey={(row) => row.id} compact />
              )}
            </section>
            <section className="card" aria-labelledby="history-title">
              <h2 id="history-title" className="card__title">
                History
              </h2>
              <QueryView query={audit} loadingLabel="Loading the history…" errorTitle="The history could not be loaded">
                {(rows) => <AuditEntryList rows={rows} emptyTitle="No changes recorded" />}
              </QueryView>
            </section>
          </div>
        </>
      )}
    </QueryView>
  );
};
