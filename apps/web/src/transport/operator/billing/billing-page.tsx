import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatMoney } from '../../../shared/format/format-money.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { Link } from '../../../shared/router/link.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterBillingChange } from '../../shared/transport-invalidation.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportPaths } from '../../shared/transport-paths.ts';
import { DraftsToSend } from './drafts-to-send.tsx';
import { OutstandingTable } from './outstanding-table.tsx';
import { CreditsLine } from './credits-line.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';

type Household = TransportOutputs['billing']['listHouseholds'][number];

const householdColumns = (currency: string): readonly DataColumn<Household>[] => [
  { label: 'Household', isRowHeader: true, cell: (household) => <Link to={transportPaths.household(household.id)}>{household.name}</Link> },
  {
    label: 'Registration',
    cell: (household) => (household.registration_status ? <StateBadge state={household.registration_status} /> : '—'),
  },
  { label: 'Children', numeric: true, cell: (household) => household.children.length },
  { label: 'Weekly', numeric: true, cell: (household) => formatMoney(household.weekly_total, currency) },
  { label: 'First pickup', cell: (household) => formatDate(household.first_pickup_date) },
];

export const BillingPage = () => {
  useDocumentTitle('Billing');
  const households = useQuery(transportTrpc.billing.listHouseholds.queryOptions());
  const outstanding = useQuery(transportTrpc.billing.listOutstanding.queryOptions());
  // Amounts are shown in the operator's currency (Settings).
  const currency = useQuery(transportTrpc.tenants.getPricingSettings.queryOptions()).data?.currency ?? 'USD';
  const generateInvoices = useMutation(transportTrpc.billing.generateInvoices.mutationOptions({ onSuccess: afterBillingChange }));
  const generateDueInvoices = useMutation(transportTrpc.billing.generateDueInvoices.mutationOptions({ onSuccess: afterBillingChange }));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const isBusy = generateInvoices.isPending || generateDueInvoices.isPending;

  const run = async (work: () => Promise<string>) => {
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await work() });
    } catch (error) {
      setNotice({ tone: 'error', text: readAppError(error).message });
    }
  };

  const generate = () =>
    run(async () => {
      const answer = await generateInvoices.mutateAsync();
      const count = answer.invoices.length;

      return `${count === 0 ? 'No new invoices' : `${count} draft invoice${count === 1 ? '' : 's'}`} for ${formatDate(answer.cycle_start)} – ${formatDate(answer.cycle_end)}.`;
    });

  const generateDue = () =>
    run(async () => {
      const answer = await generateDueInvoices.mutateAsync();

      const left = answer.generated.length - answer.emailed.length;

      return `First invoices: ${answer.emailed.length} emailed${left > 0 ? `, ${left} left as draft${left === 1 ? '' : 's'} to review below` : ''}, ${answer.skipped.length} household${answer.skipped.length === 1 ? '' : 's'} already billed.`;
    });

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Billing"
        lead="Weekly invoices cover Monday to Sunday from each household’s first pickup (a first week after Monday is billed by school days) and are split between its payers."
        actions={
          <div className="row-actions">
            <button type="button" className="button button--primary" disabled={isBusy} onClick={() => void generate()}>
              Generate this week’s invoices
            </button>
            <button type="button" className="button" disabled={isBusy} onClick={() => void generateDue()}>
              Send first invoices due
            </button>
          </div>
        }
      />
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <section className="page-section" aria-labelledby="drafts-title">
        <h2 id="drafts-title" className="section-title">
          Drafts to send
        </h2>
        <DraftsToSend householdName={(id) => households.data?.find((household) => household.id === id)?.name ?? 'Household'} />
      </section>
      <section className="page-section" aria-labelledby="outstanding-title">
        <h2 id="outstanding-title" className="section-title">
          Outstanding
        </h2>
        <QueryView query={outstanding} loadingLabel="Loading outstanding amounts…" errorTitle="Outstanding amounts could not be loaded">
          {(rows) =>
            rows.length === 0 ? <EmptyState title="Nothing is outstanding" /> : <OutstandingTable rows={rows} currency={currency} />
          }
        </QueryView>
      </section>
      <CreditsLine />
      <section className="page-section" aria-labelledby="households-title">
        <h2 id="households-title" className="section-title">
          Households
        </h2>
        <QueryView query={households} loadingLabel="Loading households…" errorTitle="The households could not be loaded">
          {(rows) =>
            rows.length === 0 ? (
              <EmptyState title="No households yet" />
            ) : (
              <DataTable label="Households table" columns={householdColumns(currency)} rows={rows} rowKey={(household) => household.id} />
            )
          }
        </QueryView>
      </section>
    </>
  );
};
