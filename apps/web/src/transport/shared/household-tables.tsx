import { formatDollars } from '../../shared/format/format-dollars.ts';
import type { TransportOutputs } from './transport-client.ts';
import { TableFrame } from '../../shared/ui/table-frame.tsx';

type HouseholdDetail = TransportOutputs['billing']['getHousehold'];

const TRIP_LABELS: Record<string, string> = { one_way: 'One way', two_way: 'Both ways' };

/** The household's children with what each costs a week; shared by the family and operator pages. */
export const ChildrenTable = ({ children }: { children: HouseholdDetail['children'] }) => (
  <TableFrame label="Children" columns={['Child', 'School', 'Grade', 'Rides', { label: 'Weekly', numeric: true }]} compact>
    {children.map((child) => (
      <tr key={child.id}>
        <th scope="row">
          {child.name}
          {child.active ? null : <span className="table__sub">Not riding</span>}
        </th>
        <td>{child.school ?? '—'}</td>
        <td>{child.grade ?? '—'}</td>
        <td>{TRIP_LABELS[child.trip_type] ?? child.trip_type}</td>
        <td className="table__num">{formatDollars(child.rate_weekly)}</td>
      </tr>
    ))}
  </TableFrame>
);

/** Payers and the share of the weekly total each pays, from the server's split. */
export const PayersTable = ({ household }: { household: Pick<HouseholdDetail, 'payers' | 'payer_splits'> }) => (
  <TableFrame label="Payers" columns={['Payer', 'Email', { label: 'Weekly share', numeric: true }]} compact>
    {household.payers.map((payer) => (
      <tr key={payer.id}>
        <th scope="row">
          {payer.name}
          <span className="table__sub">{payer.is_primary ? 'Main payer' : (payer.relationship ?? 'Payer')}</span>
        </th>
        <td>{payer.email ?? '—'}</td>
        <td className="table__num">{formatDollars(household.payer_splits.find((split) => split.payer_id === payer.id)?.amount ?? 0)}</td>
      </tr>
    ))}
  </TableFrame>
);
