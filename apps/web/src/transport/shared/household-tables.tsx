import { formatDollars } from '../../shared/format/format-dollars.ts';
import type { TransportOutputs } from './transport-client.ts';
import { DataTable, type DataColumn } from '../../shared/ui/data-table.tsx';
import { transportNeedLabel } from './transport-need-label.ts';

type HouseholdDetail = TransportOutputs['billing']['getHousehold'];
type Child = HouseholdDetail['children'][number];
type Payer = HouseholdDetail['payers'][number];


const CHILD_COLUMNS: readonly DataColumn<Child>[] = [
  {
    label: 'Child',
    isRowHeader: true,
    cell: (child) => (
      <>
        {child.name}
        {child.active ? null : <span className="table__sub">Not riding</span>}
      </>
    ),
  },
  { label: 'School', cell: (child) => child.school ?? '—' },
  { label: 'Grade', cell: (child) => child.grade ?? '—' },
  // The morning/afternoon choice the family made; "one way" would not say which.
  { label: 'Rides', cell: (child) => transportNeedLabel(child.transport_need) },
  { label: 'Weekly', numeric: true, cell: (child) => formatDollars(child.rate_weekly) },
];

/** The household's children with what each costs a week; shared by the family and operator pages. */
export const ChildrenTable = ({ children }: { children: HouseholdDetail['children'] }) => (
  <DataTable label="Children" columns={CHILD_COLUMNS} rows={children} rowKey={(child) => child.id} compact />
);

/** Payers and the share of the weekly total each pays, from the server's split. */
export const PayersTable = ({ household }: { household: Pick<HouseholdDetail, 'payers' | 'payer_splits'> }) => {
  const columns: readonly DataColumn<Payer>[] = [
    {
      label: 'Payer',
      isRowHeader: true,
      cell: (payer) => (
        <>
          {payer.name}
          <span className="table__sub">{payer.is_primary ? 'Main payer' : (payer.relationship ?? 'Payer')}</span>
        </>
      ),
    },
    { label: 'Email', cell: (payer) => payer.email ?? '—' },
    { label: 'Weekly share', numeric: true, cell: (payer) => formatDollars(household.payer_splits.find((split) => split.payer_id === payer.id)?.amount ?? 0) },
  ];

  return <DataTable label="Payers" columns={columns} rows={household.payers} rowKey={(payer) => payer.id} compact />;
};
