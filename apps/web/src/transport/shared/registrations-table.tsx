import type { ReactNode } from 'react';
import { formatDate } from '../../shared/format/format-date.ts';
import { StateBadge } from './state-badge.tsx';
import { DataTable, type DataColumn } from '../../shared/ui/data-table.tsx';
import type { TransportOutputs } from './transport-client.ts';

type Registration = TransportOutputs['billing']['listRegistrations'][number];

const COLUMNS: readonly DataColumn<Registration>[] = [
  {
    label: 'Parent',
    isRowHeader: true,
    cell: (row) => (
      <>
        {row.parent_name}
        <span className="table__sub">{row.parent_email}</span>
      </>
    ),
  },
  { label: 'Children', cell: (row) => row.children.map((child) => child.name).join(', ') || '—' },
  { label: 'School', cell: (row) => row.school || '—' },
  { label: 'Status', cell: (row) => <StateBadge state={row.status} /> },
  { label: 'Submitted', cell: (row) => formatDate(row.created_at) },
];

/** Registrations as staff see them; the operator console adds approve and reject buttons. */
export const RegistrationsTable = ({ rows, actions }: { rows: readonly Registration[]; actions?: (row: Registration) => ReactNode }) => (
  <DataTable
    label="Registrations"
    columns={actions ? [...COLUMNS, { label: 'Decision', cell: actions }] : COLUMNS}
    rows={rows}
    rowKey={(row) => row.id}
  />
);
