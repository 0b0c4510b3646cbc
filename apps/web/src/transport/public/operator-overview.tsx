import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../shared/format/format-money.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { transportTrpc } from '../shared/transport-client.ts';
import { formatSchoolHours } from '../shared/format-school-hours.ts';

/** What a family can see before signing in: the weekly rates and the schools the operator serves. */
export const OperatorOverview = ({ slug }: { slug: string }) => {
  // The rates are the operator's own, named in the query so each operator has its own cache entry.
  const rates = useQuery(transportTrpc.billing.billingRates.queryOptions({ tenant: slug }));
  const schools = useQuery(transportTrpc.operations.listPublicSchools.queryOptions({ tenant: slug }));

  return (
    <div className="overview">
      <section className="card" aria-labelledby="rates-title">
        <h2 id="rates-title" className="card__title">
          Rates
        </h2>
        <QueryView query={rates} loadingLabel="Loading rates…" errorTitle="The rates could not be loaded">
          {(data) => (
            <dl className="facts facts--stacked">
              <div>
                <dt>Mornings or afternoons only</dt>
                <dd>{formatMoney(data.one_way, data.currency)} a week per child</dd>
              </div>
              <div>
                <dt>Both ways</dt>
                <dd>{formatMoney(data.two_way, data.currency)} a week per child</dd>
              </div>
              <div>
                <dt>Registration fee</dt>
                <dd>{formatMoney(data.registration_fee, data.currency)} once, after approval</dd>
              </div>
            </dl>
          )}
        </QueryView>
      </section>
      <section className="card" aria-labelledby="schools-title">
        <h2 id="schools-title" className="card__title">
          Schools served
        </h2>
        <QueryView query={schools} loadingLabel="Loading schools…" errorTitle="The schools could not be loaded">
          {(data) =>
            data.schools.length === 0 ? (
              <EmptyState title="No schools listed yet" />
            ) : (
              <ul className="plain-list">
                {data.schools.map((school) => (
                  <li key={school.id}>
                    <strong>{school.name}</strong>
                    <span className="muted"> {[school.address, formatSchoolHours(school)].filter(Boolean).join(' · ')}</span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
    </div>
  );
};
