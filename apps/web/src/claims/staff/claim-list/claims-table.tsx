import { TIER_LABELS, type ClaimTier } from '@switchyard/domain/claims/vocabulary';
import { formatDate } from '../../../shared/format/format-date.ts';
import { Link } from '../../../shared/router/link.tsx';
import type { ClaimsOutputs } from '../../shared/claims-client.ts';
import { StatusBadge } from '../../shared/status-badge.tsx';
import { staffPaths } from '../staff-paths.ts';

type StaffListItem = ClaimsOutputs['staff']['list']['claims'][number];

export const ClaimsTable = ({ claims }: { claims: readonly StaffListItem[] }) => (
  <div className="table-wrap" tabIndex={0} role="region" aria-label="Claims table">
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Claim</th>
          <th scope="col">Client</th>
          <th scope="col">Debtor</th>
          <th scope="col" className="table__num">
            Amount
          </th>
          <th scope="col">Status</th>
          <th scope="col">Tier</th>
          <th scope="col" className="table__num">
            Docs
          </th>
          <th scope="col" className="table__num">
            Notes
          </th>
          <th scope="col">Submitted</th>
        </tr>
      </thead>
      <tbody>
        {claims.map((claim) => (
          <tr key={claim.claim_number}>
            <th scope="row">
              <Link to={staffPaths.claim(claim.claim_number)}>{claim.claim_number}</Link>
            </th>
            <td>
              {claim.client.company_name}
              <span className="table__sub">{claim.client.email}</span>
            </td>
            <td>{claim.debtor.name}</td>
            <td className="table__num">{claim.amount_display}</td>
            <td>
              <StatusBadge status={claim.status} label={claim.status_label} />
            </td>
            <td>{TIER_LABELS[claim.tier as ClaimTier] ?? claim.tier}</td>
            <td className="table__num">{claim.document_count}</td>
            <td className="table__num">{claim.note_count}</td>
            <td>{formatDate(claim.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
