import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format/format-date.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useMemberNames } from '../assignee/assignee-options.ts';
import { CorrectionChanges } from './correction-changes.tsx';
import type { StaffClaim } from './staff-claim-types.ts';

type AuditEntry = StaffClaim['audit'][number];

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  status_change: 'Status changed',
  update: 'Updated',
  upload: 'Document uploaded',
  note_add: 'Note added',
  assign: 'Assigned',
  correction: 'Details corrected',
};

const describeChange = (entry: AuditEntry, names: ReadonlyMap<string, string>): ReactNode => {
  // A correction keeps several fields on one row: each is shown before -> after, amounts in dollars.
  if (entry.changes) {
    return (
      <CorrectionChanges
        changes={entry.changes.map((change) => ({ field: change.field, before: change.old_value, after: change.new_value }))}
      />
    );
  }
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

const columnsFor = (names: ReadonlyMap<string, string>): readonly DataColumn<AuditEntry>[] => [
  { label: 'Action', cell: (entry) => ACTION_LABELS[entry.action] ?? entry.action, isRowHeader: true },
  { label: 'When', cell: (entry) => formatDateTime(entry.created_at), nowrap: true },
  { label: 'What', cell: (entry) => entry.entity_type },
  { label: 'Change', cell: (entry) => describeChange(entry, names) },
  { label: 'By', cell: (entry) => entry.actor, nowrap: true },
  { label: 'Reason', cell: (entry) => entry.reason ?? '—' },
];

/** Oldest first, as the API returns it: the trail reads as a story; on a phone each entry is a card. */
export const AuditTrail = ({ entries }: { entries: StaffClaim['audit'] }) => {
  const names = useMemberNames();
  if (entries.length === 0) {
    return <EmptyState title="No audit entries" />;
  }

  return <DataTable label="Audit entries" columns={columnsFor(names)} rows={entries} rowKey={(entry) => entry.id} compact />;
};
