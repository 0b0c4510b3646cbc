import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { busLocationInput } from '@switchyard/domain/transport/operations/schemas';
import { readAppError } from '../../../shared/api/read-app-error.ts';
import { formatDateTime } from '../../../shared/format/format-date.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { StateBadge } from '../../shared/state-badge.tsx';
import { transportTrpc, type TransportOutputs } from '../../shared/transport-client.ts';
import { afterOperationsChange } from '../../shared/transport-invalidation.ts';
import { BusPositionFields } from './bus-position-fields.tsx';
import { positionToValues, toPosition } from './bus-position-values.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { Link } from '../../../shared/router/link.tsx';
import { useNow } from '../../shared/live/use-now.ts';
import { busSummary } from '../../shared/live/bus-summary.ts';
import { transportPaths } from '../../shared/transport-paths.ts';

type Bus = TransportOutputs['operations']['listBuses'][number];

/** Matches the dashboard's "active buses": a report within the last 15 minutes. */
const ACTIVE_WINDOW_MS = 15 * 60_000;

const isShown = (path: string) => ['lat', 'lng', 'heading', 'speed'].includes(path);

export const BusRow = ({ bus }: { bus: Bus }) => {
  const now = useNow();
  const [isEditing, setIsEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [position, setPosition] = useState(() => positionToValues(bus));
  const form = useFormSubmission(isShown);
  const report = useMutation(transportTrpc.operations.reportBusLocation.mutationOptions({ onSuccess: afterOperationsChange }));
  const retire = useMutation(transportTrpc.operations.deleteBus.mutationOptions({ onSuccess: afterOperationsChange }));
  const active = bus.last_update !== null && Date.now() - Date.parse(bus.last_update) < ACTIVE_WINDOW_MS;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const { lat, lng, heading, speed } = toPosition(position);
    // A position set here is a report like a tracker's: it needs both coordinates.
    void form.submit(
      busLocationInput,
      { bus_id: bus.id, lat: lat ?? Number.NaN, lng: lng ?? Number.NaN, heading, speed },
      async (request) => {
        await report.mutateAsync(request);
        setIsEditing(false);
      },
    );
  };

  const remove = async () => {
    try {
      await retire.mutateAsync({ bus_id: bus.id });
    } catch (failure) {
      setError(readAppError(failure).message);
    }
  };

  return (
    <li className="card bus-card" aria-label={`Bus ${bus.id}`}>
      <div className="bus-card__head">
        <h3 className="bus-card__title">{bus.id}</h3>
        <StateBadge state={active ? 'active' : 'inactive'} />
      </div>
      <p>
        {bus.lat != null && bus.lng != null ? (
          <>
            {busSummary({ ...bus, id: bus.id }, now)} · <Link to={transportPaths.dispatch}>on the live map</Link>
          </>
        ) : (
          'No position yet'
        )}
      </p>
      <p className="muted">
        Last report: {formatDateTime(bus.last_update)}
        {bus.lat != null && bus.lng != null ? ` at ${bus.lat.toFixed(4)}, ${bus.lng.toFixed(4)}` : ''}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {isEditing ? (
        <form className="form" onSubmit={save} noValidate>
          {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
          <div className="form-grid">
            <BusPositionFields idPrefix={`bus-${bus.id}-`} values={position} onValues={setPosition} form={form} />
          </div>
          <div className="row-actions">
            <SubmitButton label="Save position" busyLabel="Saving…" isBusy={form.isBusy} size="small" />
            <button type="button" className="button button--small" onClick={() => setIsEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="row-actions">
          <button type="button" className="button button--small" onClick={() => setIsEditing(true)}>
            Set position
          </button>
          {confirmDelete ? (
            <button type="button" className="button button--small button--danger" disabled={retire.isPending} onClick={() => void remove()}>
              {retire.isPending ? 'Retiring…' : `Yes, retire ${bus.id}`}
            </button>
          ) : (
            <button type="button" className="button button--small" onClick={() => setConfirmDelete(true)}>
              Retire
            </button>
          )}
        </div>
      )}
    </li>
  );
};
