import type { ReactNode } from 'react';
import { formatDate } from '../../shared/format/format-date.ts';
import { TableFrame } from '../../shared/ui/table-frame.tsx';
import { StateBadge } from './state-badge.tsx';
import type { TransportOutputs } from './transport-client.ts';

type Registration = TransportOutputs['billing']['listRegistrations'][number];

const COLUMNS = ['Parent', 'Children', 'School', 'Status', 'Submitted'];

/** Registrations as staff see them; the operator console adds approve and reject buttons. */
export const RegistrationsTable = ({ rows, actions }: { rows: readonly Registration[]; actions?: (row: Registration) => ReactNode }) => (
  <TableFrame label="Registrations" columns={actions ? [...COLUMNS, 'Decision'] : COLUMNS}>
    {rows.map((row) => (
      <tr key={row.id}>
        <th scope="row">
          {row.parent_name}
          <span className="table__sub">{row.parent_email}</span>
        </th>
        <td>{row.children.map((child) => child.name).join(', ') || '—'}</td>
        <td>{row.school || '—'}</td>
        <td>
          <StateBadge state={row.status} />
        </td>
        <td>{formatDate(row.created_at)}</td>
        {actions ? <td>{actions(row)}</td> : null}
      </tr>
    ))}
  </TableFrame>
);
