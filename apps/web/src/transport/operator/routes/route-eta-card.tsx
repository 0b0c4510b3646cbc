import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryView } from '../../../shared/ui/query-view.tsx';
import { accuracySentence, clockTime, lateness } from '../../shared/live/eta-format.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';

type Route = TransportOutputs['operations']['getRoute'];
type StopEta = TransportOutputs['live']['routeEta']['stops'][number];
type StopEtaProgress = TransportOutputs['live']['routeEta']['progress'];

/** Scheduled times are the tenant's wall-clock times; estimates are shown on the same clock. */
const columnsIn = (timeZone: string): readonly DataColumn<StopEta>[] => [
  { label: '#', numeric: true, cell: (stop) => stop.position },
  { label: 'Stop', isRowHeader: true, cell: (stop) => stop.name },
  { label: 'Scheduled', nowrap: true, cell: (stop) => stop.time ?? '—' },
  { label: 'Estimate', nowrap: true, cell: (stop) => clockTime(stop.eta, timeZone) },
  { label: 'Late', nowrap: true, cell: (stop) => lateness(stop.minutes_late) },
  { label: 'State', cell: (stop) => <StateBadge state={stop.state} /> },
];

const PROGRESS_TEXT: Record<StopEtaProgress, string> = {
  scheduled: 'not under way',
  not_started: 'the bus has not started (it reports from beyond the first stop)',
  running: 'under way',
  finished: 'every stop served',
};

/** Estimates follow the bus: asked again when a new position of the route's bus arrives, and every half minute. */
const REFRESH_MS = 30_000;

/**
 * Today's arrival estimates of the route's current (or next) trip, stop by stop, and how good the
 * estimates have been on this route (the share of arrivals within 2 minutes of the estimate made 10
 * and 5 minutes before).
 */
export const RouteEtaCard = ({ route, busPositionAt }: { route: Route; busPositionAt: string | null }) => {
  const eta = useQuery({ ...transportTrpc.live.routeEta.queryOptions({ route_id: route.id }), refetchInterval: REFRESH_MS });
  const { refetch } = eta;
  useEffect(() => {
    if (busPositionAt) {
      void refetch();
    }
  }, [busPositionAt, refetch]);
  const accuracy = route.eta_accuracy;

  return (
    <section className="card" aria-labelledby="eta-title">
      <h2 className="card__title" id="eta-title">
        Arrival estimates
      </h2>
      <QueryView query={eta} loadingLabel="Loading the estimates…" errorTitle="The estimates could not be loaded">
        {(answer) =>
          answer.stops.length === 0 ? (
            <EmptyState title="No stops with a time yet">
              <p>Give the stops their times to see estimates.</p>
            </EmptyState>
          ) : (
            <div className="stack stack--tight">
              <p className="muted">
                {answer.direction === 'morning' ? 'Morning' : 'Afternoon'} trip, {answer.date}
                {answer.in_window ? ' (running now)' : ''}: {PROGRESS_TEXT[answer.progress]}.{' '}
                {answer.basis === 'position' && answer.position_at
                  ? `From the bus position at ${clockTime(answer.position_at, answer.time_zone)}.`
                  : answer.bus_id
                    ? `Following the schedule: bus ${answer.bus_id} has not reported during this trip.`
                    : 'Following the schedule: no bus is assigned.'}{' '}
                Times are in {answer.time_zone}.
              </p>
              <div>
                <DataTable
                  label="Estimates by stop"
                  columns={columnsIn(answer.time_zone)}
                  rows={answer.stops}
                  rowKey={(stop) => stop.position}
                  compact
                />
              </div>
            </div>
          )
        }
      </QueryView>
      <p className="muted eta-accuracy" data-testid="eta-accuracy">
        Accuracy on this route: {accuracy.arrivals} {accuracy.arrivals === 1 ? 'arrival' : 'arrivals'} recorded; estimates made 10 minutes
        before: {accuracySentence(accuracy.minutes_10)}; 5 minutes before: {accuracySentence(accuracy.minutes_5)}.
      </p>
    </section>
  );
};
