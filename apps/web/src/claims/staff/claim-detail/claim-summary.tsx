import { Fact } from '../../../shared/fact.tsx';
import { ClaimDateFacts } from '../../shared/claim-date-facts.tsx';
import { ClaimAssignee } from '../assignee/claim-assignee.tsx';
import type { StaffClaim } from './staff-claim-types.ts';

export const ClaimSummary = ({ claim }: { claim: StaffClaim }) => (
  <section className="card" aria-labelledby="summary-title">
    <h2 id="summary-title" className="card__title">
      Claim
    </h2>
    <dl className="facts facts--stacked">
      <Fact label="Amount" valueClassName="facts__amount">
        {claim.amount_display}
      </Fact>
      <Fact label="Assignee">
        <ClaimAssignee claim={claim} />
      </Fact>
      <Fact label="Tier">
        {claim.tier_label} ({claim.tier})
      </Fact>
      <Fact label="Client reference">{claim.client_reference ?? '—'}</Fact>
      <ClaimDateFacts claim={claim} />
      <Fact label="Description" valueClassName="pre-wrap">
        {claim.description ?? '—'}
      </Fact>
    </dl>
  </section>
);
