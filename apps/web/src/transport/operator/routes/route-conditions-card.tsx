import { useRemote } from '../../../shared/remote/use-remote.ts';
import { RemoteView } from '../../../shared/ui/remote-view.tsx';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportClient } from '../../shared/transport-client.ts';

/** Traffic incidents around the route's stops, and the schools it serves. */
export const RouteConditionsCard = ({ routeId }: { routeId: string }) => {
  const { state } = useRemote(() => transportClient.operations.routeConditions.query({ route_id: routeId }), [routeId]);

  return (
    <section className="card" aria-label="Traffic">
      <h2 className="card__title">Traffic</h2>
      <RemoteView state={state} loadingLabel="Checking traffic…">
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
            <p className="muted">Schools served: {conditions.schools.length === 0 ? 'none matched by stop' : conditions.schools.map((school) => school.name).join(', ')}</p>
          </div>
        )}
      </RemoteView>
    </section>
  );
};
