import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { riderId } from './rider-names.ts';

type Route = TransportOutputs['operations']['getRoute'];
type Run = Route['runs'][number];
type Direction = Run['direction'];
type RunStop = Run['stops'][number];
type DraftStop = { stop: number; name: string; time: string; riders: unknown[] };

const TITLE: Record<Direction, string> = { morning: 'Morning run', afternoon: 'Afternoon run' };

const COLUMNS: readonly DataColumn<RunStop>[] = [
  { label: 'Stop #', numeric: true, cell: (stop) => stop.stop },
  { label: 'Stop', isRowHeader: true, cell: (stop) => stop.name },
  { label: 'Time', nowrap: true, cell: (stop) => stop.time ?? '—' },
  { label: 'Riders', numeric: true, cell: (stop) => stop.riders.filter((rider) => riderId(rider) !== null).length },
];

/** A new run serves every stop: the morning in route order, the afternoon reversed (from the school). */
const newRun = (route: Route, direction: Direction): DraftStop[] => {
  const stops = route.stops.map((stop) => ({ stop: stop.position, name: stop.name, time: '', riders: [] }));

  return direction === 'afternoon' ? stops.reverse() : stops;
};

/**
 * The route's timetables: the morning run and, on a route that runs both ways, the afternoon run,
 * each its stops in riding order with a time per stop. An operator sets the times, adds a run
 * (the afternoon starts as the morning reversed) or removes one; riders stay with their stops.
 */
export const RouteRunsCard = ({ route }: { route: Route }) => {
  const update = useMutation(transportTrpc.operations.updateRoute.mutationOptions({ onSuccess: afterOperationsChange }));
  const [editing, setEditing] = useState<{ direction: Direction; stops: DraftStop[] } | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<Direction | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const directions: Direction[] = route.mode === 'both' ? ['morning', 'afternoon'] : [route.mode as Direction];

  const save = async (direction: Direction, stops: DraftStop[] | null) => {
    setNotice(null);
    try {
      await update.mutateAsync({
        route_id: route.id,
        runs: {
          [direction]:
            stops === null
              ? null
              : {
                  stops: stops.map((stop) => ({
                    stop: stop.stop,
                    time: stop.time.trim() === '' ? null : stop.time,
                    riders: stop.riders as string[],
                  })),
                },
        },
      });
      setEditing(null);
      setConfirmRemove(null);
      setNotice({ tone: 'success', text: stops === null ? `${TITLE[direction]} removed.` : `${TITLE[direction]} saved.` });
    } catch (error) {
      setNotice({ tone: 'error', text: readAppError(error).message });
    }
  };

  return (
    <section className="card" aria-labelledby="runs-title">
      <h2 className="card__title" id="runs-title">
        Timetable
      </h2>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {route.stops.length === 0 ? (
        <p className="muted">Add stops to the route first; each run serves some of them in its own order.</p>
      ) : null}
      {route.stops.length > 0
        ? directions.map((direction) => {
            const run = route.runs.find((candidate) => candidate.direction === direction) ?? null;
            const draft = editing?.direction === direction ? editing.stops : null;

            return (
              <div key={direction} className="stack stack--tight run-block">
                <h3 className="section-title">{TITLE[direction]}</h3>
                {draft ? (
                  <form
                    className="form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void save(direction, draft);
                    }}
                  >
                    <ol className="run-times" aria-label={`${TITLE[direction]} times`}>
                      {draft.map((stop, index) => (
                        <li key={stop.stop} className="run-times__row">
                          <label htmlFor={`run-${direction}-${stop.stop}`}>
                            {index + 1}. {stop.name}
                          </label>
                          <input
                            id={`run-${direction}-${stop.stop}`}
                            className="input"
                            type="time"
                            value={stop.time}
                            onChange={(event) =>
                              setEditing({
                                direction,
                                stops: draft.map((each, at) => (at === index ? { ...each, time: event.target.value } : each)),
                              })
                            }
                          />
                        </li>
                      ))}
                    </ol>
                    <div className="row-actions">
                      <button type="submit" className="button button--primary" disabled={update.isPending}>
                        {update.isPending ? 'Saving…' : `Save ${TITLE[direction].toLowerCase()}`}
                      </button>
                      <button type="button" className="button" onClick={() => setEditing(null)}>
                        Cancel
                      </button>
                    </div>
                  </form>
                ) : run ? (
                  <>
                    <DataTable label={TITLE[direction]} columns={COLUMNS} rows={run.stops} rowKey={(stop) => stop.stop} compact />
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() =>
                          setEditing({
                            direction,
                            stops: run.stops.map((stop) => ({
                              stop: stop.stop,
                              name: stop.name,
                              time: stop.time ?? '',
                              riders: stop.riders,
                            })),
                          })
                        }
                      >
                        Edit times
                      </button>
                      {confirmRemove === direction ? (
                        <button
                          type="button"
                          className="button button--small button--danger"
                          disabled={update.isPending}
                          onClick={() => void save(direction, null)}
                        >
                          Yes, remove the {direction} run
                        </button>
                      ) : (
                        <button type="button" className="button button--small" onClick={() => setConfirmRemove(direction)}>
                          Remove run
                        </button>
                      )}
                    </div>
                  </>
                ) : (
                  <>
                    <p className="muted">No {direction} run yet.</p>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setEditing({ direction, stops: newRun(route, direction) })}
                      >
                        Add the {direction} run{direction === 'afternoon' ? ' (stops reversed)' : ''}
                      </button>
                    </div>
                  </>
                )}
              </div>
            );
          })
        : null}
    </section>
  );
};
