import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PageHeader } from '../../../shared/layout/page-header.tsx';
import { useDocumentTitle } from '../../../shared/layout/use-document-title.ts';
import { useRemote } from '../../../shared/remote/use-remote.ts';
import { Link } from '../../../shared/router/link.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportClient, type TransportOutputs } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { OutstandingTable } from './outstanding-table.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';

type Household = TransportOutputs['billing']['listHouseholds'][number];

const HOUSEHOLD_COLUMNS: readonly DataColumn<Household>[] = [
  { label: 'Household', isRowHeader: true, cell: (household) => <Link to={transportPaths.household(household.id)}>{household.name}</Link> },
  { label: 'Registration', cell: (household) => (household.registration_status ? <StateBadge state={household.registration_status} /> : '—') },
  { label: 'Children', numeric: true, cell: (household) => household.children.length },
  { label: 'Weekly', numeric: true, cell: (household) => formatDollars(household.weekly_total) },
  { label: 'First pickup', cell: (household) => formatDate(household.first_pickup_date) },
];

export const BillingPage = () => {
  useDocumentTitle('Billing');
  const households = useRemote(() => transportClient.billing.listHouseholds.query(), []);
  const outstanding = useRemote(() => transportClient.billing.listOutstanding.query(), []);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (work: () => Promise<string>) => {
    setIsBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await work() });
      households.reload();
      outstanding.reload();
    } catch (error) {
      setNotice({ tone: 'error', text: readAppError(error).message });
    } finally {
      setIsBusy(false);
    }
  };

  const generate = () =>
    run(async () => {
      const answer = await transportClient.billing.generateInvoices.mutate();
      const count = answer.invoices.length;

      return `${count === 0 ? 'No new invoices' : `${count} draft invoice${count === 1 ? '' : 's'}`} for ${formatDate(answer.cycle_start)} – ${formatDate(answer.cycle_end)}.`;
    });

  const generateDue = () =>
    run(async () => {
      const answer = await transportClient.billing.generateDueInvoices.mutate();

      return `First invoices: ${answer.generated.length} made, ${answer.emailed.length} emailed, ${answer.skipped.length} household${answer.skipped.length === 1 ? '' : 's'} already billed.`;
    });

  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        title="Billing"
        lead="Weekly invoices cover Monday to Sunday and are split between each household’s payers."
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
      <section className="page-section" aria-labelledby="outstanding-title">
        <h2 id="outstanding-title" className="section-title">
          Outstanding
        </h2>
        <RemoteView state={outstanding.state} loadingLabel="Loading outstanding amounts…">
          {(rows) => (rows.length === 0 ? <EmptyState title="Nothing is outstanding" /> : <OutstandingTable rows={rows} />)}
        </RemoteView>
      </section>
      <section className="page-section" aria-labelledby="households-title">
        <h2 id="households-title" className="section-title">
          Households
        </h2>
        <RemoteView state={households.state} loadingLabel="Loading households…">
          {(rows) =>
            rows.length === 0 ? (
              <EmptyState title="No households yet" />
            ) : (
              <DataTable label="Households table" columns={HOUSEHOLD_COLUMNS} rows={rows} rowKey={(household) => household.id} />
            )
          }
        </RemoteView>
      </section>
    </>
  );
};
