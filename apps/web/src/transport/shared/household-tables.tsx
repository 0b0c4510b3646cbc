import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/format/format-money.ts';
import type { TransportOutputs } from './transport-client.ts';
import { DataTable, type DataColumn } from '../../shared/ui/data-table.tsx';
import { transportNeedLabel } from './transport-need-label.ts';

type HouseholdDetail = TransportOutputs['billing']['getHousehold'];
type Child = HouseholdDetail['children'][number];
type Payer = HouseholdDetail['payers'][number];

const childColumns = (currency: string): readonly DataColumn<Child>[] => [
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
  { label: 'Weekly', numeric: true, cell: (child) => formatMoney(child.rate_weekly, currency) },
];

/** A last column of buttons, on the operator's page only. */
const withActions = <Row,>(columns: readonly DataColumn<Row>[], actions?: (row: Row) => ReactNode): readonly DataColumn<Row>[] =>
  actions ? [...columns, { label: 'Actions', cell: (row: Row) => <div className="row-actions">{actions(row)}</div> }] : columns;

/** The household's children with what each costs a week; shared by the family and operator pages. */
export const ChildrenTable = ({
  children,
  currency = 'USD',
  actions,
}: {
  children: HouseholdDetail['children'];
  currency?: string;
  actions?: (child: Child) => ReactNode;
}) => (
  <DataTable label="Children" columns={withActions(childColumns(currency), actions)} rows={children} rowKey={(child) => child.id} compact />
);

/** Payers and the share of the weekly total each pays, from the server's split. */
export const PayersTable = ({
  household,
  currency = 'USD',
  actions,
}: {
  household: Pick<HouseholdDetail, 'payers' | 'payer_splits'>;
  currency?: string;
  actions?: (payer: Payer) => ReactNode;
}) => {
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
    {
      label: 'Weekly share',
      numeric: true,
      cell: (payer) => formatMoney(household.payer_splits.find((split) => split.payer_id === payer.id)?.amount ?? 0, currency),
    },
  ];

  return <DataTable label="Payers" columns={withActions(columns, actions)} rows={household.payers} rowKey={(payer) => payer.id} compact />;
};
