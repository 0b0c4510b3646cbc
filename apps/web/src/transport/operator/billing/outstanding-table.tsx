import { formatMoney } from '../../../shared/format/format-money.ts';
import { Link } from '../../../shared/router/link.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

type OutstandingRow = TransportOutputs['billing']['listOutstanding'][number];
type PayerOwing = { payer_id: string | null; name: string | null; outstanding: number; invoice_count: number };

/** The server lists each household's payers loosely typed; only these fields are read. */
const payersOf = (row: OutstandingRow): PayerOwing[] => row.payers as PayerOwing[];

/** Amounts in the tenant's currency (the invoices of one tenant share it unless its currency changed since). */
const columnsIn = (currency: string): readonly DataColumn<OutstandingRow>[] => [
  {
    label: 'Household',
    isRowHeader: true,
    cell: (row) => <Link to={transportPaths.household(row.household_id)}>{row.household_name}</Link>,
  },
  {
    label: 'Payers',
    cell: (row) =>
      payersOf(row)
        .map((payer) => `${payer.name ?? 'Unknown payer'} ${formatMoney(payer.outstanding, currency)}`)
        .join(', '),
  },
  { label: 'Owed', numeric: true, cell: (row) => formatMoney(row.total_outstanding, currency) },
];

export const OutstandingTable = ({ rows, currency }: { rows: readonly OutstandingRow[]; currency: string }) => (
  <DataTable label="Outstanding table" columns={columnsIn(currency)} rows={rows} rowKey={(row) => row.household_id} />
);
