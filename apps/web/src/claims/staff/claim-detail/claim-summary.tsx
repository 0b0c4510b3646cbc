import { formatDate } from '../../../shared/format/format-date.ts';
import type { StaffClaim } from './staff-claim-types.ts';

export const ClaimSummary = ({ claim }: { claim: StaffClaim }) => (
  <section className="card" aria-labelledby="summary-title">
    <h2 id="summary-title" className="card__title">
      Claim
    </h2>
    <dl className="facts facts--stacked">
      <div>
        <dt>Amount</dt>
        <dd className="facts__amount">{claim.amount_display}</dd>
      </div>
      <div>
        <dt>Tier</dt>
        <dd>
          {claim.tier_label} ({claim.tier})
        </dd>
      </div>
      <div>
        <dt>Client reference</dt>
        <dd>{claim.client_reference ?? '—'}</dd>
      </div>
      <div>
        <dt>Invoice date</dt>
        <dd>{formatDate(claim.invoice_date)}</dd>
      </div>
      <div>
        <dt>Submitted</dt>
        <dd>{formatDate(claim.created_at)}</dd>
      </div>
      <div>
        <dt>Assigned</dt>
        <dd>{formatDate(claim.date_assigned)}</dd>
      </div>
      <div>
        <dt>Resolved</dt>
        <dd>{formatDate(claim.date_resolved)}</dd>
      </div>
      <div>
        <dt>Description</dt>
        <dd className="pre-wrap">{claim.description ?? '—'}</dd>
      </div>
    </dl>
  </section>
);
