import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { mergePositions } from '../../shared/live/bus-position.ts';
import { LiveStateLine } from '../../shared/live/live-state-line.tsx';
import { useLivePositions } from '../../shared/live/use-live-positions.ts';
import { useNow } from '../../shared/live/use-now.ts';
import { transportTrpc } from '../../shared/transport-client.ts';
import { TripCard } from './trip-card.tsx';

/** Estimates move with the bus; the stream moves the marker between two answers. */
const REFRESH_MS = 30_000;

/**
 * Today's trips of the family's children. The buses of trips under way come live from
 * GET /api/family/live (which sends nothing outside the trip window), their estimates from the
 * trips answer, asked again every half minute.
 */
export const FamilyTrips = ({ hasApprovedHousehold }: { hasApprovedHousehold: boolean }) => {
  const now = useNow();
  const trips = useQuery({ ...transportTrpc.live.familyTrips.queryOptions(), refetchInterval: REFRESH_MS });
  const anyRunning = trips.data?.trips.some((trip) => trip.in_window) ?? false;
  const live = useLivePositions('/api/family/live', anyRunning);

  return (
    <section className="stack stack--tight" aria-labelledby="trips-title">
      <div className="map-card__head">
        <h2 className="section-title" id="trips-title">
          Today's rides
        </h2>
        {anyRunning ? <LiveStateLine state={live.state} /> : null}
      </div>
      <QueryView query={trips} loadingLabel="Loading today's rides…" errorTitle="Today's rides could not be loaded">
        {(answer) => {
          if (answer.trips.length === 0) {
            return (
              <EmptyState title="No rides to show yet">
                <p>
                  {hasApprovedHousehold
                    ? 'Your operator has not placed your children at a stop yet. Their stop, pickup time and bus show here once it has.'
                    : 'Once the operator approves your registration and places your children at a stop, their stop, pickup time and bus show here.'}
                </p>
              </EmptyState>
            );
          }
          const buses = mergePositions(
            answer.trips.flatMap((trip) => (trip.bus ? [{ ...trip.bus, id: trip.bus.bus_id }] : [])),
            live.positions,
          );

          return (
            <div className="trip-grid">
              {answer.trips.map((trip) => (
                <TripCard
                  key={`${trip.child_id}-${trip.route.id}-${trip.direction}-${trip.stop.position}`}
                  trip={trip}
                  timeZone={answer.time_zone}
                  bus={trip.in_window && trip.route.bus_id ? (buses.find((bus) => bus.id === trip.route.bus_id) ?? null) : null}
                  now={now}
                />
              ))}
            </div>
          );
        }}
      </QueryView>
    </section>
  );
};
