import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import type { TransportOutputs } from '../../shared/transport-client.ts';

type Route = TransportOutputs['operations']['getRoute'];

const runName = (direction: string) => (direction === 'morning' ? 'morning run' : 'afternoon run');

/**
 * How the route's riders fit: the riders placed by an override where they do not fit (kept in view
 * until they are moved), and the children of the schools the route serves who still need a stop.
 */
export const RouteFitCard = ({ route }: { route: Route }) => (
  <section className="card" aria-labelledby="route-fit-title">
    <h2 className="card__title" id="route-fit-title">
      Children of this route&apos;s schools
    </h2>
    {route.rider_warnings.length > 0 ? (
      <FormAlert tone="info" title="Riders placed by an override">
        <ul aria-label="Rider warnings">
          {route.rider_warnings.map((warning) => (
            <li key={`${warning.child_id}-${warning.kind}-${warning.direction}`}>{warning.message}</li>
          ))}
        </ul>
      </FormAlert>
    ) : null}
    {route.unplaced_children.length === 0 ? (
      <p className="muted">
        Every child of the schools this route serves has a stop for the runs they ride (a route serves the schools its stops are named for
        or stand at).
      </p>
    ) : (
      <>
        <p className="muted">
          These children attend a school this route serves and have no stop yet for a run they ride; place them in Riders below.
        </p>
        <ul className="rider-list" aria-label="Children without a stop">
          {route.unplaced_children.map((child) => (
            <li key={child.child_id} className="rider-chip">
              {child.child_name} ({child.school_name}) · needs a stop on the {child.missing.map(runName).join(' and ')}
            </li>
          ))}
        </ul>
      </>
    )}
  </section>
);
