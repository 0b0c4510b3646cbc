import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '../../../shared/format/format-dollars.ts';
import { Link } from '../../../shared/router/link.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

/** The billing page's credits line: credit held for households (overpayments), taken off their next invoices. */
export const CreditsLine = () => {
  const credits = useQuery(transportTrpc.billing.tenantCredits.queryOptions());

  return (
    <section className="page-section" aria-labelledby="credits-title">
      <h2 id="credits-title" className="section-title">
        Household credit
      </h2>
      <QueryView query={credits} loadingLabel="Loading household credit…" errorTitle="Household credit could not be loaded">
        {(answer) =>
          answer.households.length === 0 ? (
            <p className="muted">No household holds credit.</p>
          ) : (
            <div className="card">
              <p data-testid="total-credit">
                <strong>{formatDollars(answer.total_credit)}</strong>{' '}
                {answer.households.length === 1
                  ? 'held for one household, taken off its next invoice.'
                  : `held for ${answer.households.length} households, taken off their next invoices.`}
              </p>
              <ul className="credit-list">
                {answer.households.map((household) => (
                  <li key={household.household_id}>
                    <Link to={transportPaths.household(household.household_id)}>{household.household_name}</Link>
                    <span>{formatDollars(household.credit)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </QueryView>
    </section>
  );
};
