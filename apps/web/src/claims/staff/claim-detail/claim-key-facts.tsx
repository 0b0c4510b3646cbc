import { Fact } from '../../../shared/fact.tsx';
import type { StaffClaim } from './staff-claim-types.ts';

/**
 * What staff look for first, on a screen too narrow for the side column: the amount, the stage,
 * who owes, who handles it and who is owed. On a wide screen the side column shows the same beside the page,
 * so the styles hide this card there.
 */
export const ClaimKeyFacts = ({ claim }: { claim: StaffClaim }) => (
  <section className="card claim-key-facts" aria-labelledby="key-facts-title">
    <h2 id="key-facts-title" className="visually-hidden">
      Key facts
    </h2>
    <dl className="facts claim-key-facts__list">
      <Fact label="Amount" valueClassName="facts__amount">
        {claim.amount_display}
      </Fact>
      <Fact label="Tier">{claim.tier_label}</Fact>
      <Fact label="Debtor">{claim.debtor.name}</Fact>
      <Fact label="Assignee">{claim.assignee?.name ?? 'Nobody'}</Fact>
      <Fact label="Client" wide>
        {claim.client.company_name}
        {claim.client.email ? (
          <>
            {' · '}
            <a href={`mailto:${claim.client.email}`}>{claim.client.email}</a>
          </>
        ) : null}
      </Fact>
    </dl>
  </section>
);
