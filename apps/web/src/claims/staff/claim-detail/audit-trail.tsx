import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format/format-date.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { CorrectionChanges } from './correction-changes.tsx';
import type { StaffClaim } from './staff-claim-types.ts';

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  status_change: 'Status changed',
  update: 'Updated',
  upload: 'Document uploaded',
  note_add: 'Note added',
  correction: 'Details corrected',
};

const describeChange = (entry: StaffClaim['audit'][number]): ReactNode => {
  // A correction keeps several fields on one row: each is shown before -> after, amounts in dollars.
  if (entry.changes) {
    return (
      <CorrectionChanges
        changes={entry.changes.map((change) => ({ field: change.field, before: change.old_value, after: change.new_value }))}
      />
    );
  }
  if (entry.old_value !== null || entry.new_value !== null) {
    return `${entry.field ?? 'value'}: ${entry.old_value ?? '—'} → ${entry.new_value ?? '—'}`;
  }

  return entry.field ?? '';
};

/** Oldest first, as the API returns it: the trail reads as a story. */
export const AuditTrail = ({ entries }: { entries: StaffClaim['audit'] }) => {
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
              <td>{describeChange(entry)}</td>
              <td className="nowrap">{entry.actor}</td>
              <td>{entry.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
