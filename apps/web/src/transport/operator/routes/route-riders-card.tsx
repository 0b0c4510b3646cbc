import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { QueryError } from '../../../shared/ui/query-view.tsx';
import { transportTrpc, type TransportInputs, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { OVERRIDE_HINT } from '@switchyard/domain/transport/live/rider-fit';
import { riderId, riderLabel, type RiderChild } from './rider-names.ts';

type Route = TransportOutputs['operations']['getRoute'];
type Run = Route['runs'][number];
type Direction = Run['direction'];
/** A stop of one run: its route position, name, the run's time there and the run's riders. */
type Stop = { position: number; name: string; time: string | null; riders: unknown[] };
type RunStopRequest = NonNullable<NonNullable<TransportInputs['operations']['updateRoute']['runs']>['morning']>['stops'][number];

const runStops = (run: Run): Stop[] =>
  run.stops.map((stop) => ({ position: stop.stop, name: stop.name, time: stop.time, riders: stop.riders }));

/** The run's timetable as sent back, with one stop's riders changed. */
const toRunRequest = (run: Run, position: number, riders: unknown[]): { stops: RunStopRequest[] } => ({
  stops: run.stops.map((stop) => ({
    stop: stop.stop,
    time: stop.time,
    riders: (stop.stop === position ? riders : stop.riders) as RunStopRequest['riders'],
  })),
});

/** The server's refusals (a child already riding another stop, a run or school the child does not fit, an unknown child) in words for the operator. */
const refusalTitle = (code: string, overridable: boolean): string =>
  overridable
    ? 'That child does not fit this run'
    : code === 'conflict'
      ? 'That child already rides another stop'
      : code === 'validation_error'
        ? 'That child cannot ride this stop'
        : 'The riders were not saved';

/** A refused placement the operator may confirm anyway, with a reason that is audited. */
const OverrideForm = ({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) => {
  const [reason, setReason] = useState('');

  return (
    <form
      className="rider-add"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) {
          onConfirm(reason.trim());
        }
      }}
    >
      <label htmlFor="rider-override-reason">Reason to place anyway</label>
      <input
        id="rider-override-reason"
        className="input"
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={busy || !reason.trim()}>
        {busy ? 'Saving…' : 'Place anyway'}
      </button>
      <button type="button" className="button button--small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
};

type StopRidersProps = {
  stop: Stop;
  children: ReadonlyMap<string, RiderChild>;
  placedAt: ReadonlyMap<string, string>;
  busy: boolean;
  onChange: (riders: unknown[]) => Promise<boolean>;
};

const StopRiders = ({ stop, children, placedAt, busy, onChange }: StopRidersProps) => {
  const [choice, setChoice] = useState('');
  const here = new Set(stop.riders.map(riderId).filter((id): id is string => id !== null));
  const choices = [...children.values()].filter((child) => !here.has(child.id));
  const selectId = `riders-${stop.position}`;

  return (
    <li className="rider-stop">
      <h3 className="rider-stop__title">
        <span className="rider-stop__number" aria-hidden="true">
          {stop.position}
        </span>
        {stop.name}
        {stop.time ? <span className="muted"> · {stop.time}</span> : null}
      </h3>
      {stop.riders.length === 0 ? (
        <p className="muted">No child rides from here yet.</p>
      ) : (
        <ul className="rider-list" aria-label={`Riders at ${stop.name}`}>
          {stop.riders.map((rider, index) => {
            const name = riderLabel(rider, children);

            return (
              <li key={`${riderId(rider) ?? name}-${index}`} className="rider-chip">
                {name}
                <button
                  type="button"
                  className="rider-chip__remove"
                  disabled={busy}
                  aria-label={`Remove ${name} from ${stop.name}`}
                  onClick={() => void onChange(stop.riders.filter((_, at) => at !== index))}
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {choices.length > 0 ? (
        <form
          className="rider-add"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) {
              void onChange([...stop.riders, choice]).then((saved) => {
                if (saved) {
                  setChoice('');
                }
              });
            }
          }}
        >
          <label className="visually-hidden" htmlFor={selectId}>
            Child to place at {stop.name}
          </label>
          <select id={selectId} className="input input--select" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">Choose a child…</option>
            {choices.map((child) => (
              <option key={child.id} value={child.id}>
                {child.name} ({child.household}
                {child.school ? `, ${child.school}` : ''}){placedAt.has(child.id) ? ` · rides from ${placedAt.get(child.id) ?? ''}` : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--small" disabled={busy || !choice}>
            {busy ? 'Saving…' : 'Place here'}
          </button>
        </form>
      ) : null}
    </li>
  );
};

/**
 * Which children ride from which stop. Children come from the operator's approved households; a
 * change saves the route's stops with the new riders (the same update as the route editor), and
 * the server's refusal is shown as it explains it.
 */
export const RouteRidersCard = ({ route }: { route: Route }) => {
  const households = useQuery(transportTrpc.billing.listHouseholds.queryOptions());
  const update = useMutation(transportTrpc.operations.updateRoute.mutationOptions({ onSuccess: afterOperationsChange }));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; title?: string; text: string } | null>(null);
  // The placement refused for not fitting, kept until the operator confirms it with a reason or cancels.
  const [refused, setRefused] = useState<{ stop: Stop; riders: unknown[] } | null>(null);
  const children = new Map<string, RiderChild>(
    (households.data ?? [])
      .filter((household) => household.registration_status === 'approved')
      .flatMap((household) =>
        household.children.map(
          (child) => [child.id, { id: child.id, name: child.name, household: household.name, school: child.school }] as const,
        ),
      ),
  );

  const [chosen, setChosen] = useState<Direction | null>(null);
  const run = route.runs.find((candidate) => candidate.direction === chosen) ?? route.runs[0] ?? null;
  const stops = run ? runStops(run) : [];
  // Where each child already rides on this run, so the list says so before the server would.
  const placedAt = new Map(stops.flatMap((stop) => stop.riders.map(riderId).flatMap((id) => (id ? [[id, stop.name] as const] : []))));

  const save = async (stop: Stop, riders: unknown[], overrideReason?: string): Promise<boolean> => {
    if (!run) {
      return false;
    }
    setNotice(null);
    setRefused(null);
    try {
      await update.mutateAsync({
        route_id: route.id,
        runs: { [run.direction]: toRunRequest(run, stop.position, riders) },
        ...(overrideReason ? { override: { reason: overrideReason } } : {}),
      });
      setNotice({
        tone: 'success',
        text: `Riders at ${stop.name} on the ${run.direction} run saved${overrideReason ? ' by override' : ''}.`,
      });

      return true;
    } catch (error) {
      const info = readAppError(error);
      const overridable = info.code === 'conflict' && info.message.endsWith(OVERRIDE_HINT);
      setNotice({
        tone: 'error',
        title: refusalTitle(info.code, overridable),
        text: overridable ? info.message.slice(0, -OVERRIDE_HINT.length).trim() : info.message,
      });
      if (overridable) {
        setRefused({ stop, riders });
      }

      return false;
    }
  };

  return (
    <section className="card" aria-labelledby="riders-title">
      <h2 className="card__title" id="riders-title">
        Riders
      </h2>
      {notice ? (
        <FormAlert tone={notice.tone} title={notice.title}>
          {notice.text}
        </FormAlert>
      ) : null}
      {refused ? (
        <OverrideForm
          busy={update.isPending}
          onConfirm={(reason) => void save(refused.stop, refused.riders, reason)}
          onCancel={() => setRefused(null)}
        />
      ) : null}
      {households.isError ? <QueryError query={households} title="The children could not be loaded" /> : null}
      {run === null ? (
        <p className="muted">Give the route a run first (its stops and times, in the timetable); children are placed at a stop of a run.</p>
      ) : (
        <>
          {route.runs.length > 1 ? (
            <div className="segmented" role="group" aria-label="Run">
              {route.runs.map((candidate) => (
                <button
                  key={candidate.direction}
                  type="button"
                  className={`button button--small${candidate.direction === run.direction ? ' button--primary' : ''}`}
                  aria-pressed={candidate.direction === run.direction}
                  onClick={() => setChosen(candidate.direction)}
                >
                  {candidate.direction === 'morning' ? 'Morning run' : 'Afternoon run'}
                </button>
              ))}
            </div>
          ) : null}
          {households.isSuccess && children.size === 0 ? (
            <p className="muted">No approved household has children yet: approve a registration first.</p>
          ) : null}
          {households.isPending ? <p className="muted">Loading the children…</p> : null}
          <ol className="rider-stops">
            {stops.map((stop) => (
              <StopRiders
                key={stop.position}
                stop={stop}
                children={children}
                placedAt={placedAt}
                busy={update.isPending}
                onChange={(riders) => save(stop, riders)}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
};
