import { formatDateTime } from '../../../shared/format/format-date.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import type { StaffClaim } from './staff-claim-types.ts';

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  status_change: 'Status changed',
  update: 'Updated',
  upload: 'Document uploaded',
  note_add: 'Note added',
};

const describeChange = (entry: StaffClaim['audit'][number]): string => {
  if (entry.old_value !== null || entry.new_value !== null) {
    return `${entry.field ?? 'value'}: ${entry.old_value ?? '—'} → ${entry.new_value ?? '—'}`;
  }

  return entry.field ?? '';
};

const COLUMNS: readonly DataColumn<StaffClaim['audit'][number]>[] = [
  { label: 'Action', cell: (entry) => ACTION_LABELS[entry.action] ?? entry.action, isRowHeader: true },
  { label: 'When', cell: (entry) => formatDateTime(entry.created_at), nowrap: true },
  { label: 'What', cell: (entry) => entry.entity_type },
  { label: 'Change', cell: describeChange },
  { label: 'By', cell: (entry) => entry.actor, nowrap: true },
  { label: 'Reason', cell: (entry) => entry.reason ?? '—' },
];

/** Oldest first, as the API returns it: the trail reads as a story; on a phone each entry is a card. */
export const AuditTrail = ({ entries }: { entries: StaffClaim['audit'] }) => {
  if (entries.length === 0) {
    return <EmptyState title="No audit entries" />;
  }

  return <DataTable label="Audit entries" columns={COLUMNS} rows={entries} rowKey={(entry) => entry.id} compact />;
};
