import { clientActivityMark } from '@switchyard/domain/claims/client-activity';
import { TIER_LABELS, type ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { formatDate } from '../../../shared/format/format-date.ts';
import { Link } from '../../../shared/router/link.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import type { ClaimsOutputs } from '../../shared/claims-client.ts';
import { StatusBadge } from '../../shared/status-badge.tsx';
import { staffPaths } from '../staff-paths.ts';
import { isSelected, toggleClaim, type ClaimSelection } from './claim-selection.ts';

type StaffListItem = ClaimsOutputs['staff']['list']['claims'][number];

type SelectionProps = { selection: ClaimSelection; onSelection: (selection: ClaimSelection) => void };

/**
 * The claim's number with the checkbox that puts it in the selection for a bulk change, in one
 * cell, so on a phone the box sits in the card's title beside the number it selects.
 */
const claimColumn = ({ selection, onSelection }: SelectionProps): DataColumn<StaffListItem> => ({
  label: 'Claim',
  isRowHeader: true,
  cell: (claim) => (
    <span className="claim-cell">
      <input
        type="checkbox"
        className="row-select"
        aria-label={`Select ${claim.claim_number}`}
        checked={isSelected(selection, claim.claim_number)}
        disabled={selection.kind === 'matching'}
        onChange={(event) => onSelection(toggleClaim(selection, claim.claim_number, event.target.checked))}
      />
      <span>
        <Link to={staffPaths.claim(claim.claim_number)}>{claim.claim_number}</Link>
        {claim.client_activity_at ? (
          <span className="activity-mark" title={`Client activity at ${claim.client_activity_at}`}>
            {clientActivityMark(new Date(claim.client_activity_at), new Date())}
          </span>
        ) : null}
      </span>
    </span>
  ),
});

const COLUMNS: readonly DataColumn<StaffListItem>[] = [
  {
    label: 'Client',
    cell: (claim) => (
      <>
        {claim.client.company_name}
        <span className="table__sub">{claim.client.email}</span>
      </>
    ),
  },
  { label: 'Debtor', cell: (claim) => claim.debtor.name },
  { label: 'Amount', numeric: true, cell: (claim) => claim.amount_display },
  { label: 'Status', cell: (claim) => <StatusBadge status={claim.status} label={claim.status_label} /> },
  { label: 'Tier', cell: (claim) => TIER_LABELS[claim.tier as ClaimTier] ?? claim.tier },
  { label: 'Assignee', cell: (claim) => claim.assignee?.name ?? <span className="muted">Nobody</span> },
  { label: 'Docs', numeric: true, cell: (claim) => claim.document_count },
  { label: 'Notes', numeric: true, cell: (claim) => claim.note_count },
  { label: 'Submitted', cell: (claim) => formatDate(claim.created_at) },
];

/** The staff list; on a phone each claim is a card (shared/ui/data-table.tsx). */
export const ClaimsTable = ({ claims, selection, onSelection }: SelectionProps & { claims: readonly StaffListItem[] }) => (
  <DataTable
    label="Claims table"
    columns={[claimColumn({ selection, onSelection }), ...COLUMNS]}
    rows={claims}
    rowKey={(claim) => claim.claim_number}
  />
);
