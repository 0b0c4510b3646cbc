import { formatDateTime } from '../../../shared/format/format-date.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useMemberNames } from '../assignee/assignee-options.ts';
import type { StaffClaim } from './staff-claim-types.ts';

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  status_change: 'Status changed',
  update: 'Updated',
  upload: 'Document uploaded',
  note_add: 'Note added',
  assign: 'Assigned',
};

const describeChange = (entry: StaffClaim['audit'][number], names: ReadonlyMap<string, string>): string => {
  // An assignment records member ids (they never change); the trail shows today's names.
  if (entry.action === 'assign') {
    const nameOf = (id: string | null) => (id === null ? 'nobody' : (names.get(id) ?? id));

    return `assignee: ${nameOf(entry.old_value)} → ${nameOf(entry.new_value)}`;
  }
  if (entry.old_value !== null || entry.new_value !== null) {
    return `${entry.field ?? 'value'}: ${entry.old_value ?? '—'} → ${entry.new_value ?? '—'}`;
  }

  return entry.field ?? '';
};

/** Oldest first, as the API returns it: the trail reads as a story. */
export const AuditTrail = ({ entries }: { entries: StaffClaim['audit'] }) => {
  const names = useMemberNames();
  if (entries.length === 0) {
    return <EmptyState title="No audit entries" />;
  }

  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit entries">
      <table className="table table--compact">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">What</th>
            <th scope="col">Change</th>
            <th scope="col">By</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="nowrap">{formatDateTime(entry.created_at)}</td>
              <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td>{entry.entity_type}</td>
              <td>{describeChange(entry, names)}</td>
              <td className="nowrap">{entry.actor}</td>
              <td>{entry.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
