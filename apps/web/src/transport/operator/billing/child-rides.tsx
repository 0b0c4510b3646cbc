import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { OVERRIDE_HINT } from '@switchyard/domain/transport/live/rider-fit';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { transportTrpc, type TransportInputs, type TransportOutputs } from '../../shared/transport-client.ts';
import { riderId } from '../routes/rider-names.ts';

type Route = TransportOutputs['operations']['getRoute'];
type Direction = Route['runs'][number]['direction'];
type RunRequest = NonNullable<NonNullable<TransportInputs['operations']['updateRoute']['runs']>['morning']>;
/** `routeId stop` of the chosen stop per run direction; '' takes the child off that run; absent leaves it. */
export type RidesChoice = Partial<Record<Direction, string>>;
type Place = { routeId: string; routeName: string; stop: number; stopName: string };

const DIRECTIONS: readonly Direction[] = ['morning', 'afternoon'];
const keyOf = (routeId: string, stop: number) => `${routeId} ${String(stop)}`;

/**
 * Where a child rides, across the tenant's routes: the stop of each run direction it is placed at,
 * and every stop it could be placed at. A move saves the runs of the routes it touches with the
 * route page's own update, so the riders-fit rule and its audited override hold here too.
 */
export const useChildRides = (childId: string) => {
  const list = useQuery(transportTrpc.operations.listRoutes.queryOptions());
  const details = useQueries({
    queries: (list.data ?? []).map((route) => transportTrpc.operations.getRoute.queryOptions({ route_id: route.id })),
  });
  const update = useMutation(transportTrpc.operations.updateRoute.mutationOptions());
  const routes = details.flatMap((query) => (query.data ? [query.data] : []));

  const placesOf = (direction: Direction): Place[] =>
    routes.flatMap((route) =>
      route.runs
        .filter((run) => run.direction === direction)
        .flatMap((run) => run.stops.map((stop) => ({ routeId: route.id, routeName: route.name, stop: stop.stop, stopName: stop.name }))),
    );
  const currentOf = (direction: Direction): Place | null =>
    routes
      .flatMap((route) =>
        route.runs
          .filter((run) => run.direction === direction)
          .flatMap((run) =>
            run.stops
              .filter((stop) => stop.riders.some((rider) => riderId(rider) === childId))
              .map((stop) => ({ routeId: route.id, routeName: route.name, stop: stop.stop, stopName: stop.name })),
          ),
      )
      .at(0) ?? null;
  const label = (place: Place | null) => (place ? `${place.routeName}, ${place.stopName}` : 'no stop');
  const find = (direction: Direction, key: string) => placesOf(direction).find((place) => keyOf(place.routeId, place.stop) === key) ?? null;
  const changes = (choice: RidesChoice) =>
    DIRECTIONS.flatMap((direction) => {
      const wanted = choice[direction];
      const current = currentOf(direction);
      if (wanted === undefined || wanted === (current ? keyOf(current.routeId, current.stop) : '')) return [];

      return [{ direction, from: current, to: wanted ? find(direction, wanted) : null }];
    });

  /** The route's run of that direction as sent back, the child taken off it and, if `at` is given, placed there. */
  const runRequest = (route: Route, direction: Direction, at: number | null): RunRequest => ({
    stops: (route.runs.find((run) => run.direction === direction)?.stops ?? []).map((stop) => {
      const others = stop.riders.filter((rider) => riderId(rider) !== childId);

      return {
        stop: stop.stop,
        time: stop.time,
        riders: (stop.stop === at ? [...others, childId] : others) as RunRequest['stops'][number]['riders'],
      };
    }),
  });

  const save = async (
    choice: RidesChoice,
    overrideReason?: string,
  ): Promise<{ kind: 'saved' } | { kind: 'refused'; message: string; overridable: boolean }> => {
    // Off the old stops first: a child rides one stop per direction, so the new stop would be refused while the old one holds it.
    const planned = changes(choice);
    const byRoute = (pick: (change: (typeof planned)[number]) => Place | null) =>
      new Set(planned.flatMap((change) => (pick(change) ? [pick(change)?.routeId ?? ''] : [])));
    const adding = byRoute((change) => change.to);
    const order = [...new Set([...[...byRoute((change) => change.from)].filter((id) => !adding.has(id)), ...adding])];
    const saved: Route[] = [];
    for (const routeId of order) {
      const route = routes.find((candidate) => candidate.id === routeId);
      if (!route) continue;
      const runs = Object.fromEntries(
        planned
          .filter((change) => change.from?.routeId === routeId || change.to?.routeId === routeId)
          .map((change) => [change.direction, runRequest(route, change.direction, change.to?.routeId === routeId ? change.to.stop : null)]),
      );
      try {
        await update.mutateAsync({
          route_id: routeId,
          runs,
          ...(overrideReason && adding.has(routeId) ? { override: { reason: overrideReason } } : {}),
        });
        saved.push(route);
      } catch (error) {
        const info = readAppError(error);
        // Put back what this move already changed, so a refused move leaves the child where it was.
        for (const earlier of saved) {
          await update
            .mutateAsync({
              route_id: earlier.id,
              runs: Object.fromEntries(
                earlier.runs.map((run) => [
                  run.direction,
                  {
                    stops: run.stops.map((stop) => ({
                      stop: stop.stop,
                      time: stop.time,
                      riders: stop.riders as RunRequest['stops'][number]['riders'],
                    })),
                  },
                ]),
              ),
            })
            .catch(() => undefined);
        }
        const overridable = info.code === 'conflict' && info.message.endsWith(OVERRIDE_HINT);

        return {
          kind: 'refused',
          overridable,
          message: overridable
            ? `${info.message.slice(0, -OVERRIDE_HINT.length).trim()} Give a reason below to place the child anyway.`
            : info.message,
        };
      }
    }

    return { kind: 'saved' };
  };

  return {
    isLoading: list.isPending || details.some((query) => query.isPending),
    isSaving: update.isPending,
    options: (direction: Direction) =>
      placesOf(direction).map((place) => ({ value: keyOf(place.routeId, place.stop), label: label(place) })),
    current: (direction: Direction) => {
      const place = currentOf(direction);

      return place ? keyOf(place.routeId, place.stop) : '';
    },
    describeChanges: (choice: RidesChoice) =>
      changes(choice).map(
        (change) => `${change.direction === 'morning' ? 'Morning stop' : 'Afternoon stop'}: ${label(change.from)} → ${label(change.to)}`,
      ),
    save,
  };
};

export type ChildRides = ReturnType<typeof useChildRides>;

/** A stop per run direction, from every run of the tenant's routes. */
export const ChildRidesFields = ({
  idPrefix,
  rides,
  choice,
  onChoice,
}: {
  idPrefix: string;
  rides: ChildRides;
  choice: RidesChoice;
  onChoice: (choice: RidesChoice) => void;
}) =>
  rides.isLoading ? (
    <p className="muted">Loading the routes…</p>
  ) : (
    <div className="form-grid">
      {DIRECTIONS.map((direction) => (
        <SelectField
          key={direction}
          id={`${idPrefix}${direction}-stop`}
          label={direction === 'morning' ? 'Morning stop' : 'Afternoon stop'}
          value={choice[direction] ?? rides.current(direction)}
          options={[
            { value: '', label: direction === 'morning' ? 'Not on a morning run' : 'Not on an afternoon run' },
            ...rides.options(direction),
          ]}
          onValueChange={(value) => onChoice({ ...choice, [direction]: value })}
        />
      ))}
    </div>
  );
