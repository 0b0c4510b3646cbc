import { formatDollars } from '../../shared/format/format-dollars.ts';
import { useRemote } from '../../shared/remote/use-remote.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { transportClient } from '../shared/transport-client.ts';
import { formatSchoolHours } from '../shared/format-school-hours.ts';

/** What a family can see before signing in: the weekly rates and the schools the operator serves. */
export const OperatorOverview = ({ slug }: { slug: string }) => {
  const rates = useRemote(() => transportClient.billing.billingRates.query(), []);
  const schools = useRemote(() => transportClient.operations.listPublicSchools.query({ tenant: slug }), [slug]);

  return (
    <div className="overview">
      <section className="card" aria-labelledby="rates-title">
        <h2 id="rates-title" className="card__title">
          Rates
        </h2>
        <RemoteView state={rates.state} loadingLabel="Loading rates…">
          {(data) => (
            <dl className="facts facts--stacked">
              <div>
                <dt>Mornings or afternoons only</dt>
                <dd>{formatDollars(data.one_way)} a week per child</dd>
              </div>
              <div>
                <dt>Both ways</dt>
                <dd>{formatDollars(data.two_way)} a week per child</dd>
              </div>
              <div>
                <dt>Registration fee</dt>
                <dd>{formatDollars(data.registration_fee)} once, after approval</dd>
              </div>
            </dl>
          )}
        </RemoteView>
      </section>
      <section className="card" aria-labelledby="schools-title">
        <h2 id="schools-title" className="card__title">
          Schools served
        </h2>
        <RemoteView state={schools.state} loadingLabel="Loading schools…">
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
        </RemoteView>
      </section>
    </div>
  );
};
