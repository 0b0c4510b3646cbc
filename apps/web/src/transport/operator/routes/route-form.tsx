import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createRouteInput, LIMITS, ROUTE_MODES, ROUTE_STATUSES } from '@switchyard/domain/transport/operations/schemas';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFormSubmission } from '../../../shared/forms/use-form-submission.ts';
import { transportTrpc, type TransportInputs, type TransportOutputs } from '../../shared/transport-client.ts';
import { routeModeLabel } from '../../shared/route-mode-label.ts';
import { emptyStop, toRouteRequest, type RouteValues } from './route-values.ts';
import { StopRows } from './stop-rows.tsx';
import { StopsMapEditor } from './stops-map-editor.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';

const isShown = (path: string) =>
  /^(name|driver|bus_id|mode|status|miles)$/.test(path) || /^stops\.\d+\.(name|address|lat|lng|time)$/.test(path);

type RouteFormProps = {
  initial: RouteValues;
  /** The route's runs when editing one: kept through the edit, their times set in the timetable. */
  runs?: TransportOutputs['operations']['getRoute']['runs'];
  submitLabel: string;
  onSave: (request: TransportInputs['operations']['createRoute']) => Promise<void>;
};

/** Create and edit share this form; both check with `createRouteInput` (the update schema derives from it). */
export const RouteForm = ({ initial, runs, submitLabel, onSave }: RouteFormProps) => {
  const [values, setValues] = useState(initial);
  const form = useFormSubmission(isShown);
  const buses = useQuery(transportTrpc.operations.listBuses.queryOptions());
  const busIds = buses.data?.map((bus) => bus.id) ?? [];
  const busOptions = [...new Set([...busIds, ...(values.bus_id ? [values.bus_id] : [])])].map((id) => ({ value: id, label: id }));

  const set = (field: Exclude<keyof RouteValues, 'stops'>, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(createRouteInput, toRouteRequest(values, runs), onSave);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {form.formError ? <FormAlert title="The route was not saved">{form.formError}</FormAlert> : null}
      <div className="form-grid">
        <TextField
          id="name"
          label="Route name"
          required
          value={values.name}
          onValueChange={(value) => set('name', value)}
          error={form.errors.name}
        />
        <TextField
          id="driver"
          label="Driver"
          value={values.driver}
          onValueChange={(value) => set('driver', value)}
          error={form.errors.driver}
        />
        <SelectField
          id="bus_id"
          label="Bus"
          value={values.bus_id}
          options={[{ value: '', label: 'No bus yet' }, ...busOptions]}
          onValueChange={(value) => set('bus_id', value)}
          error={form.errors.bus_id}
        />
        <TextField
          id="miles"
          label="Miles"
          inputMode="decimal"
          value={values.miles}
          onValueChange={(value) => set('miles', value)}
          error={form.errors.miles}
        />
        <SelectField
          id="mode"
          label="Runs"
          value={values.mode}
          options={ROUTE_MODES.map((mode) => ({ value: mode, label: routeModeLabel(mode) }))}
          onValueChange={(value) => set('mode', value)}
        />
        <SelectField
          id="status"
          label="Status"
          value={values.status}
          options={ROUTE_STATUSES.map((status) => ({ value: status, label: `${status.charAt(0).toUpperCase()}${status.slice(1)}` }))}
          onValueChange={(value) => set('status', value)}
        />
      </div>
      <h2 className="section-title">Stops</h2>
      <StopsMapEditor
        stops={values.stops}
        canAdd={values.stops.length < LIMITS.stopsPerRoute}
        onChange={(stops) => setValues((current) => ({ ...current, stops }))}
      />
      {runs && runs.length > 0 ? (
        <p className="muted">
          Times are set per run in the timetable on the route page; moving or removing a stop here carries its runs along, and a new stop
          joins the end of each run.
        </p>
      ) : null}
      <StopRows
        stops={values.stops}
        showTime={!runs || runs.length === 0}
        errors={form.errors}
        onChange={(stops, path) => {
          setValues((current) => ({ ...current, stops }));
          if (path) {
            form.clearError(path);
          }
        }}
      />
      <div className="form-actions form-actions--split">
        {values.stops.length < LIMITS.stopsPerRoute ? (
          <button
            type="button"
            className="button"
            onClick={() => setValues((current) => ({ ...current, stops: [...current.stops, emptyStop()] }))}
          >
            Add stop
          </button>
        ) : null}
        <SubmitButton label={submitLabel} busyLabel="Saving…" isBusy={form.isBusy} />
      </div>
    </form>
  );
};
