import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { Link } from '../../../shared/router/link.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';
import { TableFrame } from '../../../shared/ui/table-frame.tsx';

type OutstandingRow = TransportOutputs['billing']['listOutstanding'][number];
type PayerOwing = { payer_id: string | null; name: string | null; outstanding: number; invoice_count: number };

/** The server lists each household's payers loosely typed; only these fields are read. */
const payersOf = (row: OutstandingRow): PayerOwing[] => row.payers as PayerOwing[];

export const OutstandingTable = ({ rows }: { rows: readonly OutstandingRow[] }) => (
  <TableFrame label="Outstanding table" columns={['Household', 'Payers', { label: 'Owed', numeric: true }]}>
    {rows.map((row) => (
      <tr key={row.household_id}>
        <th scope="row">
          <Link to={transportPaths.household(row.household_id)}>{row.household_name}</Link>
        </th>
        <td>
          {payersOf(row)
            .map((payer) => `${payer.name ?? 'Unknown payer'} ${formatDollars(payer.outstanding)}`)
            .join(', ')}
        </td>
        <td className="table__num">{formatDollars(row.total_outstanding)}</td>
      </tr>
    ))}
  </TableFrame>
);
