import { Fact } from '../../../shared/fact.tsx';
import { ClaimDateFacts } from '../../shared/claim-date-facts.tsx';
import type { ClaimsOutputs } from '../../shared/claims-client.ts';
import { businessTypeLabel } from '../../shared/vocabulary-options.ts';

type ClientClaim = ClaimsOutputs['claims']['get'];

export const ClaimFacts = ({ claim }: { claim: ClientClaim }) => (
  <dl className="facts">
    <Fact label="Amount" valueClassName="facts__amount">
      {claim.amount_display}
    </Fact>
    <Fact label="Debtor">
      {claim.debtor.name}
      <span className="muted"> · {businessTypeLabel(claim.debtor.business_type)}</span>
    </Fact>
    <Fact label="Your reference">{claim.client_reference ?? '—'}</Fact>
    <ClaimDateFacts claim={claim} />
    {claim.description ? (
      <Fact label="Description" wide valueClassName="pre-wrap">
        {claim.description}
      </Fact>
    ) : null}
  </dl>
);
