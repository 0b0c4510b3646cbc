import { formatDate } from '../../../shared/format/format-date.ts';
import type { ClaimsOutputs } from '../../shared/claims-client.ts';
import { businessTypeLabel } from '../../shared/vocabulary-options.ts';

type ClientClaim = ClaimsOutputs['claims']['get'];

export const ClaimFacts = ({ claim }: { claim: ClientClaim }) => (
  <dl className="facts">
    <div>
      <dt>Amount</dt>
      <dd className="facts__amount">{claim.amount_display}</dd>
    </div>
    <div>
      <dt>Debtor</dt>
      <dd>
        {claim.debtor.name}
        <span className="muted"> · {businessTypeLabel(claim.debtor.business_type)}</span>
      </dd>
    </div>
    <div>
      <dt>Your reference</dt>
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
    {claim.description ? (
      <div className="facts__wide">
        <dt>Description</dt>
        <dd className="pre-wrap">{claim.description}</dd>
      </div>
    ) : null}
  </dl>
);
