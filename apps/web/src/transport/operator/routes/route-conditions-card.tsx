import { useQuery } from '@tanstack/react-query';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc } from '../../shared/transport-client.ts';
import { QueryView } from '../../../shared/ui/query-view.tsx';

/** Traffic incidents around the route's stops, and the schools it serves. */
export const RouteConditionsCard = ({ routeId }: { routeId: string }) => {
  const traffic = useQuery(transportTrpc.operations.routeConditions.queryOptions({ route_id: routeId }));

  return (
    <section className="card" aria-label="Traffic">
      <h2 className="card__title">Traffic</h2>
      <QueryView query={traffic} loadingLabel="Checking traffic…" errorTitle="Traffic could not be checked">
        {(conditions) => (
          <div className="stack stack--tight">
            <p>
              <StateBadge state={conditions.summary} />{' '}
              {conditions.summary === 'unavailable' ? (
                <span className="muted">{conditions.detail ?? 'The traffic service did not answer.'}</span>
              ) : (
                <span>
                  {conditions.incident_count} incident{conditions.incident_count === 1 ? '' : 's'} near the route
                </span>
              )}
            </p>
            {conditions.incidents.length > 0 ? (
              <ul className="plain-list">
                {conditions.incidents.map((incident, index) => (
                  <li key={incident.id ?? index}>
                    <strong className="capitalized">{incident.category ?? 'Incident'}</strong> {incident.description ?? ''}
                    {incident.from ? <span className="muted"> · {incident.from}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="muted">
              Schools served:{' '}
              {conditions.schools.length === 0 ? 'none matched by stop' : conditions.schools.map((school) => school.name).join(', ')}
            </p>
          </div>
        )}
      </QueryView>
    </section>
  );
};
